import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { zoeLocalizationSchema, ZOE_ID } from '../embeds/zoe.ts';
import { isLocaleId } from '../locale/locale.ts';
import { REFERENCE_DATA_PATH, importPreviewSchema, issuesOf } from './referenceData.ts';

export const ZOE_RECORDS_PATH = `${REFERENCE_DATA_PATH}/zoe-localizations`;

/** Spec 002 §9: a ZOE localization's id, 24 hexadecimal characters; stored in lower case. */
export const zoeIdSchema = z
  .string()
  .regex(ZOE_ID, '24 hexadecimal characters')
  .transform((id) => id.toLowerCase());

const zoeFields = {
  title: z.string().trim().min(1, 'must not be empty').max(300),
  engagement: z.string().trim().min(1, 'must not be empty').max(300),
  slug: z.string().trim().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by -'),
  /** The localization's locale: a language (`en`) or a language and country (`de-AT`). */
  locale: z.string().refine(isLocaleId, 'a locale id such as en or de-AT'),
  fullscreenReady: z.boolean().default(false),
};

/** A ZOE localization (spec 002 §3) as technical admins and service accounts write it. */
export const zoeRecordInputSchema = z.strictObject({ id: zoeIdSchema, ...zoeFields });
export type ZoeRecordInput = z.infer<typeof zoeRecordInputSchema>;
export const zoeRecordBodySchema = z.strictObject(zoeFields);
export const zoeRecordPatchSchema = z
  .strictObject({ ...zoeFields, fullscreenReady: z.boolean() })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'name at least one field to change');
export type ZoeRecordPatch = z.infer<typeof zoeRecordPatchSchema>;

export const zoeRecordSchema = zoeLocalizationSchema.extend({ _links: z.object({ self: linkSchema }) });
export type ZoeRecord = z.infer<typeof zoeRecordSchema>;

/** A localization as a file's row reads it: its id already in lower case. */
const zoeRowItemSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/), ...zoeFields });
export const zoeImportPreviewSchema = importPreviewSchema(zoeRowItemSchema);
export type ZoeImportPreview = z.infer<typeof zoeImportPreviewSchema>;

export function checkZoeRecordInput(item: unknown): { item: ZoeRecordInput } | { errors: string[] } {
  const parsed = zoeRecordInputSchema.safeParse(item);
  return parsed.success ? { item: parsed.data } : { errors: issuesOf(parsed.error) };
}
