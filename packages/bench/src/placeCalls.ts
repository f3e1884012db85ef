import { PLACE_AUTOCOMPLETE_PATH, PLACE_DETAILS_PATH, TIME_ZONE_PATH } from '@editor/domain';
import { startBenchServer } from './benchServer.ts';
import { measure, type Measurement } from './measure.ts';

/** Names people type, in several scripts of the Latin alphabet, with and without their accents. */
const NAMES = [
  'Salzburg', 'Tokyo', 'São Paulo', 'Sao Paulo', 'Reykjavík', 'Reykjavik', 'Auckland', 'Mostar', 'Kitzbühel', 'Zürich', 'Zurich',
  'Los Angeles', 'New York', 'Saint-Étienne', 'Málaga', 'Kraków', 'Łódź', 'Göteborg', 'Sevilla', 'Cape Town', 'Buenos Aires',
  'Berlin', 'Paris', 'London', 'Madrid', 'Rome', 'Wien', 'Vienna', 'Innsbruck', 'Leogang', 'Val di Sole', 'Mont-Sainte-Anne',
  'Santiago', 'San', 'Saint', 'Bad', 'Port', 'Ma', 'A', 'Springfield', 'Lake Placid', 'Whistler', 'Chamonix', 'Kigali',
] as const;

/** Every prefix of 1 to 8 characters of the names: short ones span thousands of towns, long ones a few. */
export const PLACE_INPUTS: readonly string[] = NAMES.flatMap((name) => Array.from({ length: Math.min(8, name.length) }, (_, index) => name.slice(0, index + 1)));

export interface PlaceCallFigures {
  /** The first autocomplete after start, which reads the gazetteer. */
  firstCallMs: number;
  autocompleteOne: Measurement;
  autocompleteMany: Measurement;
  details: Measurement;
  timeZone: Measurement;
}

/**
 * Spec 001 §7 place calls on the real server: autocomplete one request at a time (an editor typing) and at
 * `connections`, cycling through the prefixes of `NAMES`; place details and time zones one at a time.
 */
export async function benchmarkPlaceCalls(input: { seconds: number; connections: number }): Promise<PlaceCallFigures> {
  const server = await startBenchServer({});
  try {
    const authorization = await server.authorization({ roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] });
    const headers = { authorization };
    const started = performance.now();
    const first = await fetch(`${server.url}${PLACE_AUTOCOMPLETE_PATH}?input=salz`, { headers });
    if (!first.ok) throw new Error(`autocomplete answered ${first.status}`);
    await first.json();
    const firstCallMs = Math.round(performance.now() - started);

    let next = 0;
    const autocomplete = () => {
      const text = PLACE_INPUTS[next % PLACE_INPUTS.length] ?? 'a';
      next += 1;
      return { method: 'GET' as const, path: `${PLACE_AUTOCOMPLETE_PATH}?${new URLSearchParams({ input: text, types: 'geocode' })}` };
    };
    const base = { url: server.url, headers, seconds: input.seconds };
    const autocompleteOne = await measure({ ...base, connections: 1, nextRequest: autocomplete });
    const autocompleteMany = await measure({ ...base, connections: input.connections, nextRequest: autocomplete });

    // Towns of the five test cities, by GeoNames id, and points across the world (land, sea, date line, poles).
    const placeIds = [2766824, 1850147, 3448439, 3413829, 2193733];
    const details = await measure({
      ...base,
      connections: 1,
      nextRequest: () => ({ method: 'GET', path: `${PLACE_DETAILS_PATH}?place_id=geonames:${placeIds[(next += 1) % placeIds.length] ?? 2766824}` }),
    });
    const timeZone = await measure({
      ...base,
      connections: 1,
      nextRequest: () => {
        next += 1;
        const latitude = ((next * 37) % 180) - 90;
        const longitude = ((next * 53) % 360) - 180;
        return { method: 'GET', path: `${TIME_ZONE_PATH}?location=${latitude},${longitude}&timestamp=1780000000` };
      },
    });
    return { firstCallMs, autocompleteOne, autocompleteMany, details, timeZone };
  } finally {
    await server.close();
  }
}
