import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  GEODATA_DEBOUNCE_MS,
  PLACE_AUTOCOMPLETE_PATH,
  PLACE_DETAILS_PATH,
  TIME_ZONE_PATH,
  type PlaceDetails,
  type TimeZoneResponse,
} from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import type { ApiClient } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Spec 001 §7 place autocomplete, sent once the typed text has rested for the geodata debounce (spec 002 §9:
 * 500 ms); blank text asks nothing.
 */
export function usePlaceSearch(text: string) {
  const api = useApiClient();
  const [debounced] = useDebouncedValue(text.trim(), GEODATA_DEBOUNCE_MS);
  return useQuery({
    queryKey: queryKeys.placeSearch(debounced),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ input: debounced, types: 'geocode' });
      return api.request({ path: `${PLACE_AUTOCOMPLETE_PATH}?${query.toString()}`, response: 'placeAutocompleteResponse', signal });
    },
    enabled: debounced !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Spec 001 §7 place details: the chosen prediction's name, location and country; undefined unless the answer is OK. */
export async function fetchPlaceDetails(api: ApiClient, placeId: string): Promise<PlaceDetails | undefined> {
  const query = new URLSearchParams({ place_id: placeId, fields: 'geometry,place_id,name,address_components' });
  const answer = await api.request({ path: `${PLACE_DETAILS_PATH}?${query.toString()}`, response: 'placeDetailsResponse' });
  return answer.status === 'OK' ? answer.result : undefined;
}

/** Spec 001 §7 time zone: location as 'lat,lng' and the timestamp in seconds (now). */
export function fetchTimeZone(api: ApiClient, point: { latitude: number; longitude: number }, now = Date.now()): Promise<TimeZoneResponse> {
  const query = new URLSearchParams({ location: `${point.latitude},${point.longitude}`, timestamp: String(Math.floor(now / 1000)) });
  return api.request({ path: `${TIME_ZONE_PATH}?${query.toString()}`, response: 'timeZoneResponse' });
}

/** The image as a `data:` URL, which needs no revoking (an object URL would, and StrictMode's double effects revoke it early). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole image into one call would pass more arguments than a call takes.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

/**
 * Spec 000 §7 static map, as a URL an `<img>` shows: the PNG is fetched with the user's token, because the route
 * answers signed-in users only and an `<img>` sends none. The previous view's map stays while the next one loads; a
 * map left behind is no longer waited for (its request is aborted, and the server drops it from its queue).
 */
export function useStaticMap(url: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.staticMap(url),
    queryFn: async ({ signal }) => dataUrlOf(await api.fetchBlob({ path: url, signal })),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}
