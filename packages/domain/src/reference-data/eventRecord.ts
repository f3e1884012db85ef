import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { EVENT_SOURCES, EVENT_STATUSES, eventSchema } from '../dashboard/dashboard.ts';
import { isLocaleId } from '../locale/locale.ts';
import { REFERENCE_DATA_BATCH_MAX, REFERENCE_DATA_PATH, importPreviewSchema, issuesOf } from './referenceData.ts';

export const EVENT_RECORDS_PATH = `${REFERENCE_DATA_PATH}/events`;

/** Whether the runtime knows the IANA time zone (`Europe/Vienna`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    return value.trim() !== '' && new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** An id the source system gives an event (an iCalendar UID, a row's id): printable, no spaces, at most 200 characters. */
export const externalIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(200)
  .regex(/^[^\s/\\?#%]+$/, 'letters, digits and punctuation without spaces, slashes, ?, # or %');

const localeId = z.string().refine(isLocaleId, 'a locale id such as en or de-AT');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const instant = z.iso.datetime({ offset: true, message: 'an ISO 8601 date and time with its offset, such as 2026-07-01T10:00:00Z' });

const locationSchema = z.strictObject({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'two capital letters (ISO 3166-1)'),
  countryName: text(100),
  city: text(100),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** The fields of an event as they are checked, without the defaults a new event takes. */
const eventFieldChecks = {
  title: text(300),
  description: z.string().max(5000),
  source: z.enum(EVENT_SOURCES),
  meppRef: z.string().max(100).nullable(),
  rbuRef: z.string().max(100).nullable(),
  locale: localeId,
  /** The other locales the event is translated into. */
  translations: z.array(localeId).max(50),
  tags: z.array(text(100)).max(50),
  spaces: z.array(text(100)).min(1, 'must name at least one').max(20),
  start: instant,
  end: instant,
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Vienna'),
  location: locationSchema,
  series: z.string().trim().max(300).nullable(),
  hostedByProduct: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  featuredImageUrl: z.url().max(1000).nullable(),
};

/** A new or replaced event: what is left out takes these defaults. */
const eventFields = {
  ...eventFieldChecks,
  description: eventFieldChecks.description.default(''),
  source: eventFieldChecks.source.default('CREPO'),
  meppRef: eventFieldChecks.meppRef.default(null),
  rbuRef: eventFieldChecks.rbuRef.default(null),
  locale: eventFieldChecks.locale.default('en'),
  translations: eventFieldChecks.translations.default([]),
  tags: eventFieldChecks.tags.default([]),
  series: eventFieldChecks.series.default(null),
  hostedByProduct: eventFieldChecks.hostedByProduct.default(true),
  status: eventFieldChecks.status.default('Confirmed'),
  featuredImageUrl: eventFieldChecks.featuredImageUrl.default(null),
};

const endsAfterStart = (event: { start?: string | undefined; end?: string | undefined }) =>
  event.start === undefined || event.end === undefined || Date.parse(event.end) > Date.parse(event.start);
const END_AFTER_START = { message: 'must be after start', path: ['end'] };

/** An event as technical admins and service accounts write it (spec 001 §3 Event), known by the source's external id. */
export const eventRecordInputSchema = z.strictObject({ externalId: externalIdSchema, ...eventFields }).refine(endsAfterStart, END_AFTER_START);
export type EventRecordInput = z.infer<typeof eventRecordInputSchema>;
/** The body of the upsert by external id: the event without its id, which the path names. */
export const eventRecordBodySchema = z.strictObject(eventFields).refine(endsAfterStart, END_AFTER_START);
/** Changing an event: the fields given change; start and end are checked together with the stored ones. */
export const eventRecordPatchSchema = z
  .strictObject(eventFieldChecks)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'name at least one field to change');
export type EventRecordPatch = z.infer<typeof eventRecordPatchSchema>;

export const eventRecordBatchSchema = z.strictObject({ items: z.array(z.unknown()).min(1).max(REFERENCE_DATA_BATCH_MAX) });

/** A stored event as its writers read it: the events calls' shape with its external id and link. */
export const eventRecordSchema = eventSchema.extend({ externalId: z.string().nullable(), _links: z.object({ self: linkSchema }) });
export type EventRecord = z.infer<typeof eventRecordSchema>;

/** A calendar or CSV file read into events, row by row. */
export const eventImportPreviewSchema = importPreviewSchema(eventRecordInputSchema);
export type EventImportPreview = z.infer<typeof eventImportPreviewSchema>;

/** An item of a batch checked alone: the event, or `field: message` lines. */
export function checkEventRecordInput(item: unknown): { item: EventRecordInput } | { errors: string[] } {
  const parsed = eventRecordInputSchema.safeParse(item);
  return parsed.success ? { item: parsed.data } : { errors: issuesOf(parsed.error) };
}
