import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { isLocaleId } from '../locale/locale.ts';
import { REFERENCE_DATA_PATH, importPreviewSchema, issuesOf } from './referenceData.ts';

export const MASTER_DATA_RECORDS_PATH = `${REFERENCE_DATA_PATH}/master-data`;

/** Spec 002 §7: the models of each master-data domain, and the stencil an imported record becomes. */
export const MASTER_DATA_STENCILS = {
  culture: { artist: 'artist', event: 'event-profile', series: 'event-series' },
  sports: { athlete: 'athlete', event: 'event-profile', team: 'team' },
} as const satisfies Record<string, Record<string, string>>;
export type MasterDataDomain = keyof typeof MASTER_DATA_STENCILS;
export const MASTER_DATA_DOMAINS = Object.keys(MASTER_DATA_STENCILS) as [MasterDataDomain, ...MasterDataDomain[]];

/** The stencil a record of `domain` and `model` becomes, if the domain has that model. */
export function masterDataStencilOf(domain: string, model: string): string | undefined {
  const models = (MASTER_DATA_STENCILS as Record<string, Record<string, string>>)[domain];
  return models && Object.hasOwn(models, model) ? models[model] : undefined;
}

/** A master id: what the master-data system calls the record (letters, digits, `-`, `_`, `.`, `:`), at most 100. */
export const masterIdSchema = z.string().min(1, 'must not be empty').max(100).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, -, _, . and : only');

/** A content field's name as the stencils write them (`first-name`). */
const FIELD_NAME = /^[a-z][a-z0-9-]{0,99}$/;

const recordFields = {
  /** Who keeps the record: the imported asset's program and the origin of its external reference. */
  program: z.string().trim().min(1).max(16).regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and - only').default('meppconnect'),
  locale: z.string().refine(isLocaleId, 'a locale id such as en or de-AT').default('en'),
  space: z.string().trim().min(1, 'must not be empty').max(100),
  title: z.string().trim().min(1, 'must not be empty').max(300),
  /** The values the imported asset's fields start with, by field name (the title fills `title`). */
  content: z
    .record(z.string().regex(FIELD_NAME, 'a field name such as first-name'), z.unknown())
    .refine((content) => Object.keys(content).length <= 100, 'at most 100 fields')
    .default({}),
};

const hasModel = (record: { domain: string; model: string }) => masterDataStencilOf(record.domain, record.model) !== undefined;
const MODEL_OF_DOMAIN = { message: `must be a model of the domain (${Object.entries(MASTER_DATA_STENCILS).map(([domain, models]) => `${domain}: ${Object.keys(models).join(', ')}`).join('; ')})`, path: ['model'] };

/** The key of a master-data record: domain, model and master id (spec 002 §7). */
export const masterDataKeySchema = z.strictObject({ domain: z.enum(MASTER_DATA_DOMAINS), model: z.string().min(1).max(16), masterId: masterIdSchema }).refine(hasModel, MODEL_OF_DOMAIN);
export type MasterDataKey = z.infer<typeof masterDataKeySchema>;

/** A master-data record as technical admins and service accounts write it. */
export const masterDataInputSchema = z
  .strictObject({ domain: z.enum(MASTER_DATA_DOMAINS), model: z.string().min(1).max(16), masterId: masterIdSchema, ...recordFields })
  .refine(hasModel, MODEL_OF_DOMAIN);
export type MasterDataInput = z.infer<typeof masterDataInputSchema>;
/** The body of the upsert: the record without its key, which the path names. */
export const masterDataBodySchema = z.strictObject(recordFields);
export const masterDataPatchSchema = z
  .strictObject({ program: recordFields.program.removeDefault(), locale: recordFields.locale.removeDefault(), space: recordFields.space, title: recordFields.title, content: recordFields.content.removeDefault() })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'name at least one field to change');
export type MasterDataPatch = z.infer<typeof masterDataPatchSchema>;

/** The external id of a record, as batches and the audit log name it: `domain/model/masterId`. */
export function masterDataExternalId(key: { domain: string; model: string; masterId: string }): string {
  return `${key.domain}/${key.model}/${key.masterId}`;
}

export const masterDataRecordSchema = z.object({
  domain: z.string(),
  model: z.string(),
  masterId: z.string(),
  program: z.string(),
  locale: z.string(),
  space: z.string(),
  title: z.string(),
  content: z.record(z.string(), z.unknown()),
  /** The stencil its asset is created with. */
  stencil: z.string(),
  updatedAt: z.string(),
  _links: z.object({ self: linkSchema, import: linkSchema }),
});
export type MasterDataRecord = z.infer<typeof masterDataRecordSchema>;

export const masterDataImportPreviewSchema = importPreviewSchema(masterDataInputSchema);
export type MasterDataImportPreview = z.infer<typeof masterDataImportPreviewSchema>;

export function checkMasterDataInput(item: unknown): { item: MasterDataInput } | { errors: string[] } {
  const parsed = masterDataInputSchema.safeParse(item);
  return parsed.success ? { item: parsed.data } : { errors: issuesOf(parsed.error) };
}
