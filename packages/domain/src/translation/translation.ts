import { z } from 'zod';
import type { InputDefinition } from '../asset/inputs.ts';
import { isBlankField } from '../validation/validateInput.ts';

/** Spec 002 §4, §8: texts of the translate modal and the AI translation flows. */
export const TRANSLATION_TEXTS = {
  modalTitle: 'Select an existing localisation or translate',
  missingRights: "You're missing the user rights for this action",
  localeExists: (locale: string) => `Locale ${locale} already exists for this asset.`,
  assetNotFound: 'Asset not found',
  aiUnavailable: 'Service currently unavailable. Please try again later.',
  aiListFailed: 'Could not fetch list of available AI translations',
  quickActionDone: 'Quick action processed successfully.',
  /** Not in the spec: why an AI draft cannot be published (spec 000 §1: an AI draft must be confirmed). */
  acceptBeforePublishing: 'The AI translation must be accepted in AI Review Mode before it can be published.',
} as const;

/** Spec 002 §2: the one quick action the editor runs on entry. */
export const AI_TRANSLATE_QUICK_ACTION = 'ai-translate';

/**
 * `GET .../localizations/{locale}/ai-translations/available-ai-translations` (spec 001 §7, 002 §7): whether the
 * source may be AI-translated at all and the target locales offered. Without a configured adapter both are empty.
 */
export const availableAiTranslationsSchema = z.strictObject({
  translatable: z.boolean(),
  localizations: z.array(z.string()),
});
export type AvailableAiTranslations = z.infer<typeof availableAiTranslationsSchema>;

/** The body of `POST .../localizations/{target}/ai-translations?reference={source}` (spec 000 §7). */
export const aiTranslateBodySchema = z.looseObject({ id: z.string().min(1).max(64).optional() });

/**
 * Spec 000 §4, 002 §4: the AI tag shows on a field only when it is listed as AI-generated, its value is non-empty
 * and the version still needs confirmation.
 */
export function showsAiTag(field: { input: InputDefinition; value: unknown; aiGeneratedProperties: readonly string[]; aiTranslationNeedsConfirmation: boolean }): boolean {
  return field.aiTranslationNeedsConfirmation && field.aiGeneratedProperties.includes(field.input.name) && !isBlankField(field.input, field.value);
}

/** Spec 002 §3, §4 bulk edit: the wizard's steps in order, by their internal names. */
export const BULK_EDIT_STEPS = ['locale-select', 'summary', 'finish'] as const;
export type BulkEditStep = (typeof BULK_EDIT_STEPS)[number];
export const BULK_EDIT_STEP_LABELS: Record<BulkEditStep, string> = { 'locale-select': 'Locales', summary: 'Summary', finish: 'Finish' };

/** Spec 002 §3 bulk-edit locale row: how one locale's update ended. */
export const BULK_UPDATE_STATUSES = ['save-success', 'save-and-publish-success', 'error'] as const;
export type BulkUpdateStatus = (typeof BULK_UPDATE_STATUSES)[number];

/** Spec 002 §8: texts of the bulk edit flow. */
export const BULK_EDIT_TEXTS = {
  progress: (applied: number, total: number) => `${applied}/${total} changes applied`,
  savingFailed: 'Saving failed',
  saved: 'Saved',
  savedAndPublished: 'Saved and Published',
  savedNotPublished: 'Changes could be saved, but not published.',
  notSaved: "Changes couldn't be saved.",
  viewLocalePage: 'view locale page',
  allSaved: 'Your assets have been saved successfully.',
} as const;

/**
 * `POST /api/v1/assets/{id}/actions/bulk-patch` (spec 002 §7 "Bulk patch and publish"): the same property values
 * into each named locale, each locale saved (and, when asked, published) on its own.
 */
export const bulkPatchBodySchema = z.strictObject({
  locales: z.array(z.string().min(2).max(20)).min(1).max(200),
  content: z.record(z.string(), z.looseObject({ value: z.unknown().optional(), _meta: z.record(z.string(), z.unknown()).optional() })),
  publish: z.boolean().default(false),
});
export type BulkPatchBody = z.input<typeof bulkPatchBodySchema>;

export const bulkPatchLocaleResultSchema = z.strictObject({
  updateStatus: z.enum(BULK_UPDATE_STATUSES),
  /** Which step failed when updateStatus is 'error'. */
  error: z.enum(['save', 'publish']).optional(),
  messages: z.array(z.string()),
});
export type BulkPatchLocaleResult = z.infer<typeof bulkPatchLocaleResultSchema>;

/** The answer maps each locale to its result ("data maps locale to result, checked ok or not"). */
export const bulkPatchResponseSchema = z.strictObject({ data: z.record(z.string(), bulkPatchLocaleResultSchema) });
export type BulkPatchResponse = z.infer<typeof bulkPatchResponseSchema>;

/** Spec 002 §4: locale search in the bulk edit wizard matches by prefix, case-insensitively. */
export function matchesLocaleSearch(locale: string, label: string, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return true;
  return locale.toLowerCase().startsWith(wanted) || label.toLowerCase().startsWith(wanted);
}

/** Spec 002 §4 select-all: off, mixed or all of the offered locales. */
export function selectAllState(selected: number, offered: number): 'off' | 'mixed' | 'all' {
  if (selected === 0 || offered === 0) return 'off';
  return selected >= offered ? 'all' : 'mixed';
}
