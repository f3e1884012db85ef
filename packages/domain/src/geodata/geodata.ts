// The value shape itself (spec 002 §3) is `geodataValueSchema` beside the other value shapes.
import { geodataValueSchema, type GeodataValue } from '../asset/values.ts';

/** Spec 002 §9: geodata changes reach the store debounced by 500 ms. */
export const GEODATA_DEBOUNCE_MS = 500;

/** Spec 002 §9: the geodata map opens at zoom 2 without a value and at zoom 8 with one. */
export const GEODATA_INITIAL_ZOOM = { empty: 2, withValue: 8 } as const;

export type CoordinateField = 'latitude' | 'longitude' | 'altitude';

/**
 * Geodata altitude in metres (spec 002 §3 leaves it open): from below the deepest sea floor (−10,935 m) to above the
 * highest summit (8,849 m). Anything outside is a typo or a unit mix-up: the widget ignores it, a save refuses it.
 */
export const ALTITUDE_RANGE = { min: -11_000, max: 9_000 } as const;

/** The range a coordinate may take (spec 002 §3 value shape). */
export const COORDINATE_RANGE: Record<CoordinateField, { min: number; max: number }> = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  altitude: ALTITUDE_RANGE,
};

/**
 * What a typed coordinate comes to: nothing typed, the start of a number still being typed (a sign, a decimal
 * mark), a number, or text that is not a number and so changes nothing.
 */
export type ParsedCoordinate = { kind: 'empty' } | { kind: 'incomplete' } | { kind: 'number'; value: number } | { kind: 'ignored' };

// Plain decimal notation, a comma as the decimal mark too; no exponents, no thousands separators, no units.
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;
const NUMBER_START = /^[+-]?[.,]?$/;

/**
 * Spec 002 §5 geodata: "numbers must be numeric or the change is ignored". Blank text is empty; a lone sign or
 * decimal mark is a number being typed; a decimal number inside the field's range is a number; anything else
 * (letters, exponents, out of range) is ignored.
 */
export function parseCoordinate(text: string, field: CoordinateField): ParsedCoordinate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (NUMBER_START.test(trimmed)) return { kind: 'incomplete' };
  if (!DECIMAL.test(trimmed)) return { kind: 'ignored' };
  const value = Number(trimmed.replace(',', '.'));
  const { min, max } = COORDINATE_RANGE[field];
  if (!Number.isFinite(value) || value < min || value > max) return { kind: 'ignored' };
  // -0 is 0 to everyone who reads a coordinate.
  return { kind: 'number', value: value === 0 ? 0 : value };
}

export interface CoordinateTexts {
  latitude: string;
  longitude: string;
  altitude: string;
}

/** The result of a change of one coordinate field: the texts to show and the value to emit, or `ignored`. */
export type CoordinateChange = { kind: 'ignored' } | { kind: 'changed'; texts: CoordinateTexts; value: GeodataValue | undefined };

/**
 * Spec 002 §5 geodata: a change to one field is ignored unless it is numeric (or cleared); a value is emitted only
 * once latitude and longitude are both set, altitude being optional. Clearing latitude or longitude clears the value.
 */
export function changeCoordinate(texts: CoordinateTexts, change: { field: CoordinateField; text: string }): CoordinateChange {
  if (parseCoordinate(change.text, change.field).kind === 'ignored') return { kind: 'ignored' };
  const next = { ...texts, [change.field]: change.text };
  return { kind: 'changed', texts: next, value: geodataFromTexts(next) };
}

/** The value the three fields come to: latitude and longitude needed, altitude optional (spec 002 §5). */
export function geodataFromTexts(texts: CoordinateTexts): GeodataValue | undefined {
  const latitude = parseCoordinate(texts.latitude, 'latitude');
  const longitude = parseCoordinate(texts.longitude, 'longitude');
  if (latitude.kind !== 'number' || longitude.kind !== 'number') return undefined;
  const altitude = parseCoordinate(texts.altitude, 'altitude');
  return { latitude: latitude.value, longitude: longitude.value, ...(altitude.kind === 'number' ? { altitude: altitude.value } : {}) };
}

/** A number as the fields show it: plain decimals, never an exponent (which the fields would not take back). */
function decimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(12).replace(/\.?0+$/, '');
}

/** The texts a value shows in the three fields. */
export function textsOfGeodata(value: GeodataValue | undefined): CoordinateTexts {
  if (!value) return { latitude: '', longitude: '', altitude: '' };
  return { latitude: decimalText(value.latitude), longitude: decimalText(value.longitude), altitude: value.altitude === undefined ? '' : decimalText(value.altitude) };
}

/** The stored value as a geodata value, or undefined when it is none. */
export function geodataOf(value: unknown): GeodataValue | undefined {
  const parsed = geodataValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
