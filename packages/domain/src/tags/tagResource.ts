import { z } from 'zod';
import { TAG_FEED_ORIGINS } from './playgroundProject.ts';

/** Spec 001 §3 playground project tag: the content repository's tag resource. */
export const tagResourceSchema = z.object({
  id: z.string(),
  type: z.literal('tags'),
  attributes: z.object({
    author: z.string(),
    label: z.string(),
    status: z.string(),
    subType: z.string().nullable(),
    title: z.string(),
    uriSlug: z.string().nullable(),
  }),
  meta: z.object({
    externalReference: z.object({ foreignId: z.string(), origin: z.enum(TAG_FEED_ORIGINS) }),
    published: z.boolean(),
    spaces: z.array(z.string()),
  }),
  relationships: z.object({ broaderTag: z.object({ data: z.object({ id: z.string() }).nullable() }) }),
});
export type TagResource = z.infer<typeof tagResourceSchema>;

/** Spec 001 §7 tag feed query answer. */
export const tagFeedResponseSchema = z.object({ data: z.array(tagResourceSchema) });

/** Spec 001 §7 tag feed query filters: origin, foreign id, type tags. */
export const tagFeedQuerySchema = z.object({
  'filter[meta.externalReference.origin]': z.enum(TAG_FEED_ORIGINS).optional(),
  'filter[meta.externalReference.foreignId]': z.string().trim().min(1).max(40).optional(),
  'filter[type]': z.literal('tags').optional(),
});

/** Spec 001 §7 create playground project: a data object with the project's title, its id and its parent. */
export const createPlaygroundProjectSchema = z.strictObject({
  data: z.strictObject({
    type: z.literal('tags').optional(),
    attributes: z.strictObject({ title: z.string().trim().min(1).max(200), label: z.string().trim().min(1).max(200).optional(), uriSlug: z.string().trim().max(200).optional() }),
    meta: z.strictObject({ externalReference: z.strictObject({ foreignId: z.string().trim().min(1).max(40) }) }),
    relationships: z.strictObject({ broaderTag: z.strictObject({ data: z.strictObject({ id: z.string().min(1).max(64) }) }) }),
  }),
});
export type CreatePlaygroundProject = z.infer<typeof createPlaygroundProjectSchema>;

export const PLAYGROUND_PROJECT_SUBTYPE = 'playground-project';
