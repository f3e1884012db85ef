import type { PlaceDetails, PlacePrediction } from '@editor/domain';
import { countryNameOf, type Place } from './gazetteer.ts';

const PLACE_ID_PREFIX = 'geonames:';
const TOWN_TYPES = ['locality', 'political'];

/** A place's id in the answers: its GeoNames id, named as such so that ids of other sources could sit beside it. */
export function placeIdOf(place: Place): string {
  return `${PLACE_ID_PREFIX}${place.id}`;
}

/** The GeoNames id in a place id, or undefined when it is none of ours. */
export function geonamesIdOf(placeId: string): number | undefined {
  if (!placeId.startsWith(PLACE_ID_PREFIX)) return undefined;
  const id = Number(placeId.slice(PLACE_ID_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Spec 001 §7 autocomplete prediction, as Google's Places API words it: "Salzburg, Austria". */
export function presentPrediction(place: Place): PlacePrediction {
  const country = countryNameOf(place.countryCode);
  return {
    place_id: placeIdOf(place),
    description: `${place.name}, ${country}`,
    structured_formatting: { main_text: place.name, secondary_text: country },
    types: [...TOWN_TYPES, 'geocode'],
  };
}

/** Spec 001 §7 place details result: name, address, location and the town's and country's address components. */
export function presentPlaceDetails(place: Place): PlaceDetails {
  const country = countryNameOf(place.countryCode);
  return {
    place_id: placeIdOf(place),
    name: place.name,
    formatted_address: `${place.name}, ${country}`,
    geometry: { location: { lat: place.latitude, lng: place.longitude } },
    address_components: [
      { long_name: place.name, short_name: place.name, types: TOWN_TYPES },
      { long_name: country, short_name: place.countryCode, types: ['country', 'political'] },
    ],
    types: TOWN_TYPES,
  };
}
