import { useEffect, useState } from 'react';
import { useSearchParams } from './index.ts';

export const QUICK_ACTION_PARAM = 'quickAction';
export const QUICK_ACTION_TARGET_PARAM = 'quickActionOption[targetLocalization]';

export interface QuickAction {
  action: string;
  targetLocalization: string | undefined;
}

/**
 * Spec 002 §2: `quickAction` and `quickActionOption[targetLocalization]` are read on entry and then removed from the
 * URL, so a reload does not run the action again. Returns what was asked for, once.
 */
export function useQuickActionParams(): QuickAction | null {
  const [params, setParams] = useSearchParams();
  const [quickAction] = useState<QuickAction | null>(() => {
    const action = params.get(QUICK_ACTION_PARAM);
    return action ? { action, targetLocalization: params.get(QUICK_ACTION_TARGET_PARAM) ?? undefined } : null;
  });
  useEffect(() => {
    setParams(
      (current) => {
        if (!current.has(QUICK_ACTION_PARAM) && !current.has(QUICK_ACTION_TARGET_PARAM)) return current;
        const next = new URLSearchParams(current);
        next.delete(QUICK_ACTION_PARAM);
        next.delete(QUICK_ACTION_TARGET_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return quickAction;
}
