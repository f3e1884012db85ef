import { z } from 'zod';
import {
  archiveMediaSchema,
  assetLinksResponseSchema,
  assetListResponseSchema,
  assetVersionKeySchema,
  assetVersionSchema,
  athletesResponseSchema,
  availableAiTranslationsSchema,
  bulkPatchResponseSchema,
  embedMediaSchema,
  eventsResponseSchema,
  imageDescriptionSchema,
  imageMediaSchema,
  isRecord,
  lifecycleResponseSchema,
  mediaLibraryPageSchema,
  mediaRenditionsSchema,
  placeAutocompleteResponseSchema,
  placeDetailsResponseSchema,
  previewClipMarkerSchema,
  previewResponseSchema,
  publishCheckResponseSchema,
  savedFilterSchema,
  scheduleResponseSchema,
  schemaAttributesResponseSchema,
  shipResponseSchema,
  stencilDefinitionSchema,
  stencilSummaryListSchema,
  tagSuggestionsResponseSchema,
  timeZoneResponseSchema,
  trendingResponseSchema,
  uploadSignatureSchema,
  uriSlugClaimSchema,
  usageResponseSchema,
  userResponseSchema,
  userSearchResponseSchema,
  userSettingsSchema,
  zoeLocalizationListSchema,
} from '@editor/domain';

/*
 * Every server answer the app reads, by name. The API client checks an answer against its schema in development and
 * tests only; a production build drops this map, and with it every schema and zod itself (docs/decisions.md,
 * "Response schemas in development only"). Call sites name the answer (`response: 'assetListResponse'`), so the
 * answer's type still comes from its schema.
 */

/** What an answer is checked against: a zod schema, or a hand-written check. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** An archive provider's answer (RBMN Audio in an audio input): only what the value keeps. */
const archiveAnswerSchema = z.object({ provider: z.string(), referenceId: z.string(), mediaType: z.string().optional(), duration: z.number().optional() });

interface BulkGetEntry {
  id: string;
  localization: string;
  status: number;
  data?: { stencil: string; content: Record<string, unknown> } | undefined;
}


/** The bulk fetch answer (spec 001 §7) with raw content: each identifier answers on its own. */
const bulkGetSchema: ResponseSchema<{ data: BulkGetEntry[] }> = {
  parse(answer) {
    if (!isRecord(answer) || !Array.isArray(answer.data)) throw new Error('The bulk fetch answered without a data list.');
    return {
      data: answer.data.filter(isRecord).map((entry) => ({
        id: String(entry.id),
        localization: String(entry.localization),
        status: Number(entry.status),
        data:
          isRecord(entry.data) && typeof entry.data.stencil === 'string' && isRecord(entry.data.content)
            ? { stencil: entry.data.stencil, content: entry.data.content }
            : undefined,
      })),
    };
  },
};

export const responseSchemas = {
  archiveAnswer: archiveAnswerSchema,
  archiveMedia: archiveMediaSchema,
  assetLinksResponse: assetLinksResponseSchema,
  assetListResponse: assetListResponseSchema,
  assetVersion: assetVersionSchema,
  assetVersionKey: assetVersionKeySchema,
  athletesResponse: athletesResponseSchema,
  availableAiTranslations: availableAiTranslationsSchema,
  bulkGet: bulkGetSchema,
  bulkPatchResponse: bulkPatchResponseSchema,
  embedMedia: embedMediaSchema,
  eventsResponse: eventsResponseSchema,
  imageDescription: imageDescriptionSchema,
  imageMedia: imageMediaSchema,
  lifecycleResponse: lifecycleResponseSchema,
  mediaLibraryPage: mediaLibraryPageSchema,
  mediaRenditions: mediaRenditionsSchema,
  placeAutocompleteResponse: placeAutocompleteResponseSchema,
  placeDetailsResponse: placeDetailsResponseSchema,
  previewClipMarker: previewClipMarkerSchema,
  previewClipMarkerList: previewClipMarkerSchema.array(),
  previewResponse: previewResponseSchema,
  publishCheckResponse: publishCheckResponseSchema,
  savedFilter: savedFilterSchema,
  scheduleResponse: scheduleResponseSchema,
  schemaAttributesResponse: schemaAttributesResponseSchema,
  shipResponse: shipResponseSchema,
  stencilDefinition: stencilDefinitionSchema,
  stencilSummaryList: stencilSummaryListSchema,
  tagSuggestionsResponse: tagSuggestionsResponseSchema,
  timeZoneResponse: timeZoneResponseSchema,
  trendingResponse: trendingResponseSchema,
  uploadSignature: uploadSignatureSchema,
  uriSlugClaim: uriSlugClaimSchema,
  usageResponse: usageResponseSchema,
  userResponse: userResponseSchema,
  userSearchResponse: userSearchResponseSchema,
  userSettings: userSettingsSchema,
  zoeLocalizationList: zoeLocalizationListSchema,
};

export type ResponseName = keyof typeof responseSchemas;
/** What the named answer holds once checked. */
export type ResponseOf<Name extends ResponseName> = ReturnType<(typeof responseSchemas)[Name]['parse']>;
