import { z } from 'zod';
import { MAX_PAGE_SIZE, USAGE_PAGE_SIZE } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/** One input of a content payload: `{ value, _meta? }`; the rest of the spec's input shape may come along and is ignored. */
const inputPayload = z.looseObject({ value: z.unknown().optional(), _meta: z.record(z.string(), z.unknown()).optional() });
export const contentPayloadSchema = z.record(z.string(), inputPayload);

// Top-level fields of the bodies below are exactly these: the routes refuse others (http/strictBodies.ts); an input's
// own shape stays open (inputPayload).
export const createBodySchema = z.object({ content: contentPayloadSchema.default({}) });

/** The body of a save (spec 000 §7 PUT): content plus the optional meta the app may set. */
export const saveBodySchema = z.object({
  content: contentPayloadSchema,
  _meta: z
    .looseObject({
      externalReference: z.strictObject({ origin: z.string(), foreignId: z.string() }).nullable().optional(),
      aiTranslationNeedsConfirmation: z.boolean().optional(),
      aiGeneratedProperties: z.array(z.string()).optional(),
    })
    .optional(),
});

export const patchBodySchema = z.object({ content: contentPayloadSchema });

/** Spec 000 §7 translate: `id`, `params` (empty) and `reference`, the locale to translate from. */
export const translateBodySchema = z.object({
  id: z.string().max(64).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  reference: z.string().min(2).max(20),
});

/** The answer of a delete (spec 000 §7): the version gone and the locales the asset still has. */
export const deletedVersionResponseSchema = z.object({
  id: z.string(),
  localization: z.string(),
  deleted: z.boolean(),
  remainingLocalizations: z.array(z.string()),
});

export const imageUrlResponseSchema = z.object({ imageUrl: z.string() });

export const spacesResponseSchema = z.object({ spaces: z.array(z.string()) });

export const embargoResponseSchema = z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() });

export const shipBodySchema = z.strictObject({ propertiesToShip: z.array(z.string()).min(1).max(500) });

export const bulkShipBodySchema = z.strictObject({
  sourceLocale: z.string().min(2).max(20),
  localesToShip: z.array(z.string().min(2).max(20)).min(1).max(200),
  propertiesToShip: z.array(z.string()).min(1).max(500),
});

export const changeSpacesBodySchema = z.strictObject({ spaces: z.array(z.string().min(1).max(100)).max(100) });

export const embargoBodySchema = z.strictObject({ startDate: z.string().nullable(), endDate: z.string().nullable() });

export const bulkGetBodySchema = z.strictObject({
  assetLocalizationIdentifiers: z.array(z.strictObject({ id: z.string().min(1).max(64), localization: z.string().min(2).max(20) })).max(200),
});

export const createQuerySchema = z.object({
  space: z.string().min(1, 'space is required'),
  'container.stencil': z.string().min(1, 'container.stencil is required'),
  'musicImport.masterDataId': z.string().optional(),
  'musicImport.program': z.enum(['meppconnect', 'rbu']).optional(),
});

export const versionParams = z.object({ id: z.string().min(1).max(64), locale: z.string().min(2).max(20) });
export const containerParams = z.object({ id: z.string().min(1).max(64) });

const booleanFlag = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((value) => value === 'true' || value === '');

export const versionQuerySchema = z.object({ includeHistory: booleanFlag, raw: booleanFlag });

/** Spec 002 §9: the Usage tab pages by USAGE_PAGE_SIZE with Load more. */
export const usageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(USAGE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Reads `If-Match: "7"` (also W/"7" or 7); undefined when absent. */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '' || value.trim() === '*') return undefined;
  const match = value.trim().match(/^(?:W\/)?"?(\d+)"?$/);
  if (!match?.[1]) throw badRequest(`If-Match must name a version, like "3"; got ${value}.`);
  return Number(match[1]);
}
