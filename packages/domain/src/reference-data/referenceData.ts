import { z } from 'zod';
import type { Link } from '../api/errors.ts';
import type { Rights } from '../permissions/roles.ts';

/**
 * Where technical admins and service accounts write what the demo seed fills otherwise: events, master data, ZOE
 * localizations, and the content repository's tags with their playground projects.
 */
export const REFERENCE_DATA_PATH = '/api/v1/reference-data';
export const REFERENCE_DATA_KINDS = ['events', 'master-data', 'zoe-localizations', 'tags'] as const;
export type ReferenceDataKind = (typeof REFERENCE_DATA_KINDS)[number];

/** The most items one batch of upserts may carry; an import sends its rows in batches of this size at most. */
export const REFERENCE_DATA_BATCH_MAX = 100;
/** The largest file an import reads (its text, in characters). */
export const REFERENCE_IMPORT_MAX_CHARS = 2_000_000;
/** The most rows one import file may hold. */
export const REFERENCE_IMPORT_MAX_ROWS = 10_000;

/**
 * Writing events, master data, ZOE localizations and tags is for technical admins, the role of spec 000 §6 that also
 * manages delivery keys; a service account is a sign-in account (or client) whose token carries that role.
 */
export function canManageReferenceData(rights: Pick<Rights, 'roles'>): boolean {
  return rights.roles.includes('technical-admin-user');
}

/** The methods of one stored item's link: read, replace, change and delete, for those who may write it. */
export function referenceDataItemMethods(rights: Pick<Rights, 'roles'>): Link['methods'] {
  return canManageReferenceData(rights) ? ['GET', 'PUT', 'PATCH', 'DELETE'] : [];
}

/** The files each kind is imported from. */
export const REFERENCE_IMPORT_FORMATS = {
  events: ['ics', 'csv'],
  'master-data': ['csv', 'json'],
  'zoe-localizations': ['csv', 'json'],
  tags: ['csv', 'json'],
} as const satisfies Record<ReferenceDataKind, readonly string[]>;
export type ReferenceImportFormat = 'ics' | 'csv' | 'json';

/** The format of a file by its name's ending, if the kind takes it. */
export function importFormatOf(kind: ReferenceDataKind, fileName: string): ReferenceImportFormat | undefined {
  const ending = fileName.toLowerCase().split('.').pop() ?? '';
  const format = ending === 'ical' || ending === 'ifb' ? 'ics' : ending;
  return (REFERENCE_IMPORT_FORMATS[kind] as readonly string[]).includes(format) ? (format as ReferenceImportFormat) : undefined;
}

/** A file to read: its format and its text. */
export const referenceImportBodySchema = z.strictObject({
  format: z.enum(['ics', 'csv', 'json']),
  text: z.string().max(REFERENCE_IMPORT_MAX_CHARS, `a file of at most ${REFERENCE_IMPORT_MAX_CHARS} characters`),
  /** Events only: the spaces of the rows that name none (the importing user's spaces when not given). */
  spaces: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
});
export type ReferenceImportBody = z.infer<typeof referenceImportBodySchema>;

/** How an upsert ended: written new, changed, found as it was, or refused with its reasons. */
export const UPSERT_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type UpsertOutcome = (typeof UPSERT_OUTCOMES)[number];

/** The answer of one upsert of a batch, in the order of the batch's items. */
export const upsertResultSchema = z.object({
  externalId: z.string(),
  outcome: z.enum(UPSERT_OUTCOMES),
  /** The stored item's address, unless it failed. */
  href: z.string().optional(),
  /** What is wrong with the item, when it failed: `field: message`. */
  errors: z.array(z.string()).optional(),
});
export type UpsertResult = z.infer<typeof upsertResultSchema>;
export const upsertBatchResultSchema = z.object({ results: z.array(upsertResultSchema) });
export type UpsertBatchResult = z.infer<typeof upsertBatchResultSchema>;

/** The `field: message` lines of a schema's refusal, the way the server's error body names them. */
export function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

/**
 * One row of a file as it was read: its number (the line of a CSV file, counted from 1 with the header; the
 * VEVENT's place in a calendar; the item's place in a JSON array, from 1), its external id if it has one, the item
 * it becomes, or what is wrong with it.
 */
export function importRowSchema<T extends z.ZodType>(item: T) {
  return z.object({ row: z.number().int().min(1), externalId: z.string().nullable(), item: item.optional(), errors: z.array(z.string()) });
}

/** A file read: its rows, or one problem with the file as a whole (not a calendar, not JSON, no header). */
export function importPreviewSchema<T extends z.ZodType>(item: T) {
  return z.object({ rows: z.array(importRowSchema(item)), fileErrors: z.array(z.string()) });
}

/** What an import did, for the summary: how many rows were created, updated, unchanged and failed. */
export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** Counts the outcomes of rows (spec-less: the import page's summary). */
export function summarizeImport(outcomes: readonly UpsertOutcome[]): ImportSummary {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const outcome of outcomes) summary[outcome] += 1;
  return summary;
}
