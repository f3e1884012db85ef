import { z } from 'zod';
import { TAG_FEED_ORIGINS, isBpProjectId } from '../tags/playgroundProject.ts';
import { tagResourceSchema } from '../tags/tagResource.ts';
import { linkSchema } from '../api/errors.ts';
import { REFERENCE_DATA_PATH, importPreviewSchema, issuesOf } from './referenceData.ts';

export const TAG_RECORDS_PATH = `${REFERENCE_DATA_PATH}/tags`;

/** A tag's id in its origin's system: a topic's six digits, a SPOD id, a playground project's BP id. */
export const tagForeignIdSchema = z.string().trim().min(1, 'must not be empty').max(40).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, -, _, . and : only');

/** The external reference that names a tag: its origin and its id there (spec 001 §3). */
export const tagReferenceSchema = z.strictObject({ origin: z.enum(TAG_FEED_ORIGINS), foreignId: tagForeignIdSchema });
export type TagReference = z.infer<typeof tagReferenceSchema>;

const tagFields = {
  title: z.string().trim().min(1, 'must not be empty').max(200),
  /** What the tag is called in lists; its foreign id when not given. */
  label: z.string().trim().min(1).max(200).optional(),
  uriSlug: z.string().trim().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by -').nullable().default(null),
  /** The broader tag, by its external reference; a playground project needs one whose label is no BP id (spec 001 §5). */
  broaderTag: tagReferenceSchema.nullable().default(null),
};

/** Spec 001 §3, §5: a playground project is a mediaplanet tag with a BP id. */
export function isPlaygroundProjectReference(reference: TagReference): boolean {
  return reference.origin === 'mediaplanet' && isBpProjectId(reference.foreignId);
}

/** A tag of the content repository as technical admins and service accounts write it, known by its external reference. */
export const tagRecordInputSchema = z.strictObject({ origin: z.enum(TAG_FEED_ORIGINS), foreignId: tagForeignIdSchema, ...tagFields });
export type TagRecordInput = z.infer<typeof tagRecordInputSchema>;
export const tagRecordBodySchema = z.strictObject(tagFields);
export const tagRecordPatchSchema = z
  .strictObject({ title: tagFields.title, label: z.string().trim().min(1).max(200), uriSlug: tagFields.uriSlug.removeDefault(), broaderTag: tagFields.broaderTag.removeDefault() })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'name at least one field to change');
export type TagRecordPatch = z.infer<typeof tagRecordPatchSchema>;

/** The external id of a tag, as batches and the audit log name it: `origin/foreignId`. */
export const tagExternalId = (reference: { origin: string; foreignId: string }) => `${reference.origin}/${reference.foreignId}`;

/** A stored tag as the tag feed answers it, with its link. */
export const tagRecordSchema = tagResourceSchema.extend({ _links: z.object({ self: linkSchema }) });
export type TagRecord = z.infer<typeof tagRecordSchema>;

export const tagImportPreviewSchema = importPreviewSchema(tagRecordInputSchema);
export type TagImportPreview = z.infer<typeof tagImportPreviewSchema>;

export function checkTagRecordInput(item: unknown): { item: TagRecordInput } | { errors: string[] } {
  const parsed = tagRecordInputSchema.safeParse(item);
  return parsed.success ? { item: parsed.data } : { errors: issuesOf(parsed.error) };
}
