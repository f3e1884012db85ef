import { isRecord } from '../isRecord.ts';
import type { z } from 'zod';
import { childInputs, isExternalUrlInput, type InputDefinition, type InputType } from '../asset/inputs.ts';
import { elementStyleProblem } from '../asset/elementStyle.ts';
import {
  assetReferenceSchema,
  dateTimeValueSchema,
  geodataValueSchema,
  mediaValueSchema,
  resultsTableValueSchema,
  tableValueSchema,
} from '../asset/values.ts';
import { ALTITUDE_RANGE } from '../geodata/geodata.ts';
import { activeUrlScheme } from './activeUrl.ts';
import { referenceIdProblem } from './referenceId.ts';

/** Spec 000 §5, 002 §3: the event date fields that accept a date, or a date and time, whatever their date kind. */
export const EVENT_DATE_INPUTS: readonly string[] = ['event-start-date', 'event-end-date'];

const STRUCTURED: Partial<Record<InputType, z.ZodType>> = {
  'date-time': dateTimeValueSchema,
  asset: assetReferenceSchema,
  'child-ref': assetReferenceSchema,
  service: mediaValueSchema,
  image: mediaValueSchema,
  'mime:image': mediaValueSchema,
  geodata: geodataValueSchema,
  table: tableValueSchema,
  'results-table': resultsTableValueSchema,
};

const ONE_OF_KEYS = new Set(['type', 'value', '_meta']);

/** The input types whose value is a media value (spec 000 §3): images, video, audio and embeds. */
const MEDIA_TYPES: ReadonlySet<InputType> = new Set(['service', 'image', 'mime:image']);
/** The input types whose value is an asset reference (spec 002 §3): galleries' images, linked assets, children. */
const REFERENCE_TYPES: ReadonlySet<InputType> = new Set(['asset', 'child-ref']);


/**
 * The most UTF-16 units a text or select value may have, whatever its constraints; above it a value is no draft but
 * nonsense, refused before anything else reads it. A title's maxLength is in the hundreds.
 */
export const TEXT_LENGTH_CAP = 100_000;
/** The most UTF-16 units of a rich-text value, markup included: a long story's text element is some tens of thousands. */
export const RICH_TEXT_LENGTH_CAP = 1_000_000;

/** The length cap of a text value, counted as stored (markup included), so that it is known before any markup is read. */
function textCapProblem(input: InputDefinition, value: string, path: string): string | undefined {
  const cap = input.type === 'rich-text' ? RICH_TEXT_LENGTH_CAP : TEXT_LENGTH_CAP;
  return value.length > cap ? `${path}: expected at most ${cap} characters, got ${value.length}` : undefined;
}

/**
 * A URL input (a call to action's address among them) never stores a `javascript:`, `vbscript:` or `data:` address:
 * it would run wherever the address is opened. Other wrong addresses are drafts the external URL check reports.
 */
function activeAddressProblem(input: InputDefinition, value: string, path: string): string | undefined {
  if (!isExternalUrlInput(input)) return undefined;
  const scheme = activeUrlScheme(value);
  return scheme === undefined ? undefined : `${path}: a "${scheme}:" address runs code where it is opened and is never stored; enter an http:// or https:// address`;
}

/** An ISO-8601 date, or date and time (seconds and fraction optional, zone optional). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;

function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth && hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
}

/**
 * Spec 000 §5, §9 date kinds: which forms a date-time input accepts. DATE takes a date, DATETIME a date and time,
 * DATE_OR_DATETIME (or no kind) both; event-start-date and event-end-date always take both.
 */
export function acceptedDateForms(input: Pick<InputDefinition, 'name' | 'constraints'>): {
  dateOnly: boolean;
  dateTime: boolean;
} {
  const kind = input.constraints?.dateKind;
  if (EVENT_DATE_INPUTS.includes(input.name) || kind === undefined || kind === 'DATE_OR_DATETIME') {
    return { dateOnly: true, dateTime: true };
  }
  return { dateOnly: kind === 'DATE', dateTime: kind === 'DATETIME' };
}


