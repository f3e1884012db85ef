import { z } from 'zod';

/**
 * The payloads of presence and live updates (liveEvents.ts has the paths and timings): the server checks what it is
 * sent with them and its tests check what it sends; the app imports only their types, so its build holds no zod.
 */

export const presenceBodySchema = z
  .object({
    /** The tab's own random id: one person may have the same version open in two tabs. */
    tab: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    assetId: z.string().min(1).max(64),
    locale: z.string().min(2).max(16),
    /** The input path of the field the person is in, or null between fields. */
    field: z.string().max(500).nullable(),
  })
  .strict();
export type PresenceBody = z.infer<typeof presenceBodySchema>;

export const presenceLeaveBodySchema = z.object({ tab: presenceBodySchema.shape.tab }).strict();

const personSchema = z.object({ id: z.string(), name: z.string() });

/** Someone who has a version open, as another reader of it sees them. */
export const livePresenceSchema = z.object({
  /** One per person and tab. */
  key: z.string(),
  user: personSchema,
  assetId: z.string(),
  locale: z.string(),
  field: z.string().nullable(),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

/** What one write left a localization as: its new version, status and schedule, who wrote it and which inputs changed. */
export const liveVersionChangeSchema = z.object({
  locale: z.string(),
  version: z.number().int(),
  status: z.string(),
  /** The write's revision action: save, patch, publish, schedule-publish, unpublish, translate:…, restore:… */
  action: z.string(),
  by: personSchema,
  at: z.string(),
  /** The inputs the write changed (revision paths: an input, or an input and an element's index). */
  changedPaths: z.array(z.string()),
  publishStart: z.string().nullable(),
  publishEnd: z.string().nullable(),
});
export type LiveVersionChange = z.infer<typeof liveVersionChangeSchema>;

/** One write to an asset; `id` orders the stream and is the event id a reconnect resumes after (Last-Event-ID). */
export const liveAssetEventSchema = z.object({
  id: z.number().int(),
  assetId: z.string(),
  /** 'version': a write to one localization (a save, a publish); 'asset': to the asset (its spaces, embargo, several locales). */
  scope: z.enum(['version', 'asset']),
  spaces: z.array(z.string()),
  changes: z.array(liveVersionChangeSchema),
});
export type LiveAssetEvent = z.infer<typeof liveAssetEventSchema>;

/** The stream's first event: everyone present in what the user may read, and the id to resume after. */
export const liveHelloSchema = z.object({
  presence: z.array(livePresenceSchema),
  /** The newest event id when the stream opened; a stream resumed from an id too old starts with `reset: true`. */
  lastEventId: z.number().int(),
  /** Events were missed that the server no longer holds: the client reloads what it shows. */
  reset: z.boolean(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;
