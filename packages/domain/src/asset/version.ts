import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { ASSET_STATUSES } from './status.ts';

/** One input of a version's content as the server sends it: the stencil's definition plus the stored value. */
export const contentEntrySchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  value: z.unknown().optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});

const historyEntrySchema = z.object({
  version: z.number().int(),
  action: z.string(),
  user: z.string(),
  date: z.string(),
  changedProperties: z.array(z.string()),
  basedOnVersion: z.number().int().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Spec 000 §3 asset version (`GET /api/v1/assets/{id}/localizations/{locale}`), as the editor reads it. */
export const assetVersionSchema = z.object({
  id: z.string(),
  localization: z.string(),
  stencil: z.string(),
  content: z.record(z.string(), contentEntrySchema),
  _links: z.object({
    self: linkSchema,
    'p:publish': linkSchema,
    'p:depublish': linkSchema,
    'p:publishcheck': linkSchema,
    'p:preview': linkSchema,
    'p:usage': linkSchema,
    'p:localization': linkSchema,
    'p:bookmark': linkSchema,
    'p:ship': linkSchema,
    'p:changeSpaces': linkSchema,
    'p:setEmbargoDate': linkSchema,
  }),
  _embedded: z.object({
    about: z.object({
      id: z.string(),
      _meta: z.object({
        spaces: z.array(z.string()),
        bookmarked: z.boolean(),
        embargo: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
        externalReference: z.object({ origin: z.string(), foreignId: z.string() }).nullable(),
        localizations: z.array(z.object({ localization: z.string(), status: z.string() })),
      }).loose(),
    }),
  }),
  _meta: z
    .object({
      status: z.enum(ASSET_STATUSES),
      version: z.number().int(),
      title: z.string(),
      createdBy: z.string(),
      createdDate: z.string(),
      updatedBy: z.string(),
      updatedDate: z.string(),
      lastShipped: z.string().nullable(),
      lastPublished: z.string().nullable(),
      firstPublished: z.string().nullable(),
      published: z.boolean(),
      publishSchedule: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
      isScheduled: z.boolean(),
      changedProperties: z.array(z.string()),
      previewedProperties: z.array(z.string()),
      aiTranslationNeedsConfirmation: z.boolean(),
      aiGeneratedProperties: z.array(z.string()),
      history: z.array(historyEntrySchema).optional(),
    })
    .loose(),
});
export type AssetVersion = z.infer<typeof assetVersionSchema>;

/** The body of a 412 on a save (DESIGN §4): who saved the newer version, and when. */
export const versionConflictSchema = z.object({
  status: z.literal(412),
  code: z.literal('version-conflict'),
  current: z.object({ version: z.number().int(), updatedBy: z.string(), updatedDate: z.string() }).loose(),
});
