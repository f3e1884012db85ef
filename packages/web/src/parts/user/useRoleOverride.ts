import { useMemo, useSyncExternalStore } from 'react';
import type { RoleOverride } from '@editor/domain';
import { roleOverrideOf, roleOverrideSnapshot, subscribeToRoleOverride } from './roleOverrideStorage.ts';

/** The override the user has stored, kept current when it changes here or in another tab. */
export function useRoleOverride(userId: string): RoleOverride | null {
  const snapshot = useSyncExternalStore(subscribeToRoleOverride, roleOverrideSnapshot);
  return useMemo(() => roleOverrideOf(snapshot, userId), [snapshot, userId]);
}
