import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geodataValueSchema } from '../asset/values.ts';
import { changeCoordinate, geodataFromTexts, geodataOf, parseCoordinate, textsOfGeodata, type CoordinateField } from './geodata.ts';

const EMPTY = { latitude: '', longitude: '', altitude: '' };

describe('typed coordinates (spec 002 §5 geodata)', () => {
  it.each<[string, CoordinateField, ReturnType<typeof parseCoordinate>]>([
    ['47.8095', 'latitude', { kind: 'number', value: 47.8095 }],
    [' -33.5 ', 'latitude', { kind: 'number', value: -33.5 }],
    ['+13', 'longitude', { kind: 'number', value: 13 }],
    ['13,055', 'longitude', { kind: 'number', value: 13.055 }],
    ['.5', 'latitude', { kind: 'number', value: 0.5 }],
    ['12.', 'latitude', { kind: 'number', value: 12 }],
    ['-0', 'latitude', { kind: 'number', value: 0 }],
    ['90', 'latitude', { kind: 'number', value: 90 }],
    ['-180', 'longitude', { kind: 'number', value: -180 }],
    ['8848', 'altitude', { kind: 'number', value: 8848 }],
    ['-430.5', 'altitude', { kind: 'number', value: -430.5 }],
    ['', 'latitude', { kind: 'empty' }],
    ['   ', 'altitude', { kind: 'empty' }],
    ['abc', 'latitude', { kind: 'ignored' }],
    ['-', 'latitude', { kind: 'incomplete' }],
    ['+.', 'longitude', { kind: 'incomplete' }],
    [',', 'altitude', { kind: 'incomplete' }],
    ['--', 'latitude', { kind: 'ignored' }],
    ['1e3', 'altitude', { kind: 'ignored' }],
    ['47.8.1', 'latitude', { kind: 'ignored' }],
    ['47°', 'latitude', { kind: 'ignored' }],
    ['1,000.5', 'altitude', { kind: 'ignored' }],
    ['90.0001', 'latitude', { kind: 'ignored' }],
    ['-180.5', 'longitude', { kind: 'ignored' }],
    ['Infinity', 'altitude', { kind: 'ignored' }],
    ['9000', 'altitude', { kind: 'number', value: 9000 }],
    ['9000.5', 'altitude', { kind: 'ignored' }],
    ['-11001', 'altitude', { kind: 'ignored' }],
  ])('reads %j as a %s: %j', (text, field, expected) => {
    expect(parseCoordinate(text, field)).toEqual(expected);
  });

  it('emits a value only once latitude and longitude are both set; altitude is optional', () => {
    const latitude = changeCoordinate(EMPTY, { field: 'latitude', text: '47.8' });
    expect(latitude).toEqual({ kind: 'changed', texts: { ...EMPTY, latitude: '47.8' }, value: undefined });
    if (latitude.kind !== 'changed') throw new Error('expected a change');
    const both = changeCoordinate(latitude.texts, { field: 'longitude', text: '13.04' });
    expect(both).toMatchObject({ kind: 'changed', value: { latitude: 47.8, longitude: 13.04 } });
    if (both.kind !== 'changed') throw new Error('expected a change');
    expect(changeCoordinate(both.texts, { field: 'altitude', text: '424' })).toMatchObject({ value: { latitude: 47.8, longitude: 13.04, altitude: 424 } });
  });

  it('ignores a change that is not numeric, and clears the value when latitude or longitude is cleared', () => {
    const texts = { latitude: '47.8', longitude: '13.04', altitude: '' };
    expect(changeCoordinate(texts, { field: 'latitude', text: '47.8x' })).toEqual({ kind: 'ignored' });
    expect(changeCoordinate(texts, { field: 'altitude', text: 'high' })).toEqual({ kind: 'ignored' });
    expect(changeCoordinate(texts, { field: 'longitude', text: '' })).toEqual({ kind: 'changed', texts: { ...texts, longitude: '' }, value: undefined });
  });

  it('takes a sign typed before the digits, without a value until the digits come', () => {
    const texts = { latitude: '', longitude: '13.04', altitude: '' };
    expect(changeCoordinate(texts, { field: 'latitude', text: '-' })).toEqual({ kind: 'changed', texts: { ...texts, latitude: '-' }, value: undefined });
    expect(changeCoordinate(texts, { field: 'latitude', text: '-3' })).toMatchObject({ value: { latitude: -3, longitude: 13.04 } });
  });

  it('shows a value in the three fields and reads stored values', () => {
    expect(textsOfGeodata({ latitude: 47.8, longitude: 13.04 })).toEqual({ latitude: '47.8', longitude: '13.04', altitude: '' });
    expect(textsOfGeodata(undefined)).toEqual(EMPTY);
    expect(geodataOf({ latitude: 1, longitude: 2, altitude: 3 })).toEqual({ latitude: 1, longitude: 2, altitude: 3 });
    expect(geodataOf({ latitude: 91, longitude: 2 })).toBeUndefined();
    expect(geodataOf('47.8,13.04')).toBeUndefined();
  });
});

// Coordinates as people and gazetteers give them: up to seven decimals (about a centimetre).
const degrees = (limit: number) => fc.integer({ min: -limit * 1e7, max: limit * 1e7 }).map((tenMillionths) => tenMillionths / 1e7);

describe('coordinate parsing properties', () => {
  const latitude = degrees(90);
  const longitude = degrees(180);

  it('reads back every coordinate it shows', () => {
    fc.assert(
      fc.property(latitude, longitude, fc.option(fc.integer({ min: -500, max: 9000 }), { nil: undefined }), (lat, lng, altitude) => {
        const value = { latitude: lat === 0 ? 0 : lat, longitude: lng === 0 ? 0 : lng, ...(altitude === undefined ? {} : { altitude }) };
        expect(geodataFromTexts(textsOfGeodata(value))).toEqual(value);
      }),
    );
  });

  it('never emits a value outside the value shape, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (lat, lng, alt) => {
        const value = geodataFromTexts({ latitude: lat, longitude: lng, altitude: alt });
        expect(value === undefined || geodataValueSchema.safeParse(value).success).toBe(true);
      }),
    );
  });

  it('ignores any text with a letter in it', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'e', 'N', 'x', '°'), fc.string(), (before, letter, after) => {
        expect(parseCoordinate(`${before}${letter}${after}`, 'altitude')).toEqual({ kind: 'ignored' });
      }),
    );
  });

  it('keeps the texts unchanged when a change is ignored, and applies any numeric change', () => {
    fc.assert(
      fc.property(fc.constantFrom<CoordinateField>('latitude', 'longitude', 'altitude'), fc.string(), (field, text) => {
        const change = changeCoordinate(EMPTY, { field, text });
        const parsed = parseCoordinate(text, field);
        expect(change.kind === 'ignored').toBe(parsed.kind === 'ignored');
        expect(change.kind === 'ignored' || change.texts[field] === text).toBe(true);
      }),
    );
  });
});
