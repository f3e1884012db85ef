import Papa from 'papaparse';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventRecordInputSchema } from '@editor/domain';
import { readCsv } from './csvTable.ts';
import { readEventCsv } from './eventCsv.ts';
import { MAX_OCCURRENCES, readEventIcs } from './eventIcs.ts';
import { parseSpreadsheetTime, utcOfLocal } from './localTime.ts';
import { previewRows } from './preview.ts';
import { readMasterData, readZoeLocalizations } from './recordRows.ts';
import type { ReadFile } from './readRow.ts';

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const rowsOf = (file: ReadFile) => {
  if ('fileErrors' in file) throw new Error(file.fileErrors.join('; '));
  return file.rows;
};
const previewEvents = (file: ReadFile) => previewRows({ file, schema: eventRecordInputSchema, externalIdOf: (raw) => raw.externalId as string | undefined, fill: (raw) => ({ spaces: ['rbcom'], ...raw }) });

/** iCalendar's escaping of a text value (RFC 5545 §3.3.11). */
const escapeText = (text: string) => text.replaceAll('\\', '\\\\').replaceAll(';', '\\;').replaceAll(',', '\\,').replaceAll('\n', '\\n');
/** Folds a content line after 74 characters, each continuation starting with a space (RFC 5545 §3.1). */
const fold = (line: string) =>
  Array.from(line)
    .reduce<string[]>(
      (lines, char) => {
        const last = lines.at(-1) ?? '';
        if (Array.from(last).length >= 74) lines.push(` ${char}`);
        else lines[lines.length - 1] = last + char;
        return lines;
      },
      [''],
    )
    .join('\r\n');
const hasControlCharacters = (text: string) => Array.from(text).some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f');

