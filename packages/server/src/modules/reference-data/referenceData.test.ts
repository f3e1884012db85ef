import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_RECORDS_PATH,
  MASTER_DATA_RECORDS_PATH,
  TAG_RECORDS_PATH,
  ZOE_RECORDS_PATH,
  eventImportPreviewSchema,
  eventRecordSchema,
  eventsResponseSchema,
  assetListResponseSchema,
  masterDataRecordSchema,
  tagFeedResponseSchema,
  tagRecordSchema,
  upsertBatchResultSchema,
  zoeLocalizationListSchema,
  zoeRecordSchema,
} from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { DEMO_TAGS, seedDemoTagsIfEmpty } from '../../demo/demoTags.ts';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
/** A technical admin's service account: a sign-in client whose token carries the role and nothing else. */
const SERVICE_ACCOUNT: TestUser = { sub: 'svc-calendar-sync', name: 'Calendar sync', rights: { roles: ['technical-admin-user'], spaces: [], localizations: [] } };
/** An admin without the technical admins' role. */
const ADMIN: TestUser = { sub: 'plain-admin', name: 'Paul Admin', rights: { roles: ['admin', 'content-manager'], spaces: ['rbcom'], localizations: ['en'] } };

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Harbour Jump 2026',
  start: '2026-07-01T10:00:00+02:00',
  end: '2026-07-01T18:00:00+02:00',
  timeZone: 'Europe/Vienna',
  spaces: ['rbcom'],
  location: { countryCode: 'AT', countryName: 'Austria', city: 'Salzburg', lat: 47.8, lng: 13.05 },
  tags: ['cliff-diving'],
  ...overrides,
});

