import { z } from 'zod';

/**
 * Spec 001 §7: the place and time zone calls answer in the shape of the Google Maps web services, under this prefix
 * (`.../place/autocomplete/json`, `.../place/details/json`, `.../timezone/json`).
 */
export const LOCATION_SEARCH_PATH = '/api/v1/events/location-search/maps/api';
export const PLACE_AUTOCOMPLETE_PATH = `${LOCATION_SEARCH_PATH}/place/autocomplete/json`;
export const PLACE_DETAILS_PATH = `${LOCATION_SEARCH_PATH}/place/details/json`;
export const TIME_ZONE_PATH = `${LOCATION_SEARCH_PATH}/timezone/json`;

/** The statuses our answers use, a subset of Google's. */
export const placeStatusSchema = z.enum(['OK', 'ZERO_RESULTS', 'INVALID_REQUEST', 'NOT_FOUND']);
export type PlaceStatus = z.infer<typeof placeStatusSchema>;

/** Spec 001 §7 place autocomplete answer: predictions with place_id and description. */
export const placeAutocompleteResponseSchema = z.object({
  status: placeStatusSchema,
  predictions: z.array(
    z.object({
      place_id: z.string(),
      description: z.string(),
      structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
      types: z.array(z.string()),
    }),
  ),
});
export type PlaceAutocompleteResponse = z.infer<typeof placeAutocompleteResponseSchema>;
export type PlacePrediction = PlaceAutocompleteResponse['predictions'][number];

const addressComponentSchema = z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) });

/** Spec 001 §7 place details answer: result.geometry.location with lat and lng, and what a place fills. */
export const placeDetailsResponseSchema = z.object({
  status: placeStatusSchema,
  result: z
    .object({
      place_id: z.string(),
      name: z.string(),
      formatted_address: z.string(),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      address_components: z.array(addressComponentSchema),
      types: z.array(z.string()),
    })
    .optional(),
});
export type PlaceDetailsResponse = z.infer<typeof placeDetailsResponseSchema>;
export type PlaceDetails = NonNullable<PlaceDetailsResponse['result']>;

/** Spec 002 §3 "Timezone lookup result: status, timeZoneId", with the rest of Google's answer. */
export const timeZoneResponseSchema = z.object({
  status: placeStatusSchema,
  timeZoneId: z.string().optional(),
  timeZoneName: z.string().optional(),
  rawOffset: z.number().optional(),
  dstOffset: z.number().optional(),
});
export type TimeZoneResponse = z.infer<typeof timeZoneResponseSchema>;

/** The inputs a chosen place fills beside the geodata (spec 002 §3), when the stencil has them. */
export const PLACE_FILLED_INPUTS = ['title', 'venue', 'location', 'country-name', 'country-code'] as const;
export type PlaceFilledInput = (typeof PLACE_FILLED_INPUTS)[number];

/**
 * Spec 002 §3 "choosing a place also fills title, venue, location, country-name and country-code": the place's name
 * is the venue and the location (a gazetteer place is a town), its country names the rest. The title is the
 * place's name only while the asset has none, so that a written title is never lost.
 */
export function placeFilledValues(place: PlaceDetails, current: { title: unknown }): Partial<Record<PlaceFilledInput, string>> {
  const country = place.address_components.find((component) => component.types.includes('country'));
  const locality = place.address_components.find((component) => component.types.includes('locality'));
  const isTitleEmpty = typeof current.title !== 'string' || current.title.trim() === '';
  return {
    ...(isTitleEmpty ? { title: place.name } : {}),
    venue: place.name,
    location: locality?.long_name ?? place.name,
    ...(country ? { 'country-name': country.long_name, 'country-code': country.short_name } : {}),
  };
}
