import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACE_AUTOCOMPLETE_PATH,
  PLACE_DETAILS_PATH,
  TIME_ZONE_PATH,
  placeAutocompleteResponseSchema,
  placeDetailsResponseSchema,
  staticMapUrl,
  staticMapUrlOf,
  timeZoneResponseSchema,
} from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';

// 2026-01-15 and 2026-07-15, noon UTC: winter and summer in the north.
const JANUARY = Date.UTC(2026, 0, 15, 12) / 1000;
const JULY = Date.UTC(2026, 6, 15, 12) / 1000;

const CITIES = [
  { typed: 'salzb', name: 'Salzburg', country: 'Austria', code: 'AT', lat: 47.79941, lng: 13.04399, zone: 'Europe/Vienna', january: [3600, 0], july: [3600, 3600] },
  { typed: 'Toky', name: 'Tokyo', country: 'Japan', code: 'JP', lat: 35.6895, lng: 139.69171, zone: 'Asia/Tokyo', january: [32400, 0], july: [32400, 0] },
  { typed: 'sao pau', name: 'São Paulo', country: 'Brazil', code: 'BR', lat: -23.5475, lng: -46.63611, zone: 'America/Sao_Paulo', january: [-10800, 0], july: [-10800, 0] },
  { typed: 'Reykjavik', name: 'Reykjavík', country: 'Iceland', code: 'IS', lat: 64.13548, lng: -21.89541, zone: 'Atlantic/Reykjavik', january: [0, 0], july: [0, 0] },
  { typed: 'auckl', name: 'Auckland', country: 'New Zealand', code: 'NZ', lat: -36.84853, lng: 174.76349, zone: 'Pacific/Auckland', january: [43200, 3600], july: [43200, 0] },
] as const;

