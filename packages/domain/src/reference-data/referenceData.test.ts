import { describe, expect, it } from 'vitest';
import { eventRecordInputSchema, eventRecordPatchSchema, isTimeZone } from './eventRecord.ts';
import { masterDataInputSchema, masterDataStencilOf } from './masterDataRecord.ts';
import { canManageReferenceData, importFormatOf, summarizeImport } from './referenceData.ts';
import { isPlaygroundProjectReference, tagRecordInputSchema } from './tagRecord.ts';
import { zoeRecordInputSchema } from './zoeRecord.ts';

describe('who may write reference data', () => {
  it.each([
    [['technical-admin-user'], true],
    [['admin', 'technical-admin-user'], true],
    [['admin', 'technician', 'content-manager'], false],
    [[], false],
  ])('roles %j → %s', (roles, expected) => {
    expect(canManageReferenceData({ roles })).toBe(expected);
  });
});

describe('the format of an import file', () => {
  it.each([
    ['events', 'season.ics', 'ics'],
    ['events', 'SEASON.ICAL', 'ics'],
    ['events', 'events.csv', 'csv'],
    ['events', 'events.json', undefined],
    ['master-data', 'athletes.json', 'json'],
    ['master-data', 'athletes.ics', undefined],
    ['zoe-localizations', 'zoe.CSV', 'csv'],
    ['tags', 'tags.json', 'json'],
    ['tags', 'tags', undefined],
  ] as const)('%s from %s → %s', (kind, fileName, expected) => {
    expect(importFormatOf(kind, fileName)).toBe(expected);
  });
});

describe('an import summary', () => {
  it('counts each outcome', () => {
    expect(summarizeImport(['created', 'created', 'unchanged', 'failed', 'updated'])).toEqual({ created: 2, updated: 1, unchanged: 1, failed: 1 });
    expect(summarizeImport([])).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0 });
  });
});

const EVENT = {
  externalId: 'uid-1@example.com',
  title: 'Harbour Cup',
  start: '2026-07-01T10:00:00+02:00',
  end: '2026-07-01T18:00:00+02:00',
  timeZone: 'Europe/Vienna',
  spaces: ['rbcom'],
  location: { countryCode: 'AT', countryName: 'Austria', city: 'Salzburg', lat: 47.8, lng: 13.05 },
};

describe('an event as it is written', () => {
  it('takes the defaults of what is left out', () => {
    expect(eventRecordInputSchema.parse(EVENT)).toMatchObject({ source: 'CREPO', locale: 'en', translations: [], tags: [], hostedByProduct: true, status: 'Confirmed', series: null, featuredImageUrl: null, description: '' });
  });

  it.each([
    ['an end before its start', { end: '2026-07-01T09:00:00+02:00' }, 'end'],
    ['a time without its offset', { start: '2026-07-01T10:00:00' }, 'start'],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['no spaces', { spaces: [] }, 'spaces'],
    ['a country that is no code', { location: { ...EVENT.location, countryCode: 'Austria' } }, 'location'],
    ['an external id with a slash', { externalId: 'a/b' }, 'externalId'],
    ['an unknown field', { colour: 'red' }, ''],
  ])('refuses %s', (_name, change, field) => {
    const parsed = eventRecordInputSchema.safeParse({ ...EVENT, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => String(issue.path[0] ?? ''))).toContain(field);
  });

  it('changes only what a patch names, and wants something named', () => {
    expect(eventRecordPatchSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(eventRecordPatchSchema.safeParse({}).success).toBe(false);
  });

  it.each([
    ['Europe/Vienna', true],
    ['UTC', true],
    ['', false],
    ['Vienna', false],
  ])('time zone %s → %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});

describe('master data, ZOE localizations and tags as written', () => {
  it.each([
    ['sports', 'athlete', 'athlete'],
    ['culture', 'event', 'event-profile'],
    ['culture', 'athlete', undefined],
    ['news', 'athlete', undefined],
    ['sports', 'toString', undefined],
  ])('the stencil of %s %s → %s', (domain, model, expected) => {
    expect(masterDataStencilOf(domain, model)).toBe(expected);
  });

  it('refuses a model its domain has not, and field names that are not a stencil’s', () => {
    const record = { domain: 'culture', model: 'artist', masterId: 'a-1', space: 'rbcom', title: 'Nova' };
    expect(masterDataInputSchema.parse(record)).toMatchObject({ program: 'meppconnect', locale: 'en', content: {} });
    expect(masterDataInputSchema.safeParse({ ...record, model: 'team' }).success).toBe(false);
    expect(masterDataInputSchema.safeParse({ ...record, content: { 'First Name': 'x' } }).success).toBe(false);
  });

  it('keeps a ZOE id in lower case and wants 24 hexadecimal characters', () => {
    const localization = { id: 'ABCDEF0123456789ABCDEF01', title: 'Quiz', engagement: 'Quiz', slug: 'quiz', locale: 'de-AT' };
    expect(zoeRecordInputSchema.parse(localization)).toMatchObject({ id: 'abcdef0123456789abcdef01', fullscreenReady: false });
    expect(zoeRecordInputSchema.safeParse({ ...localization, id: 'xyz' }).success).toBe(false);
  });

  it.each([
    [{ origin: 'mediaplanet', foreignId: 'BP-ABCDEFGHIJ123' }, true],
    [{ origin: 'mediaplanet', foreignId: 'BPABCDEFGHIJ123456789' }, false],
    [{ origin: 'mediaplanet', foreignId: 'BPABCDEFGHIJ12345678' }, true],
    [{ origin: 'meppconnect', foreignId: 'BP-ABCDEFGHIJ123' }, false],
    [{ origin: 'mediaplanet', foreignId: '123456' }, false],
  ] as const)('%j is a playground project: %s', (reference, expected) => {
    expect(isPlaygroundProjectReference(reference)).toBe(expected);
    expect(tagRecordInputSchema.safeParse({ ...reference, title: 'x' }).success).toBe(true);
  });
});
