import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';

/** The kinds of change a revision records besides saves: marks of the publishing timeline. */
export const PUBLISHING_REVISION_KINDS = ['publish', 'unpublish', 'schedule-publish'] as const;

/** Issue 41: one revision of a version as the history lists it. */
export const revisionSchema = z.object({
  version: z.number().int(),
  /** What made it: `create`, `save`, `patch`, `ship:<locale>`, `translate:<locale>`, `restore`, `publish`... */
  kind: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  date: z.string(),
  /** Inputs it changed, with the element's index for one element of a list (`story-content[12]`). */
  changedPaths: z.array(z.string()),
  /** Whether this revision is a publish: the content it holds went live then. */
  isPublished: z.boolean(),
  basedOnVersion: z.number().int().nullable(),
  /** `restore` offers POST to those who may edit the version (If-Match required); a body `{ input }` restores one field. */
  _links: z.object({ self: linkSchema, restore: linkSchema }),
});
export type Revision = z.infer<typeof revisionSchema>;

/** A page of revisions, newest first; `next` is the link to the older ones, absent on the last page. */
export const revisionPageSchema = z.object({
  revisions: z.array(revisionSchema),
  _links: z.object({ self: linkSchema, next: linkSchema.optional() }),
});
export type RevisionPage = z.infer<typeof revisionPageSchema>;

const storedInputSchema = z.object({ value: z.unknown().optional(), _meta: z.record(z.string(), z.unknown()).optional() });

/** One revision with the content rebuilt as it was then (input name to value and meta). */
export const revisionDetailSchema = revisionSchema.extend({ content: z.record(z.string(), storedInputSchema) });
export type RevisionDetail = z.infer<typeof revisionDetailSchema>;

const wordChangeSchema = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() });
const elementChangeSchema = z.object({
  op: z.enum(['same', 'added', 'removed', 'moved']),
  before: z.number().int().optional(),
  after: z.number().int().optional(),
  type: z.string().optional(),
  value: z.unknown(),
});
export const fieldComparisonSchema = z.discriminatedUnion('kind', [
  z.object({ input: z.string(), label: z.string(), kind: z.literal('words'), changes: z.array(wordChangeSchema) }),
  z.object({ input: z.string(), label: z.string(), kind: z.literal('elements'), changes: z.array(elementChangeSchema) }),
  z.object({ input: z.string(), label: z.string(), kind: z.literal('value'), before: z.unknown(), after: z.unknown() }),
]);

/** A restore of a whole revision (no body, or no `input`) or of one of its inputs. */
export const restoreRevisionBodySchema = z.object({ input: z.string().min(1).max(100).optional() });

/** Two revisions compared, field by field; only the inputs that differ. */
export const revisionComparisonSchema = z.object({ from: z.number().int(), to: z.number().int(), fields: z.array(fieldComparisonSchema) });
export type RevisionComparison = z.infer<typeof revisionComparisonSchema>;

/** Issue 41 trash: a deleted version a technical admin may restore. */
export const deletedVersionSchema = z.object({
  id: z.string(),
  assetId: z.string(),
  localization: z.string(),
  stencil: z.string(),
  title: z.string(),
  spaces: z.array(z.string()),
  lastVersion: z.number().int(),
  deletedBy: z.string(),
  deletedDate: z.string(),
  _links: z.object({ restore: linkSchema }),
});
export type DeletedVersion = z.infer<typeof deletedVersionSchema>;
export const deletedVersionPageSchema = z.object({ deleted: z.array(deletedVersionSchema), _links: z.object({ self: linkSchema, next: linkSchema.optional() }) });
export type DeletedVersionPage = z.infer<typeof deletedVersionPageSchema>;

/** A deleted version restored: where it lives again, and what became of each URI slug it held (spec 000 §3). */
export const restoredVersionSchema = z.object({
  id: z.string(),
  localization: z.string(),
  version: z.number().int(),
  slugs: z.array(z.object({ slugId: z.string(), outcome: z.enum(['owned', 'claimed', 'taken']) })),
  _links: z.object({ version: linkSchema }),
});
export type RestoredVersion = z.infer<typeof restoredVersionSchema>;