const ZONES = ['Europe/Vienna', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC'];
/** The wall-clock time a zone shows at an instant. */
const localOf = (at: Date, zone: string) => {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
};

describe('iCalendar events', () => {
  it("reads times in the file's own VTIMEZONE, even under a name that is no IANA zone", () => {
    const [row] = rowsOf(
      readEventIcs(
        calendar(
          'BEGIN:VTIMEZONE',
          'TZID:W. Europe Standard Time',
          'BEGIN:STANDARD',
          'DTSTART:16011028T030000',
          'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
          'TZOFFSETFROM:+0200',
          'TZOFFSETTO:+0100',
          'END:STANDARD',
          'BEGIN:DAYLIGHT',
          'DTSTART:16010325T020000',
          'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
          'TZOFFSETFROM:+0100',
          'TZOFFSETTO:+0200',
          'END:DAYLIGHT',
          'END:VTIMEZONE',
          'BEGIN:VEVENT',
          'UID:outlook-1',
          'DTSTART;TZID=W. Europe Standard Time:20260715T090000',
          'DTEND;TZID=W. Europe Standard Time:20260715T170000',
          'SUMMARY:Summer Session',
          'LOCATION:Zürich',
          'END:VEVENT',
        ),
      ),
    );
    expect(row?.raw).toMatchObject({ externalId: 'outlook-1', start: '2026-07-15T07:00:00.000Z', end: '2026-07-15T15:00:00.000Z', timeZone: 'Europe/Zurich' });
  });

  it('reads a whole-day event from its first midnight to the midnight after its last day, in the calendar zone', () => {
    const [row] = rowsOf(readEventIcs(calendar('X-WR-TIMEZONE:Asia/Tokyo', 'BEGIN:VEVENT', 'UID:day-1', 'DTSTART;VALUE=DATE:20260910', 'DTEND;VALUE=DATE:20260912', 'SUMMARY:Two days', 'LOCATION:Tokyo\\, Japan', 'END:VEVENT')));
    expect(row?.raw).toMatchObject({ start: '2026-09-09T15:00:00.000Z', end: '2026-09-11T15:00:00.000Z', timeZone: 'Asia/Tokyo', location: { city: 'Tokyo', countryCode: 'JP', countryName: 'Japan' } });
  });

  it('gives each occurrence of a recurring event its own external id, leaves out EXDATEs and takes a changed occurrence in place', () => {
    const rows = rowsOf(
      readEventIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:weekly',
          'DTSTART;TZID=Europe/Vienna:20261001T190000',
          'DURATION:PT2H',
          'RRULE:FREQ=WEEKLY;COUNT=4',
          'EXDATE;TZID=Europe/Vienna:20261008T190000',
          'SUMMARY:Club night',
          'LOCATION:Salzburg\\, AT',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:weekly',
          'RECURRENCE-ID;TZID=Europe/Vienna:20261015T190000',
          'DTSTART;TZID=Europe/Vienna:20261015T210000',
          'DTEND;TZID=Europe/Vienna:20261015T230000',
          'SUMMARY:Club night (late)',
          'LOCATION:Salzburg\\, AT',
          'END:VEVENT',
        ),
      ),
    );
    expect(rows.map((row) => [row.raw.externalId, row.raw.title, row.raw.start])).toEqual([
      ['weekly:20261001T190000', 'Club night', '2026-10-01T17:00:00.000Z'],
      ['weekly:20261015T190000', 'Club night (late)', '2026-10-15T19:00:00.000Z'],
      ['weekly:20261022T190000', 'Club night', '2026-10-22T17:00:00.000Z'],
    ]);
  });

  it(`stops a recurrence without an end after ${MAX_OCCURRENCES} occurrences`, () => {
    const rows = rowsOf(readEventIcs(calendar('BEGIN:VEVENT', 'UID:daily', 'DTSTART:20260101T100000Z', 'DTEND:20260101T110000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Daily', 'LOCATION:London', 'END:VEVENT')));
    expect(rows).toHaveLength(MAX_OCCURRENCES);
  });

  it('takes GEO over the town, maps STATUS, and reports what a row lacks without dropping the others', () => {
    const preview = previewEvents(
      readEventIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:geo',
          'DTSTART:20260601T100000Z',
          'DTEND:20260601T120000Z',
          'SUMMARY:On the lake',
          'LOCATION:Salzburg',
          'GEO:47.9;13.1',
          'STATUS:TENTATIVE',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:nowhere',
          'DTSTART:20260601T100000Z',
          'DTEND:20260601T120000Z',
          'SUMMARY:Nowhere',
          'LOCATION:Qqqxzv Zzyx',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:geo',
          'DTSTART:20260601T100000Z',
          'DTEND:20260601T120000Z',
          'SUMMARY:Twice',
          'LOCATION:Salzburg',
          'END:VEVENT',
        ),
      ),
    );
    expect(preview.rows[0]?.item).toMatchObject({ status: 'Tentative', location: { city: 'Salzburg', lat: 47.9, lng: 13.1 } });
    expect(preview.rows[1]?.errors).toEqual(["location: LOCATION 'Qqqxzv Zzyx' names no known town"]);
    expect(preview.rows[2]?.errors).toEqual(["externalId: 'geo' is also in row 1"]);
  });

  it('refuses a file that is no calendar, or holds no events', () => {
    expect(readEventIcs('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD')).toEqual({ fileErrors: ['The file is not an iCalendar file: it does not begin with BEGIN:VCALENDAR.'] });
    expect(readEventIcs(calendar())).toEqual({ fileErrors: ['The calendar holds no events (VEVENT).'] });
    expect('fileErrors' in readEventIcs('not a calendar at all')).toBe(true);
  });

  it('reads any summary back as it was written, escaped and folded at 75 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== '' && !hasControlCharacters(text)), (summary) => {
        const [row] = rowsOf(readEventIcs(calendar('BEGIN:VEVENT', 'UID:p', 'DTSTART:20260601T100000Z', 'DTEND:20260601T110000Z', fold(`SUMMARY:${escapeText(summary)}`), 'END:VEVENT')));
        expect(row?.raw.title).toBe(summary.trim());
      }),
      { numRuns: 200 },
    );
  });
});

