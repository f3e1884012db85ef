import { BULK_EDIT_TEXTS, type BulkPatchLocaleResult } from '@editor/domain';
import { failureText, FINISH_GROUPS, finishGroupOf, type BulkEditLocale, type FinishGroup } from './bulkEditLocales.ts';
import { LocaleResultList, type LocaleResultGroup } from './LocaleResultList.tsx';

const GROUP_TITLES: Record<FinishGroup, string> = {
  savingFailed: BULK_EDIT_TEXTS.savingFailed,
  saved: BULK_EDIT_TEXTS.saved,
  savedAndPublished: BULK_EDIT_TEXTS.savedAndPublished,
};

const GROUPS: ReadonlyArray<LocaleResultGroup<FinishGroup>> = FINISH_GROUPS.map((key) => ({ key, title: GROUP_TITLES[key], isFailure: key === 'savingFailed' }));

interface FinishStepProps {
  assetId: string;
  locales: readonly BulkEditLocale[];
  results: Readonly<Record<string, BulkPatchLocaleResult>>;
}

/** Spec 002 §4 bulk edit, step Finish: the locales by outcome; a failed one says why and links to its page. */
export function FinishStep({ assetId, locales, results }: FinishStepProps) {
  const rows = locales.flatMap((row) => {
    const result = results[row.locale];
    return result ? [{ row, group: finishGroupOf(result), failure: { text: failureText(result), messages: result.messages } }] : [];
  });
  return <LocaleResultList assetId={assetId} groups={GROUPS} rows={rows} />;
}