describe.each(DIALECTS)('reference data: events, master data and ZOE localizations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: user ? await t.auth(user) : {} });
  const auditOf = async (target: string) => {
    await t.app.auditLog.flush();
    const rows = await t.database.db.selectFrom('audit_log').select(['event', 'user_id', 'outcome', 'detail']).where('target', '=', target).orderBy('id').execute();
    return rows.map((row) => ({ event: row.event, user: row.user_id, detail: JSON.parse(row.detail) as Record<string, unknown> }));
  };
  const countOf = async (table: 'event' | 'master_data_record' | 'zoe_localization' | 'tag_resource') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('upserts an event by its external id: created once, then unchanged, then updated, each change in the audit log', async () => {
    const externalId = `uid-${crypto.randomUUID()}@calendar.example`;
    const url = `${EVENT_RECORDS_PATH}/by-external-id/${encodeURIComponent(externalId)}`;
    const first = await call(TECH_ADMIN, 'PUT', url, eventBody());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().outcome).toBe('created');
    const created = eventRecordSchema.parse(first.json().data);
    expect(created).toMatchObject({ externalId, title: 'Harbour Jump 2026', startDate: { dateTimeUTC: '2026-07-01T08:00:00.000Z', targetTimezone: 'Europe/Vienna' }, source: 'CREPO', status: 'Confirmed', hostedByProduct: true });

    const again = await call(SERVICE_ACCOUNT, 'PUT', url, eventBody());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'unchanged', data: { id: created.id } });

    const changed = await call(SERVICE_ACCOUNT, 'PUT', url, eventBody({ title: 'Harbour Jump 2026 (moved)', end: '2026-07-02T18:00:00+02:00' }));
    expect(changed.json()).toMatchObject({ outcome: 'updated', data: { id: created.id, title: 'Harbour Jump 2026 (moved)' } });
    expect(await t.database.db.selectFrom('event').select('id').where('external_id', '=', externalId).execute()).toHaveLength(1);

    const audit = await auditOf(`events/${created.id}`);
    expect(audit.map((entry) => [entry.event, entry.user])).toEqual([
      ['reference-data-create', 'admin'],
      ['reference-data-update', 'svc-calendar-sync'],
    ]);
    expect(audit[1]?.detail).toEqual({ kind: 'events', externalId, changed: ['title', 'end_utc', 'search_text'] });
  });

  it('lists a written event in the events calls, and changes and deletes it by its id', async () => {
    const created = await call(TECH_ADMIN, 'POST', EVENT_RECORDS_PATH, { ...eventBody({ title: 'Lake Sprint' }), externalId: `sprint-${crypto.randomUUID()}` });
    expect(created.statusCode, created.body).toBe(201);
    const { id, _links } = eventRecordSchema.parse(created.json());
    expect(_links.self.methods).toEqual(['GET', 'PUT', 'PATCH', 'DELETE']);
    const listed = async () => eventsResponseSchema.parse((await call(EDITOR, 'GET', '/api/v1/events?searchTerm=lake%20sprint')).json()).data.map((event) => event.id);
    expect(await listed()).toEqual([id]);

    const patched = await call(TECH_ADMIN, 'PATCH', `${EVENT_RECORDS_PATH}/${id}`, { status: 'Postponed', translations: ['de'] });
    expect(patched.json()).toMatchObject({ status: 'Postponed', translations: ['de'], title: 'Lake Sprint' });
    expect((await call(TECH_ADMIN, 'PATCH', `${EVENT_RECORDS_PATH}/${id}`, { end: '2026-06-30T00:00:00Z' })).json()).toEqual({ status: 400, messages: ['end: must be after start'], code: 'bad-request' });

    expect((await call(TECH_ADMIN, 'DELETE', `${EVENT_RECORDS_PATH}/${id}`)).statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    expect((await call(TECH_ADMIN, 'GET', `${EVENT_RECORDS_PATH}/${id}`)).statusCode).toBe(404);
    expect((await auditOf(`events/${id}`)).map((entry) => entry.event)).toEqual(['reference-data-create', 'reference-data-update', 'reference-data-delete']);
  });

  it('refuses bad events with the field and the reason, and writes nothing', async () => {
    const before = await countOf('event');
    const refused = async (payload: Record<string, unknown>) => {
      const response = await call(TECH_ADMIN, 'POST', EVENT_RECORDS_PATH, payload);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { messages: string[] }).messages.join(' | ');
    };
    expect(await refused({ ...eventBody(), externalId: 'ends-early', end: '2026-07-01T09:00:00+02:00' })).toContain('must be after start');
    expect(await refused({ ...eventBody(), externalId: 'no zone', timeZone: 'Mars/Olympus' })).toMatch(/externalId.*timeZone|timeZone/);
    expect(await refused({ ...eventBody(), externalId: 'unknown-space', spaces: ['moon'] })).toBe('spaces: moon is not one of rbcom, rbtv, global, rb-rookies, illume, media-partnerships, wrc, erc.');
    expect(await refused({ ...eventBody(), externalId: 'extra', colour: 'red' })).toMatch(/colour/);
    expect(await refused({ ...eventBody({ start: '1 July 2026' }), externalId: 'bad-date' })).toMatch(/start/);
    const duplicate = `dup-${crypto.randomUUID()}`;
    expect((await call(TECH_ADMIN, 'POST', EVENT_RECORDS_PATH, { ...eventBody(), externalId: duplicate })).statusCode).toBe(201);
    expect((await call(TECH_ADMIN, 'POST', EVENT_RECORDS_PATH, { ...eventBody(), externalId: duplicate })).statusCode).toBe(409);
    expect(await countOf('event')).toBe(before + 1);
  });

  it('documents every reference-data call in the API reference, with its body', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/v1/reference-data/events')).toSorted()).toEqual([
      '/api/v1/reference-data/events',
      '/api/v1/reference-data/events/by-external-id/{externalId}',
      '/api/v1/reference-data/events/import-preview',
      '/api/v1/reference-data/events/upserts',
      '/api/v1/reference-data/events/{id}',
    ]);
    const upsert = document.paths['/api/v1/reference-data/events/by-external-id/{externalId}']?.put;
    expect(JSON.stringify(upsert?.requestBody)).toContain('timeZone');
    expect(upsert?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/reference-data/master-data/{domain}/{model}/{masterId}']?.put).toBeDefined();
    expect(document.paths['/api/v1/reference-data/zoe-localizations/{id}']?.patch).toBeDefined();
  });

  it('lets only technical admins and service accounts write or read reference data', async () => {
    const before = await countOf('event');
    for (const user of [EDITOR, ADMIN]) {
      expect((await call(user, 'POST', EVENT_RECORDS_PATH, { ...eventBody(), externalId: 'refused' })).statusCode).toBe(403);
      expect((await call(user, 'PUT', `${ZOE_RECORDS_PATH}/${'a'.repeat(24)}`, { title: 'Quiz', engagement: 'Quiz', slug: 'quiz', locale: 'en' })).statusCode).toBe(403);
      expect((await call(user, 'POST', `${MASTER_DATA_RECORDS_PATH}/upserts`, { items: [{}] })).statusCode).toBe(403);
    }
    expect((await call(undefined, 'POST', `${EVENT_RECORDS_PATH}/upserts`, { items: [{}] })).statusCode).toBe(401);
    expect(await countOf('event')).toBe(before);
  });

  it('upserts a batch item by item: good items are written, bad ones reported with their reasons', async () => {
    const good = `batch-${crypto.randomUUID()}`;
    const response = await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/upserts`, {
      items: [{ ...eventBody({ title: 'Batch One' }), externalId: good }, { ...eventBody({ spaces: ['moon'] }), externalId: `batch-bad-${crypto.randomUUID()}` }, { externalId: 'no-title' }, 'not an event'],
    });
    const { results } = upsertBatchResultSchema.parse(response.json());
    expect(results.map((result) => result.outcome)).toEqual(['created', 'failed', 'failed', 'failed']);
    expect(results[1]?.errors).toEqual(['spaces: moon is not one of rbcom, rbtv, global, rb-rookies, illume, media-partnerships, wrc, erc.']);
    expect(results[2]?.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^title: /), expect.stringMatching(/^start: /)]));
    const repeated = upsertBatchResultSchema.parse((await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/upserts`, { items: [{ ...eventBody({ title: 'Batch One' }), externalId: good }] })).json());
    expect(repeated.results).toEqual([{ externalId: good, outcome: 'unchanged', href: results[0]?.href }]);
    expect((await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/upserts`, { items: Array.from({ length: 101 }, () => ({})) })).statusCode).toBe(400);
  });

  it('reads a calendar file into events row by row, and writes nothing', async () => {
    const before = await countOf('event');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:final-1@example.com',
      'DTSTART;TZID=Europe/Vienna:20260801T180000',
      'DTEND;TZID=Europe/Vienna:20260801T220000',
      'SUMMARY:Harbour Finals',
      'LOCATION:Hangar-7\\, Salzburg\\, Austria',
      'CATEGORIES:cliff-diving,finals',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:no-end@example.com',
      'DTSTART:20260802T100000Z',
      'SUMMARY:Open end',
      'LOCATION:Salzburg',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const response = await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/import-preview`, { format: 'ics', text: ics, spaces: ['rbcom'] });
    expect(response.statusCode, response.body).toBe(200);
    const preview = eventImportPreviewSchema.parse(response.json());
    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows[0]).toMatchObject({ row: 1, externalId: 'final-1@example.com', errors: [], item: { title: 'Harbour Finals', start: '2026-08-01T16:00:00.000Z', timeZone: 'Europe/Vienna', spaces: ['rbcom'], tags: ['cliff-diving', 'finals'], location: { city: 'Salzburg', countryCode: 'AT' } } });
    expect(preview.rows[1]).toMatchObject({ row: 2, externalId: 'no-end@example.com', errors: ['end: the event has neither DTEND nor DURATION'] });
    const notACalendar = eventImportPreviewSchema.parse((await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/import-preview`, { format: 'ics', text: 'hello' })).json());
    expect(notACalendar.fileErrors[0]).toMatch(/^The file is not an iCalendar file/);
    expect((await call(TECH_ADMIN, 'POST', `${EVENT_RECORDS_PATH}/import-preview`, { format: 'json', text: '[]' })).statusCode).toBe(400);
    expect(await countOf('event')).toBe(before);
  });

  it('writes master data the import by domain, model and id then makes an asset from', async () => {
    const masterId = `ath-${crypto.randomUUID()}`;
    const url = `${MASTER_DATA_RECORDS_PATH}/sports/athlete/${masterId}`;
    const body = { space: 'rbcom', title: 'Mira Vogel', content: { 'first-name': 'Mira', 'last-name': 'Vogel' } };
    const first = await call(SERVICE_ACCOUNT, 'PUT', url, body);
    expect(first.statusCode, first.body).toBe(201);
    const record = masterDataRecordSchema.parse(first.json().data);
    expect(record).toMatchObject({ program: 'meppconnect', locale: 'en', stencil: 'athlete', content: { 'first-name': 'Mira', 'last-name': 'Vogel' } });
    expect((await call(SERVICE_ACCOUNT, 'PUT', url, body)).json().outcome).toBe('unchanged');
    expect((await call(SERVICE_ACCOUNT, 'PUT', url, { ...body, content: { 'first-name': 'Mira' } })).json().outcome).toBe('updated');

    const imported = await call(TECH_ADMIN, 'GET', record._links.import.href);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ stencil: 'athlete', created: true });

    expect((await call(TECH_ADMIN, 'PUT', `${MASTER_DATA_RECORDS_PATH}/sports/artist/${masterId}`, body)).statusCode).toBe(400);
    expect((await call(TECH_ADMIN, 'PUT', url, { ...body, space: 'moon' })).json()).toMatchObject({ status: 400, messages: [expect.stringMatching(/^space: moon is not one of/)] });
    expect((await call(TECH_ADMIN, 'PUT', url, { ...body, content: { 'First Name': 'x' } })).statusCode).toBe(400);
    expect((await call(TECH_ADMIN, 'PUT', url, { ...body, content: { 'frist-name': 'Mira' } })).json()).toEqual({ status: 400, messages: ['content: frist-name is not a field of the athlete stencil.'], code: 'bad-request' });
    expect((await call(TECH_ADMIN, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(TECH_ADMIN, 'GET', url)).statusCode).toBe(404);
    expect((await auditOf(`master-data/sports/athlete/${masterId}`)).map((entry) => entry.event)).toEqual(['reference-data-create', 'reference-data-update', 'reference-data-delete']);
  });

  it('writes ZOE localizations the embed search lists', async () => {
    const id = crypto.randomBytes(12).toString('hex');
    const url = `${ZOE_RECORDS_PATH}/${id.toUpperCase()}`;
    const body = { title: 'Wer gewinnt das Finale?', engagement: 'Finals predictor', slug: 'finals-predictor', locale: 'de-AT', fullscreenReady: true };
    const first = await call(TECH_ADMIN, 'PUT', url, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(zoeRecordSchema.parse(first.json().data)).toMatchObject({ id, locale: { language: 'de', country: 'AT' } });
    expect((await call(TECH_ADMIN, 'PUT', url, body)).json().outcome).toBe('unchanged');
    const search = async (locale: string) => zoeLocalizationListSchema.parse((await call(EDITOR, 'GET', `/api/v1/media/zoe/localizations?locale=${locale}&query=finals`)).json()).localizations;
    expect((await search('de-AT')).map((item) => item.id)).toEqual([id]);
    expect(await search('de-DE')).toEqual([]);
    expect((await call(TECH_ADMIN, 'PATCH', `${ZOE_RECORDS_PATH}/${id}`, { slug: 'Not A Slug' })).statusCode).toBe(400);
    expect((await call(TECH_ADMIN, 'PUT', `${ZOE_RECORDS_PATH}/not-hex`, body)).statusCode).toBe(400);
    expect((await call(TECH_ADMIN, 'DELETE', `${ZOE_RECORDS_PATH}/${id}`)).statusCode).toBe(204);
    expect(await search('de-AT')).toEqual([]);
    expect((await auditOf(`zoe-localizations/${id}`)).map((entry) => entry.event)).toEqual(['reference-data-create', 'reference-data-delete']);
  });

  it("writes the tag feed's tags, a playground project only under a broader tag that is not one, and keeps broader tags with narrower ones", async () => {
    const topic = `${Math.floor(100_000 + Math.random() * 899_999)}`;
    const project = `BP-${crypto.randomBytes(7).toString('hex').slice(0, 13).toUpperCase()}`;
    const first = await call(SERVICE_ACCOUNT, 'PUT', `${TAG_RECORDS_PATH}/meppconnect/${topic}`, { title: 'Running projects' });
    expect(first.statusCode, first.body).toBe(201);
    const parent = tagRecordSchema.parse(first.json().data);
    expect((await call(SERVICE_ACCOUNT, 'PUT', `${TAG_RECORDS_PATH}/meppconnect/${topic}`, { title: 'Running projects' })).json().outcome).toBe('unchanged');

    expect((await call(TECH_ADMIN, 'PUT', `${TAG_RECORDS_PATH}/mediaplanet/${project}`, { title: 'Orphan' })).json()).toEqual({
      status: 400,
      messages: ['broaderTag: a playground project needs a broader tag that is not itself a playground project.'],
      code: 'bad-request',
    });
    const created = await call(TECH_ADMIN, 'PUT', `${TAG_RECORDS_PATH}/mediaplanet/${project}`, { title: 'Wings for Life run', broaderTag: { origin: 'meppconnect', foreignId: topic } });
    expect(created.statusCode, created.body).toBe(201);
    expect(tagRecordSchema.parse(created.json().data)).toMatchObject({ attributes: { subType: 'playground-project', label: project, title: 'Wings for Life run' }, relationships: { broaderTag: { data: { id: parent.id } } } });
    // A project profile's "Playground project" field picks tag assets: the project has one, found by an editor's tag search.
    const search = await call(EDITOR, 'GET', `/api/v1/assets?${new URLSearchParams({ stencil: 'tag', q: 'Wings for Life run', limit: '50' }).toString()}`);
    const found = assetListResponseSchema.parse(search.json())._embedded.item.filter((item) => item.title === 'Wings for Life run');
    expect(found).toHaveLength(1);
    const asset = await t.database.db.selectFrom('asset').select(['id', 'external_reference']).where('id', '=', found[0]?.id ?? '').executeTakeFirstOrThrow();
    expect(JSON.parse(String(asset.external_reference))).toEqual({ origin: 'mediaplanet', foreignId: project });
    const assetVersion = await call(TECH_ADMIN, 'GET', `/api/v1/assets/${asset.id}/localizations/en`);
    expect(assetVersion.json().content).toMatchObject({ 'sub-type': { value: 'playground-project' }, 'playground-project-id': { value: project } });
    expect((await call(TECH_ADMIN, 'PUT', `${TAG_RECORDS_PATH}/mediaplanet/${project}`, { title: 'Wings for Life run', broaderTag: { origin: 'meppconnect', foreignId: topic } })).json().outcome).toBe('unchanged');
    expect(await t.database.db.selectFrom('asset').select('id').where('stencil', '=', 'tag').where('id', '=', asset.id).execute()).toHaveLength(1);
    const nested = `BP-${crypto.randomBytes(7).toString('hex').slice(0, 13).toUpperCase()}`;
    expect((await call(TECH_ADMIN, 'PUT', `${TAG_RECORDS_PATH}/mediaplanet/${nested}`, { title: 'Nested', broaderTag: { origin: 'mediaplanet', foreignId: project } })).statusCode).toBe(400);

    const feed = await call(EDITOR, 'GET', `/api/crepo/feed/v3/query?filter[meta.externalReference.origin]=mediaplanet&filter[meta.externalReference.foreignId]=${project}`);
    expect(tagFeedResponseSchema.parse(feed.json()).data.map((tag) => tag.attributes.title)).toEqual(['Wings for Life run']);

    expect((await call(TECH_ADMIN, 'DELETE', `${TAG_RECORDS_PATH}/meppconnect/${topic}`)).json()).toMatchObject({ status: 409, messages: [`The meppconnect tag ${topic} is the broader tag of 1 other tag; delete or move them first.`] });
    expect((await call(TECH_ADMIN, 'DELETE', `${TAG_RECORDS_PATH}/mediaplanet/${project}`)).statusCode).toBe(204);
    expect((await call(TECH_ADMIN, 'DELETE', `${TAG_RECORDS_PATH}/meppconnect/${topic}`)).statusCode).toBe(204);
    expect((await auditOf(`tags/meppconnect/${topic}`)).map((entry) => [entry.event, entry.user])).toEqual([
      ['reference-data-create', 'svc-calendar-sync'],
      ['reference-data-delete', 'admin'],
    ]);
  });

  it('imports a tags file whose broader tags come first, and seeds the demo tags through the same upsert', async () => {
    const topic = `${Math.floor(100_000 + Math.random() * 899_999)}`;
    const project = `BP${crypto.randomBytes(9).toString('hex').toUpperCase()}`;
    const preview = await call(TECH_ADMIN, 'POST', `${TAG_RECORDS_PATH}/import-preview`, {
      format: 'csv',
      text: `origin,foreignId,title,broaderOrigin,broaderForeignId\nmeppconnect,${topic},Ski season,,\nmediaplanet,${project},Ski launch,meppconnect,${topic}\nmoon,1,Bad origin,,\n`,
    });
    const rows = preview.json().rows as Array<{ item?: unknown; errors: string[] }>;
    expect(rows.map((row) => row.errors.length)).toEqual([0, 0, 1]);
    const batch = upsertBatchResultSchema.parse((await call(TECH_ADMIN, 'POST', `${TAG_RECORDS_PATH}/upserts`, { items: rows.slice(0, 2).map((row) => row.item) })).json());
    expect(batch.results.map((result) => result.outcome)).toEqual(['created', 'created']);

    const before = await countOf('tag_resource');
    expect(await seedDemoTagsIfEmpty({ db: t.database.db, tags: t.app.tagRecords })).toBe(0);
    expect(await countOf('tag_resource')).toBe(before);
  });
});

describe.each(DIALECTS)('the demo tags (%s)', (dialect) => {
  it('are seeded into an empty store through the upsert, broader tags first', async () => {
    const t = await startTestApp(dialect);
    try {
      expect(await seedDemoTagsIfEmpty({ db: t.database.db, tags: t.app.tagRecords })).toBe(DEMO_TAGS.length);
      const projects = await t.database.db.selectFrom('tag_resource').select('foreign_id').where('sub_type', '=', 'playground-project').orderBy('foreign_id').execute();
      expect(projects.map((row) => row.foreign_id)).toEqual(['BP-ALPSKI2026CD2', 'BP-WFLRUN2026AB1']);
    } finally {
      await t.close();
    }
  });
});
