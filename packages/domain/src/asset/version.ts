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

/** Spec 000 §3 `_embedded.about._meta`: the container's data that every locale shares. */
const containerMetaSchema = z
  .object({
    spaces: z.array(z.string()),
    bookmarked: z.boolean(),
    embargo: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
    externalReference: z.object({ origin: z.string(), foreignId: z.string() }).nullable(),
    musicImport: z.object({ program: z.string(), masterDataId: z.string() }).nullable(),
    localizations: z.array(z.object({ localization: z.string(), status: z.string() })),
  })
  .loose();

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
  _embedded: z.object({ about: z.object({ id: z.string(), _meta: containerMetaSchema, _links: z.object({ self: linkSchema }) }) }),
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
      /** Spec 000 §3: this version has a pending claim on a URI slug, so its URI title stays as it is until publish. */
      uriSlugClaimPending: z.boolean().optional(),
      /** Spec 002 §3 asset meta: the RB2 asset id an import's source carried. */
      migration: z.object({ rb2assetId: z.string() }).optional(),
      /** Spec 002 §3 asset meta: when an import created this version (createdDate) and last imported it again (updatedDate). */
      crepoImport: z.object({ createdDate: z.string(), updatedDate: z.string() }).optional(),
      history: z.array(historyEntrySchema).optional(),
    })
    .loose(),
});
export type AssetVersion = z.infer<typeof assetVersionSchema>;

/** The version with `?raw=true` (spec 000 §7): each input's stored value alone, without the stencil's definition. */
export const rawAssetVersionSchema = assetVersionSchema.extend({ content: z.record(z.string(), z.unknown()) });
export type RawAssetVersion = z.infer<typeof rawAssetVersionSchema>;

/** `GET /api/v1/assets/{id}/localizations/{locale}` answers the version, or its raw form when asked with `?raw=true`. */
export const assetVersionOrRawSchema = z.union([assetVersionSchema, rawAssetVersionSchema]);

/** Spec 000 §7 `GET /api/v1/assets/{id}`: the container, with a `p:localization` link per locale. */
export const assetContainerSchema = z.object({
  id: z.string(),
  stencil: z.string(),
  _meta: containerMetaSchema.extend({ createdBy: z.string(), createdDate: z.string() }),
  _links: z.object({ self: linkSchema, 'p:localization': z.array(linkSchema.extend({ localization: z.string() })) }),
});
export type AssetContainer = z.infer<typeof assetContainerSchema>;

/**
 * Spec 001 §7 `POST /api/v1/assets/localizations/bulk-get`: each identifier answers on its own, with its version (raw
 * with `?raw=true`) or with the error's status and messages.
 */
export const bulkGetResponseSchema = z.object({
  data: z.array(
    z.union([
      z.object({ id: z.string(), localization: z.string(), status: z.number().int(), data: assetVersionOrRawSchema }),
      z.object({ id: z.string(), localization: z.string(), status: z.number().int(), messages: z.array(z.string()) }),
    ]),
  ),
});

/** The body of a 412 on a save (DESIGN §4): who saved the newer version, and when. */
export const versionConflictSchema = z.object({
  status: z.literal(412),
  code: z.literal('version-conflict'),
  current: z.object({ version: z.number().int(), updatedBy: z.string(), updatedDate: z.string() }).loose(),
});