describe('CSV events', () => {
  it('reads a spreadsheet with semicolons, quoted cells and local times, and finds the place from the town', () => {
    const csv = '\uFEFFExternal ID;Title;Start;End;City;Tags;Hosted by product\r\nr-1;"Finals; the night";2026-07-01 20:00;2026-07-01 23:30;Salzburg;cliff-diving|finals;no\r\nr-2;Two days;2026-07-04;2026-07-05;Hamburg;;\r\n';
    const preview = previewEvents(readEventCsv(csv));
    expect(preview.rows.map((row) => row.errors)).toEqual([[], []]);
    expect(preview.rows[0]?.item).toMatchObject({ externalId: 'r-1', title: 'Finals; the night', start: '2026-07-01T18:00:00.000Z', end: '2026-07-01T21:30:00.000Z', timeZone: 'Europe/Vienna', tags: ['cliff-diving', 'finals'], hostedByProduct: false, location: { countryCode: 'AT' } });
    expect(preview.rows[1]?.item).toMatchObject({ start: '2026-07-03T22:00:00.000Z', end: '2026-07-05T22:00:00.000Z', timeZone: 'Europe/Berlin', hostedByProduct: true });
  });

  it('reports each bad row with its number and reasons', () => {
    const csv = 'externalId,title,start,end,city,status\nok,Fine,2026-07-01,2026-07-01,London,confirmed\nbad-date,Bad,1 July,2026-07-01,London,\n,No id,2026-07-01,2026-07-01,London,\nok,Again,2026-07-01,2026-07-01,London,maybe\n';
    const preview = previewEvents(readEventCsv(csv));
    expect(preview.rows.map((row) => [row.row, row.errors.length > 0])).toEqual([[2, false], [3, true], [4, true], [5, true]]);
    expect(preview.rows[1]?.errors).toEqual(["start: '1 July' is not a date (2026-07-01), a local time (2026-07-01 10:00) or a time with its offset (2026-07-01T10:00:00+02:00)"]);
    expect(preview.rows[2]?.errors[0]).toMatch(/^externalId: /);
    expect(preview.rows[3]?.errors).toEqual([expect.stringMatching(/^status: /), "externalId: 'ok' is also in row 2"]);
  });

  it('refuses a file with an unknown or doubled column', () => {
    expect(readEventCsv('externalId,title,colour\n1,x,red')).toEqual({ fileErrors: ["The column 'colour' is not known; the columns are externalId, title, description, start, end, timeZone, city, countryCode, countryName, lat, lng, spaces, tags, translations, locale, source, meppRef, rbuRef, series, hostedByProduct, status, featuredImageUrl."] });
    expect(readEventCsv('title,Title\nx,y')).toEqual({ fileErrors: ["The column 'Title' is in the header twice."] });
    expect(readEventCsv('')).toEqual({ fileErrors: ['The file has no header row.'] });
  });

  it('reads back any table of cells a spreadsheet writes', () => {
    const cell = fc.string({ maxLength: 30 }).map((text) => text.trim());
    fc.assert(
      fc.property(fc.constantFrom(',', ';', '\t'), fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 20 }), (delimiter, rows) => {
        const kept = rows.filter((row) => row.some((value) => value !== ''));
        const text = Papa.unparse([['first', 'second', 'third'], ...rows], { delimiter, newline: '\r\n' });
        const table = readCsv(text, { maxRows: 100 });
        if ('fileErrors' in table) throw new Error(table.fileErrors.join('; '));
        expect(table.records.map((record) => [record.cells.first, record.cells.second, record.cells.third])).toEqual(kept);
      }),
      { numRuns: 300 },
    );
  });
});

describe('master data and ZOE files', () => {
  it('reads master data from CSV, every other column a content field, and from JSON', () => {
    const [row] = rowsOf(readMasterData('csv', 'domain,model,masterId,space,title,first-name,birth-place\nSports,Athlete,a-1,rbcom,Lena Brandt,Lena,\n'));
    expect(row?.raw).toEqual({ domain: 'sports', model: 'athlete', masterId: 'a-1', space: 'rbcom', title: 'Lena Brandt', content: { 'first-name': 'Lena' } });
    expect(rowsOf(readMasterData('json', JSON.stringify({ items: [{ domain: 'culture' }, 7] }))).map((read) => read.errors)).toEqual([[], [{ field: 'item', message: 'must be an object' }]]);
    expect(readMasterData('json', '{"x": 1}')).toEqual({ fileErrors: ['The file holds neither an array of items nor an object with an array under "items".'] });
  });

  it('reads ZOE localizations from CSV with yes/no flags', () => {
    const [row] = rowsOf(readZoeLocalizations('csv', 'id,title,engagement,slug,locale,fullscreenReady\nABCDEFABCDEFABCDEFABCDEF,Quiz,Quiz,quiz,de-AT,yes\n'));
    expect(row?.raw).toEqual({ id: 'ABCDEFABCDEFABCDEFABCDEF', title: 'Quiz', engagement: 'Quiz', slug: 'quiz', locale: 'de-AT', fullscreenReady: true });
  });
});

describe('wall-clock times', () => {
  it('finds the instant of any wall-clock time a zone shows, the first one where the clock falls back', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom(...ZONES), (date, zone) => {
        const at = new Date(Math.floor(date.getTime() / 1000) * 1000);
        const found = utcOfLocal(localOf(at, zone), zone);
        expect(localOf(found, zone)).toEqual(localOf(at, zone));
        expect(found.getTime()).toBeLessThanOrEqual(at.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it('refuses dates that do not exist', () => {
    expect(parseSpreadsheetTime('2026-04-31', 'UTC')).toBeUndefined();
    expect(parseSpreadsheetTime('2026-07-01 24:00', 'UTC')).toBeUndefined();
    expect(parseSpreadsheetTime('2026-07-01T10:00:00+0200', 'UTC')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });
});
