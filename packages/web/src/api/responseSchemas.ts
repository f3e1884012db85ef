import { z } from 'zod';
import {
  archiveMediaSchema,
  assetLinksResponseSchema,
  assetListResponseSchema,
  assetVersionKeySchema,
  assetVersionSchema,
  athletesResponseSchema,
  availableAiTranslationsSchema,
  bulkGetResponseSchema,
  bulkPatchResponseSchema,
  deliveryKeyCreatedSchema,
  deliveryKeyListSchema,
  deletedVersionPageSchema,
  deliveryKeySchema,
  embedMediaSchema,
  eventsResponseSchema,
  imageDescriptionSchema,
  imageMediaSchema,
  lifecycleResponseSchema,
  mediaLibraryPageSchema,
  mediaRenditionsSchema,
  placeAutocompleteResponseSchema,
  placeDetailsResponseSchema,
  previewClipMarkerSchema,
  previewResponseSchema,
  publishCheckResponseSchema,
  restoredVersionSchema,
  revisionComparisonSchema,
  revisionDetailSchema,
  revisionPageSchema,
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
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
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


export const responseSchemas = {
  archiveAnswer: archiveAnswerSchema,
  archiveMedia: archiveMediaSchema,
  assetLinksResponse: assetLinksResponseSchema,
  assetListResponse: assetListResponseSchema,
  assetVersion: assetVersionSchema,
  assetVersionKey: assetVersionKeySchema,
  athletesResponse: athletesResponseSchema,
  availableAiTranslations: availableAiTranslationsSchema,
  bulkGet: bulkGetResponseSchema,
  bulkPatchResponse: bulkPatchResponseSchema,
  deletedVersionPage: deletedVersionPageSchema,
  deliveryKey: deliveryKeySchema,
  deliveryKeyCreated: deliveryKeyCreatedSchema,
  deliveryKeyList: deliveryKeyListSchema,
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
  restoredVersion: restoredVersionSchema,
  revisionComparison: revisionComparisonSchema,
  revisionDetail: revisionDetailSchema,
  revisionPage: revisionPageSchema,
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
  webhookDelivery: webhookDeliverySchema,
  webhookDeliveryPage: webhookDeliveryPageSchema,
  webhookEndpoint: webhookEndpointSchema,
  webhookEndpointList: webhookEndpointListSchema,
  zoeLocalizationList: zoeLocalizationListSchema,
};

export type ResponseName = keyof typeof responseSchemas;
/** What the named answer holds once checked. */
export type ResponseOf<Name extends ResponseName> = ReturnType<(typeof responseSchemas)[Name]['parse']>;