function own(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** The id of a media value or reference, when it is no id (`referenceIdProblem`); the id is quoted, cut at 80 characters. */
function idShape(id: string, path: string): string | undefined {
  const problem = referenceIdProblem(id);
  if (problem === undefined) return undefined;
  const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id;
  return `${path}: ${JSON.stringify(shown)} is not an id: ${problem}`;
}

/** Spec 000 §3, 002 §3: the ids a structured value names, each checked by `referenceIdProblem`. */
function idsShape(input: InputDefinition, value: unknown, path: string): string | undefined {
  if (MEDIA_TYPES.has(input.type)) {
    const media = mediaValueSchema.parse(value);
    const assetId = media.attributes?.assetId;
    return idShape(media.referenceId, `${path}.referenceId`) ?? (typeof assetId === 'string' ? idShape(assetId, `${path}.attributes.assetId`) : undefined);
  }
  if (REFERENCE_TYPES.has(input.type)) return idShape(assetReferenceSchema.parse(value).id, `${path}.id`);
  if (input.type === 'results-table') {
    for (const [rowIndex, row] of resultsTableValueSchema.parse(value).rows.entries()) {
      for (const [cellIndex, cell] of row.cells.entries()) {
        const problem = typeof cell.value === 'object' && cell.value !== null ? idShape(cell.value.id, `${path}.rows.${rowIndex}.cells.${cellIndex}.value.id`) : undefined;
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/** Checks beyond the zod schema of a structured value. */
function structuredShape(input: InputDefinition, value: unknown, path: string): string | undefined {
  const idProblem = idsShape(input, value, path);
  if (idProblem) return idProblem;
  if (input.type === 'geodata') {
    const { altitude } = geodataValueSchema.parse(value);
    if (altitude !== undefined && (altitude < ALTITUDE_RANGE.min || altitude > ALTITUDE_RANGE.max)) {
      return `${path}: altitude is between ${ALTITUDE_RANGE.min} and ${ALTITUDE_RANGE.max} metres, got ${altitude}`;
    }
  }
  if (input.type === 'date-time') {
    const { date, isDateOnly } = dateTimeValueSchema.parse(value);
    if (!isIsoDate(date)) return `${path}: expected an ISO-8601 date, got "${date}"`;
    const forms = acceptedDateForms(input);
    if (isDateOnly && !forms.dateOnly) return `${path}: expected a date and time, got a date`;
    if (!isDateOnly && !forms.dateTime) return `${path}: expected a date, got a date and time`;
  }
  if (input.type === 'table' || input.type === 'results-table') {
    const table = input.type === 'table' ? tableValueSchema.parse(value) : resultsTableValueSchema.parse(value);
    const index = table.rows.findIndex((row) => row.cells.length !== table.columns.length);
    const row = table.rows[index];
    if (row) return `${path}: row ${index} has ${row.cells.length} cells for ${table.columns.length} columns`;
  }
  return undefined;
}

function childrenShape(input: InputDefinition, value: unknown, path: string): string | undefined {
  const children = childInputs(input);
  if (input.type === 'container') {
    if (!isRecord(value)) return `${path}: expected container, got ${describe(value)}`;
    const unknown = Object.keys(value).find((key) => !children.some((child) => child.name === key));
    if (unknown !== undefined) return `${path}: unknown property "${unknown}"`;
    for (const child of children) {
      const problem = shapeAt(child, own(value, child.name), `${path}.${child.name}`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (input.type === 'ordered-container') {
    if (!Array.isArray(value)) return `${path}: expected ordered-container, got ${describe(value)}`;
    if (value.length > children.length) return `${path}: expected at most ${children.length} items, got ${value.length}`;
    for (const [index, child] of children.entries()) {
      const problem = shapeAt(child, value[index], `${path}.${index}`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isRecord(value)) return `${path}: expected one-of-container, got ${describe(value)}`;
  const unknown = Object.keys(value).find((key) => !ONE_OF_KEYS.has(key));
  if (unknown !== undefined) return `${path}: unknown property "${unknown}"`;
  if (value._meta !== undefined && !isRecord(value._meta)) return `${path}: expected _meta to be an object`;
  if (value.type === undefined || value.type === null) {
    return value.value === undefined || value.value === null ? undefined : `${path}: a value without a type`;
  }
  const choice = children.find((child) => child.name === value.type);
  if (!choice) return `${path}: "${String(value.type)}" is not a choice of ${input.name}`;
  const styleProblem = elementStyleProblem(choice, isRecord(value._meta) ? value._meta.style : undefined, path);
  if (styleProblem) return styleProblem;
  return shapeAt(choice, value.value, `${path}.${choice.name}`);
}

function singleShape(input: InputDefinition, value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const got = `${path}: expected ${input.type}, got ${describe(value)}`;
  switch (input.type) {
    case 'text':
    case 'rich-text':
    case 'select':
      return typeof value === 'string' ? (textCapProblem(input, value, path) ?? activeAddressProblem(input, value, path)) : got;
    case 'number':
      return typeof value === 'number' && (Number.isFinite(value) || Number.isNaN(value)) ? undefined : got;
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : got;
    case 'container':
    case 'ordered-container':
    case 'one-of-container':
      return childrenShape(input, value, path);
    default: {
      const schema = STRUCTURED[input.type];
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (result.success) return structuredShape(input, value, path);
      const [issue] = result.error.issues;
      if (!issue) return got;
      const where = issue.path.map(String).join('.');
      return `${path}: expected ${input.type}, ${where === '' ? '' : `${where}: `}${issue.message}`;
    }
  }
}

function shapeAt(input: InputDefinition, value: unknown, path: string): string | undefined {
  if (!input.multiple) return singleShape(input, value, path);
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return `${path}: expected a list of ${input.type}, got ${describe(value)}`;
  for (const [index, item] of value.entries()) {
    const problem = singleShape(input, item, `${path}.${index}`);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Spec 000 §3 value shapes: a message naming the input when a value has the wrong type or shape
 * ('title: expected text, got number') or a text is longer than its cap, else undefined. Empty values pass; rule
 * violations (maxLength included) are validateInput's.
 */
export function checkValueShape(input: InputDefinition, value: unknown): string | undefined {
  return shapeAt(input, value, input.name);
}

/** Spec 000 §3: the first shape problem of a content map, unknown input names included. */
export function checkContentShape(
  stencil: { inputs: readonly InputDefinition[] },
  content: Readonly<Record<string, unknown>>,
): string | undefined {
  const unknown = Object.keys(content).find((name) => !stencil.inputs.some((input) => input.name === name));
  if (unknown !== undefined) return `${unknown}: not an input of this stencil`;
  for (const input of stencil.inputs) {
    const problem = checkValueShape(input, own(content, input.name));
    if (problem) return problem;
  }
  return undefined;
}
