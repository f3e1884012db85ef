import { ASSET_STATUSES, BULK_EDIT_TEXTS, displayStatus, type AssetStatus, type BulkPatchLocaleResult } from '@editor/domain';
import { localeLabel } from '../../ui/localeDisplay.ts';

/** One locale the wizard offers: one of the asset's versions. */
export interface BulkEditLocale {
  locale: string;
  label: string;
  /** The version's status as the app shows it (Published, Draft, Unpublished). */
  status: string;
}

const isAssetStatus = (status: string): status is AssetStatus => (ASSET_STATUSES as readonly string[]).includes(status);

/**
 * Spec 002 §4 bulk edit: the asset's versions in the locales the user may edit (their effective localizations), the
 * open one first. The open one is always offered: the user could start bulk edit only because they may edit it.
 */
export function offeredLocales(input: {
  localizations: ReadonlyArray<{ localization: string; status: string }>;
  userLocales: readonly string[];
  openLocale: string;
}): BulkEditLocale[] {
  const editable = input.localizations.filter((entry) => entry.localization === input.openLocale || input.userLocales.includes(entry.localization));
  const ordered = [...editable.filter((entry) => entry.localization === input.openLocale), ...editable.filter((entry) => entry.localization !== input.openLocale)];
  return ordered.map((entry) => ({
    locale: entry.localization,
    label: localeLabel(entry.localization),
    status: isAssetStatus(entry.status) ? displayStatus({ status: entry.status }) : entry.status,
  }));
}

export type FinishGroup = 'savingFailed' | 'saved' | 'savedAndPublished';

/** Spec 002 §4 Finish, in the order shown. */
export const FINISH_GROUPS: readonly FinishGroup[] = ['savingFailed', 'saved', 'savedAndPublished'];

export function finishGroupOf(result: BulkPatchLocaleResult): FinishGroup {
  if (result.updateStatus === 'save-and-publish-success') return 'savedAndPublished';
  if (result.updateStatus === 'save-success') return 'saved';
  return 'savingFailed';
}

/** Spec 002 §8 bulk rows: what a failed locale's row says. */
export function failureText(result: BulkPatchLocaleResult): string {
  return result.error === 'publish' ? BULK_EDIT_TEXTS.savedNotPublished : BULK_EDIT_TEXTS.notSaved;
}
