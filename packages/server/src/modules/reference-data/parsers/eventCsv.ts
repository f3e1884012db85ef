import { REFERENCE_IMPORT_MAX_ROWS } from '@editor/domain';
import { zoneAt } from '../../places/timeZone.ts';
import { cellFlag, cellList, cellNumber, readCsv, unknownColumns } from './csvTable.ts';
import { parseSpreadsheetTime } from './localTime.ts';
import { countryCodeOf, locateCity } from './locate.ts';
import { defined, type ReadFile, type ReadRow } from './readRow.ts';

/** The columns an events CSV file may have, in any order and case; only externalId, title, start and end must be filled. */
export const EVENT_CSV_COLUMNS = [
  'externalId',
  'title',
  'description',
  'start',
  'end',
  'timeZone',
  'city',
  'countryCode',
  'countryName',
  'lat',
  'lng',
  'spaces',
  'tags',
  'translations',
  'locale',
  'source',
  'meppRef',
  'rbuRef',
  'series',
  'hostedByProduct',
  'status',
  'featuredImageUrl',
] as const;

/** The event's place: as given, with what is missing found from the city (coordinates, country, time zone). */
function placeOf(cells: Record<string, string>, errors: ReadRow['errors']) {
  const city = cells.city ?? '';
  const countryCode = cells.countrycode ? (countryCodeOf(cells.countrycode) ?? cells.countrycode.toUpperCase()) : cells.countryname ? countryCodeOf(cells.countryname) : undefined;
  const lat = cellNumber(cells.lat);
  const lng = cellNumber(cells.lng);
  const isComplete = typeof lat === 'number' && typeof lng === 'number' && countryCode !== undefined && cells.countryname;
  const found = city !== '' && !isComplete ? locateCity(city, countryCode) : undefined;
  if (city !== '' && !isComplete && !found) errors.push({ field: 'location', message: `the town '${city}' is not known; give countryCode, countryName, lat and lng` });
  const location = defined({
    city: city || undefined,
    countryCode: countryCode ?? found?.countryCode,
    countryName: cells.countryname || found?.countryName,
    lat: lat ?? found?.lat,
    lng: lng ?? found?.lng,
  });
  const zone = cells.timezone || found?.timeZone || (typeof lat === 'number' && typeof lng === 'number' ? zoneAt(lat, lng) : undefined);
  return { location, zone };
}

function timeOf(input: { cells: Record<string, string>; field: 'start' | 'end'; zone: string | undefined; errors: ReadRow['errors'] }): string | undefined {
  const text = input.cells[input.field] ?? '';
  if (text === '') return undefined;
  const at = parseSpreadsheetTime(text, input.zone ?? 'UTC', { isEnd: input.field === 'end' });
  if (!at) input.errors.push({ field: input.field, message: `'${text}' is not a date (2026-07-01), a local time (2026-07-01 10:00) or a time with its offset (2026-07-01T10:00:00+02:00)` });
  return at?.toISOString();
}

/**
 * Reads an events CSV file (a header row naming EVENT_CSV_COLUMNS): one event per row. Lists (spaces, tags,
 * translations) are separated by `;` or `|`; dates are read in the row's time zone, which the town gives when the
 * row names none.
 */
export function readEventCsv(text: string): ReadFile {
  const table = readCsv(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  if ('fileErrors' in table) return table;
  const unknown = unknownColumns(table.columns, EVENT_CSV_COLUMNS);
  if (unknown.length > 0) return { fileErrors: unknown };
  return {
    rows: table.records.map(({ row, cells, extraCells }) => {
      const errors: ReadRow['errors'] = extraCells ? [{ field: 'row', message: `has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns` }] : [];
      const { location, zone } = placeOf(cells, errors);
      const raw = defined({
        externalId: cells.externalid,
        title: cells.title,
        description: cells.description,
        source: cells.source?.toUpperCase(),
        meppRef: cells.meppref,
        rbuRef: cells.rburef,
        locale: cells.locale,
        translations: cells.translations ? cellList(cells.translations) : undefined,
        tags: cells.tags ? cellList(cells.tags) : undefined,
        spaces: cells.spaces ? cellList(cells.spaces) : undefined,
        start: timeOf({ cells, field: 'start', zone, errors }),
        end: timeOf({ cells, field: 'end', zone, errors }),
        timeZone: zone,
        location: Object.keys(location).length > 0 ? location : undefined,
        series: cells.series,
        hostedByProduct: cellFlag(cells.hostedbyproduct),
        status: cells.status ? cells.status.charAt(0).toUpperCase() + cells.status.slice(1).toLowerCase() : undefined,
        featuredImageUrl: cells.featuredimageurl,
      });
      return { row, raw, errors };
    }),
  };
}