describe.each(DIALECTS)('places, time zones and static maps (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(EDITOR) });
  const autocomplete = async (input: string) => {
    const response = await get(`${PLACE_AUTOCOMPLETE_PATH}?${new URLSearchParams({ input, types: 'geocode' })}`);
    expect(response.statusCode, response.body).toBe(200);
    return placeAutocompleteResponseSchema.parse(response.json());
  };
  const details = async (placeId: string) => {
    const response = await get(`${PLACE_DETAILS_PATH}?${new URLSearchParams({ place_id: placeId, fields: 'geometry,place_id' })}`);
    expect(response.statusCode, response.body).toBe(200);
    return placeDetailsResponseSchema.parse(response.json());
  };
  const timeZone = async (location: string, timestamp: number) => {
    const response = await get(`${TIME_ZONE_PATH}?${new URLSearchParams({ location, timestamp: String(timestamp) })}`);
    expect(response.statusCode, response.body).toBe(200);
    return timeZoneResponseSchema.parse(response.json());
  };

  it.each(CITIES)('finds $name by a prefix of its name, accents folded, with its details and time zone', async (city) => {
    const found = await autocomplete(city.typed);
    expect(found.status).toBe('OK');
    const first = found.predictions[0];
    expect(first).toMatchObject({ description: `${city.name}, ${city.country}`, structured_formatting: { main_text: city.name, secondary_text: city.country } });
    const place = await details(first?.place_id ?? '');
    expect(place.status).toBe('OK');
    expect(place.result).toMatchObject({ name: city.name, formatted_address: `${city.name}, ${city.country}`, geometry: { location: { lat: city.lat, lng: city.lng } } });
    expect(place.result?.address_components).toContainEqual({ long_name: city.country, short_name: city.code, types: ['country', 'political'] });
    for (const [timestamp, [rawOffset, dstOffset]] of [
      [JANUARY, city.january],
      [JULY, city.july],
    ] as const) {
      expect(await timeZone(`${city.lat},${city.lng}`, timestamp)).toMatchObject({ status: 'OK', timeZoneId: city.zone, rawOffset, dstOffset });
    }
  });

  it('ranks by population, finds later words of a name and narrows by country after a comma', async () => {
    const paris = await autocomplete('Paris');
    expect(paris.predictions[0]?.description).toBe('Paris, France');
    expect(paris.predictions).toHaveLength(5);
    expect((await autocomplete('paulo')).predictions.map((prediction) => prediction.description)).toContain('São Paulo, Brazil');
    const texan = await autocomplete('Paris, United St');
    expect(texan.predictions.length).toBeGreaterThan(0);
    expect(texan.predictions.every((prediction) => prediction.description.endsWith(', United States'))).toBe(true);
  });

  it('answers ZERO_RESULTS, NOT_FOUND and INVALID_REQUEST as Google does', async () => {
    expect(await autocomplete('xqzvw')).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    expect(await autocomplete('  ')).toEqual({ status: 'INVALID_REQUEST', predictions: [] });
    expect(await details('geonames:1')).toEqual({ status: 'NOT_FOUND' });
    expect(await details('ChIJ-elsewhere')).toEqual({ status: 'NOT_FOUND' });
    expect((await get(PLACE_DETAILS_PATH)).json()).toEqual({ status: 'INVALID_REQUEST' });
    expect(await timeZone('salzburg', JANUARY)).toEqual({ status: 'INVALID_REQUEST' });
    expect(await timeZone('91,0', JANUARY)).toEqual({ status: 'INVALID_REQUEST' });
    expect((await get(`${TIME_ZONE_PATH}?location=47.8,13.04`)).json()).toEqual({ status: 'INVALID_REQUEST' });
  });

  it('answers the nautical zone at sea and on either side of the date line', async () => {
    expect(await timeZone('0,-150', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Etc/GMT+10', rawOffset: -36000, dstOffset: 0 });
    expect(await timeZone('0,179.9', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Etc/GMT-12', rawOffset: 43200 });
    expect(await timeZone('0,-179.9', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Etc/GMT+12', rawOffset: -43200 });
    // Kiribati's Line Islands keep the date of Asia east of the date line: UTC+14.
    expect(await timeZone('1.87,-157.4', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Pacific/Kiritimati', rawOffset: 50400 });
  });

  it('answers the poles: the longitude\'s nautical zone at the North Pole, the station\'s zone at the South Pole', async () => {
    expect(await timeZone('90,0', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Etc/GMT', rawOffset: 0 });
    expect(await timeZone('90,100', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Etc/GMT-7' });
    expect(await timeZone('-90,0', JANUARY)).toMatchObject({ status: 'OK', timeZoneId: 'Antarctica/McMurdo' });
  });

  it('answers signed-in users only', async () => {
    for (const url of [`${PLACE_AUTOCOMPLETE_PATH}?input=salz`, `${PLACE_DETAILS_PATH}?place_id=geonames:2766824`, `${TIME_ZONE_PATH}?location=47.8,13.04&timestamp=0`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('draws the static map as a PNG of the spec sizes, without a token, and serves a second ask from memory', async () => {
    const salzburg = { latitude: 47.79941, longitude: 13.04399 };
    const large = await t.app.inject({ method: 'GET', url: staticMapUrlOf(salzburg) });
    expect(large.statusCode, large.body).toBe(200);
    expect(large.headers['content-type']).toBe('image/png');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 450 });
    const thumbnail = await t.app.inject({ method: 'GET', url: staticMapUrlOf(salzburg, 'thumbnail') });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
    // The marker's red is at the point, the centre; the sea's blue in the Adriatic is not land.
    const { data, info } = await sharp(large.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    const [red = 0, green = 0] = pixel(300, 212);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(90);
    const started = performance.now();
    const again = await t.app.inject({ method: 'GET', url: staticMapUrlOf(salzburg) });
    expect(performance.now() - started).toBeLessThan(50);
    expect(again.rawPayload.equals(large.rawPayload)).toBe(true);
  });

  it('draws the world at zoom 2 and a map across the date line, and refuses other sizes and zooms', async () => {
    const world = await t.app.inject({ method: 'GET', url: staticMapUrl({ center: { latitude: 0, longitude: 0 }, zoom: 2 }) });
    expect(await sharp(world.rawPayload).metadata()).toMatchObject({ width: 600, height: 450 });
    const fiji = await t.app.inject({ method: 'GET', url: staticMapUrlOf({ latitude: -17.8, longitude: 179.99 }) });
    expect(fiji.statusCode).toBe(200);
    for (const query of ['center=0,0&size=2000x2000', 'center=0,0&zoom=19', 'center=100,0', 'zoom=2']) {
      expect((await t.app.inject({ method: 'GET', url: `/maps/api/staticmap?${query}` })).statusCode).toBe(400);
    }
  });
});
