import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkEventRecordInput, eventRecordInputSchema, issuesOf, type EventRecordInput, type EventRecordPatch, type UpsertResult } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import * as repo from '../events/repository.ts';
import type { EventRow } from '../events/repository.ts';
import { changedColumns, checkKnown, recordChange, textField, upsertEach, type RecordEditor } from './recordWriter.ts';

const listOf = (value: string) => value.split(',').filter(Boolean);
const listed = (values: readonly string[]) => `,${values.join(',')},`;

/** The event a stored row holds, as it is written (the inverse of `rowOf`). */
export function inputOf(row: EventRow): EventRecordInput {
  const locales = listOf(row.locales);
  return {
    externalId: row.external_id ?? row.id,
    title: row.title,
    description: row.description,
    source: row.source as EventRecordInput['source'],
    meppRef: row.mepp_ref,
    rbuRef: row.rbu_ref,
    locale: row.locale,
    translations: locales.filter((locale) => locale !== row.locale),
    tags: JSON.parse(row.tags) as string[],
    spaces: listOf(row.spaces),
    start: row.start_utc,
    end: row.end_utc,
    timeZone: row.time_zone,
    location: { countryCode: row.country_code, countryName: row.country_name, city: row.city, lat: Number(row.latitude), lng: Number(row.longitude) },
    series: row.series,
    hostedByProduct: row.hosted_by_product === 1,
    status: row.status as EventRecordInput['status'],
    featuredImageUrl: row.image_url,
  };
}

/** The stored row of an event: times in UTC, lists as `,a,b,` (each once, spaces sorted), the text `searchTerm` matches. */
export function rowOf(input: EventRecordInput, identity: { id: string; createdAt: string }): EventRow {
  const locales = [...new Set([input.locale, ...input.translations])];
  return {
    id: identity.id,
    external_id: input.externalId,
    title: input.title,
    description: input.description,
    source: input.source,
    mepp_ref: input.meppRef,
    rbu_ref: input.rbuRef,
    locale: input.locale,
    locales: listed(locales),
    tags: JSON.stringify([...new Set(input.tags)]),
    spaces: listed([...new Set(input.spaces)].toSorted()),
    start_utc: new Date(input.start).toISOString(),
    end_utc: new Date(input.end).toISOString(),
    time_zone: input.timeZone,
    country_code: input.location.countryCode,
    country_name: input.location.countryName,
    city: input.location.city,
    latitude: input.location.lat,
    longitude: input.location.lng,
    series: input.series,
    hosted_by_product: input.hostedByProduct ? 1 : 0,
    status: input.status,
    image_url: input.featuredImageUrl,
    search_text: [input.title, input.series ?? '', input.location.city, input.location.countryName].join(' ').toLowerCase(),
    created_at: identity.createdAt,
  };
}

export interface EventRecordsServiceOptions {
  db: Kysely<DB>;
  audit: AuditLog;
  /** The installation's spaces: an event is listed only in these. */
  spaces: readonly string[];
  now?: () => Date;
}

/**
 * Writing the events store (spec 001 §3 Event) that Event Opportunities, the event wizard and event profiles read:
 * create, change, delete, and the upsert by the source's external id that imports and service accounts use. Every
 * change is written to the audit log; an upsert that changes nothing writes nothing.
 */
export function createEventRecordsService(options: EventRecordsServiceOptions) {
  const { db, audit } = options;
  const clock = options.now ?? (() => new Date());

  async function get(id: string): Promise<EventRow> {
    const row = await repo.findEventById(db, id);
    if (!row) throw notFound(`There is no event ${id}.`);
    return row;
  }

  async function create(editor: RecordEditor, input: EventRecordInput): Promise<EventRow> {
    checkKnown('spaces', input.spaces, options.spaces);
    const row = rowOf(input, { id: crypto.randomUUID(), createdAt: clock().toISOString() });
    const written = await db.transaction().execute(async (trx) => {
      if (await repo.findEventByExternalId(trx, input.externalId)) return false;
      await repo.insertEvent(trx, row);
      return true;
    });
    if (!written) throw new HttpError(409, `An event with the external id '${input.externalId}' exists; change it, or upsert by its external id.`, { code: 'conflict' });
    recordChange(audit, { event: 'reference-data-create', editor, kind: 'events', target: row.id, externalId: input.externalId });
    return row;
  }

  async function update(editor: RecordEditor, id: string, patch: EventRecordPatch): Promise<EventRow> {
    const before = await get(id);
    const merged = eventRecordInputSchema.safeParse({ ...inputOf(before), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) });
    if (!merged.success) throw badRequest(issuesOf(merged.error));
    checkKnown('spaces', merged.data.spaces, options.spaces);
    const after = { ...rowOf(merged.data, { id: before.id, createdAt: before.created_at }), external_id: before.external_id };
    const changed = changedColumns(before, after);
    if (changed.length > 0) {
      await repo.updateEvent(db, after);
      recordChange(audit, { event: 'reference-data-update', editor, kind: 'events', target: id, externalId: before.external_id ?? id, changed });
    }
    return after;
  }

  async function remove(editor: RecordEditor, id: string): Promise<void> {
    const before = await get(id);
    if (!(await repo.deleteEvent(db, id))) throw notFound(`There is no event ${id}.`);
    recordChange(audit, { event: 'reference-data-delete', editor, kind: 'events', target: id, externalId: before.external_id ?? id });
  }

  /** Writes the event under its external id: new (created), different (updated) or the same (unchanged, nothing written). */
  async function upsert(editor: RecordEditor, input: EventRecordInput): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: EventRow }> {
    checkKnown('spaces', input.spaces, options.spaces);
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        const before = await repo.findEventByExternalId(trx, input.externalId);
        if (!before) {
          const row = rowOf(input, { id: crypto.randomUUID(), createdAt: clock().toISOString() });
          await repo.insertEvent(trx, row);
          return { outcome: 'created' as const, row, changed: [] as string[] };
        }
        const row = rowOf(input, { id: before.id, createdAt: before.created_at });
        const changed = changedColumns(before, row);
        if (changed.length === 0) return { outcome: 'unchanged' as const, row: before, changed };
        await repo.updateEvent(trx, row);
        return { outcome: 'updated' as const, row, changed };
      });
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      // Two writers of a new external id at once: the second finds the first one's event when it tries again.
      if (!(await repo.findEventByExternalId(db, input.externalId))) throw error;
      result = await attempt();
    }
    if (result.outcome === 'created') recordChange(audit, { event: 'reference-data-create', editor, kind: 'events', target: result.row.id, externalId: input.externalId });
    if (result.outcome === 'updated') recordChange(audit, { event: 'reference-data-update', editor, kind: 'events', target: result.row.id, externalId: input.externalId, changed: result.changed });
    return { outcome: result.outcome, row: result.row };
  }

  /** Upserts each item of a batch on its own (an import's rows); an item that fails is reported, the others are written. */
  async function upsertBatch(editor: RecordEditor, items: readonly unknown[], hrefOf: (row: EventRow) => string): Promise<UpsertResult[]> {
    return upsertEach({
      items,
      check: checkEventRecordInput,
      externalIdOf: (item) => textField(item, 'externalId'),
      upsert: async (item) => {
        const { outcome, row } = await upsert(editor, item);
        return { outcome, href: hrefOf(row) };
      },
    });
  }

  return { get, create, update, remove, upsert, upsertBatch };
}

export type EventRecordsService = ReturnType<typeof createEventRecordsService>;
