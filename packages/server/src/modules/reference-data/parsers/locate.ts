import { countryNameOf, foldName, gazetteer } from '../../places/gazetteer.ts';
import { zoneAt } from '../../places/timeZone.ts';

export interface Located {
  city: string;
  countryCode: string;
  countryName: string;
  lat: number;
  lng: number;
  timeZone: string | undefined;
}

let countryCodesByName: Map<string, string> | undefined;

/** The ISO code of a country named in English ("Austria" → "AT") or given as a code ("at" → "AT"). */
export function countryCodeOf(name: string): string | undefined {
  const folded = foldName(name);
  if (/^[a-z]{2}$/.test(folded) && countryNameOf(folded.toUpperCase()) !== folded.toUpperCase()) return folded.toUpperCase();
  if (!countryCodesByName) {
    countryCodesByName = new Map();
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        const countryName = countryNameOf(code);
        if (countryName !== code) countryCodesByName.set(foldName(countryName), code);
      }
    }
  }
  return countryCodesByName.get(folded);
}

/** Towns looked up lately, by folded name and country; forgotten all at once past MAX_REMEMBERED. */
const remembered = new Map<string, Located | undefined>();
const MAX_REMEMBERED = 5000;

/**
 * A town by its name (and its country, if known), from the gazetteer the place calls use: the most populous town of
 * that exact name, else of a name that starts so. Its coordinates and time zone fill what a file leaves out.
 */
export function locateCity(city: string, countryCode?: string | undefined): Located | undefined {
  const folded = foldName(city);
  if (folded === '') return undefined;
  // A file names the same few towns on many rows: each is looked up once.
  const key = `${folded}\n${countryCode ?? ''}`;
  if (remembered.has(key)) return remembered.get(key);
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  const located = lookUp(city, folded, countryCode);
  remembered.set(key, located);
  return located;
}

function lookUp(city: string, folded: string, countryCode: string | undefined): Located | undefined {
  const candidates = gazetteer()
    .search(city, { limit: 50 })
    .filter((place) => countryCode === undefined || place.countryCode === countryCode);
  const place = candidates.find((candidate) => foldName(candidate.name) === folded) ?? candidates[0];
  if (!place) return undefined;
  return { city: place.name, countryCode: place.countryCode, countryName: countryNameOf(place.countryCode), lat: place.latitude, lng: place.longitude, timeZone: zoneAt(place.latitude, place.longitude) };
}

/** A calendar's LOCATION text ("Salzburg, Austria", "Hangar-7, Salzburg, AT"): the town, with the last part as the country when it names one. */
export function locateText(text: string): Located | undefined {
  const parts = text.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return undefined;
  const country = parts.length > 1 ? countryCodeOf(parts.at(-1) ?? '') : undefined;
  const places = country ? parts.slice(0, -1) : parts;
  // The town is most often the last part before the country; a venue's name comes first.
  for (const part of places.toReversed()) {
    const found = locateCity(part, country);
    if (found) return found;
  }
  return undefined;
}
