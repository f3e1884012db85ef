import { describe, expect, it } from 'vitest';
import { placeDetailsResponseSchema, placeFilledValues, type PlaceDetails } from './places.ts';

const SALZBURG: PlaceDetails = {
  place_id: 'city:2766824',
  name: 'Salzburg',
  formatted_address: 'Salzburg, Austria',
  geometry: { location: { lat: 47.79941, lng: 13.04399 } },
  address_components: [
    { long_name: 'Salzburg', short_name: 'Salzburg', types: ['locality', 'political'] },
    { long_name: 'Austria', short_name: 'AT', types: ['country', 'political'] },
  ],
  types: ['locality', 'political'],
};

describe('what a chosen place fills (spec 002 §3)', () => {
  it('fills venue, location, country name and code, and the title while it is empty', () => {
    expect(placeFilledValues(SALZBURG, { title: undefined })).toEqual({ title: 'Salzburg', venue: 'Salzburg', location: 'Salzburg', 'country-name': 'Austria', 'country-code': 'AT' });
    expect(placeFilledValues(SALZBURG, { title: '  ' })).toMatchObject({ title: 'Salzburg' });
  });

  it('keeps a written title, and leaves the country alone when the place has none', () => {
    expect(placeFilledValues(SALZBURG, { title: 'Red Bull Dolomitenmann' })).not.toHaveProperty('title');
    const sea = { ...SALZBURG, address_components: [] };
    expect(placeFilledValues(sea, { title: 'x' })).toEqual({ venue: 'Salzburg', location: 'Salzburg' });
  });

  it('reads a Google-shaped details answer', () => {
    expect(placeDetailsResponseSchema.parse({ status: 'OK', result: SALZBURG }).result?.name).toBe('Salzburg');
    expect(placeDetailsResponseSchema.parse({ status: 'NOT_FOUND' }).result).toBeUndefined();
  });
});
