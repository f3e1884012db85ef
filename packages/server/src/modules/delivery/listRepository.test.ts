import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryListQuerySchema, deliveryListResponseSchema } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '../../config.ts';
import { DIALECTS, insertTaxonomyAsset, openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';
import { createDocumentMaker } from './documents.ts';
import { compareStoredText } from './listRepository.ts';
import { withDocuments } from './repository.ts';
import { createDeliveryService, type DeliveryService } from './service.ts';

describe('compareStoredText', () => {
  it('orders as the bytes of UTF-8 do, also where UTF-16 units would not', () => {
    const texts = ['b', 'a', '', 'ab', '\u{1F600} smile', '\uFF21 wide', 'é', '\u{10000}', '\u{1F600}', 'z'];
    const byBytes = texts.toSorted((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(texts.toSorted(compareStoredText)).toEqual(byBytes);
    // UTF-16 units put U+FF21 after the surrogate pair of U+1F600: the case the comparison exists for.
    const [wide, smile] = ['\uFF21', '\u{1F600}'];
    expect(wide.charCodeAt(0)).toBeGreaterThan(smile.charCodeAt(0));
    expect(compareStoredText(wide, smile)).toBeLessThan(0);
  });
});

/** Titles whose order differs between UTF-16 units and code points, and first publishes with a tie. */
const STORIES = [
  { title: 'Alpine start', at: '2026-01-05T10:00:00.000Z' },
  { title: '\uFF21 wide letters', at: '2026-01-04T10:00:00.000Z' },
  { title: '\u{1F600} smiling', at: '2026-01-04T10:00:00.000Z' },
  { title: 'Zebra crossing', at: '2026-01-03T10:00:00.000Z' },
  { title: 'river run', at: '2026-01-02T10:00:00.000Z' },
  { title: 'Alpine finish', at: '2026-01-01T10:00:00.000Z' },
  { title: 'Mountain story', at: '2026-01-04T10:00:00.000Z' },
];

describe.each(DIALECTS)('delivery list pages from documents and the queue (%s)', (dialect) => {
  let dir: string;
  let database: TestDatabase;
  let service: DeliveryService;
  const ids: string[] = [];
  const key = { keyId: 'every space', spaces: DEFAULT_SPACES, locales: DEFAULT_LOCALES, requestsPerSecond: null };
  const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
  const serviceOptions = (allSpaces: readonly string[], allLocales: readonly string[]) => ({ db: database.db, dialect, stencils, images: {}, allSpaces, allLocales, cursorKey: async () => Buffer.alloc(32) });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-delivery-list-'));
    database = await openTestDatabase(dialect, dir);
    service = createDeliveryService(serviceOptions(DEFAULT_SPACES, DEFAULT_LOCALES));
    for (const story of STORIES) {
      const id = crypto.randomUUID();
      ids.push(id);
      await insertTaxonomyAsset(database, { id, stencil: 'story', space: 'rbcom', title: story.title });
      await database.db.updateTable('asset_localization').set({ first_published_at: story.at }).where('asset_id', '=', id).execute();
    }
    const maker = createDocumentMaker({ db: database.db, dialect, make: service.makeDocuments, fingerprint: service.fingerprint, now: () => new Date(), onError: () => undefined });
    while ((await maker.runOnce()) > 0);
    // Every other story changed since: queued, its document dropped, until the maker (not run again) makes it.
    for (const id of ids.filter((_, index) => index % 2 === 1)) {
      await database.db.updateTable('asset_localization').set({ last_published_at: new Date().toISOString() }).where('asset_id', '=', id).execute();
    }
  });
  afterAll(async () => {
    await service.close();
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every page of the list, `limit` at a time, following each page's cursor. */
  async function walk(sort: 'newest' | 'title', limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const query = deliveryListQuerySchema.parse({ locale: 'en', stencil: 'story', sort, limit: String(limit), ...(cursor === undefined ? {} : { cursor }) });
      const page = deliveryListResponseSchema.parse(JSON.parse((await service.list(key, query)).json));
      seen.push(...page._embedded.item.map((item) => item.id));
      const next = page._links.next?.href;
      if (next === undefined) return seen;
      cursor = new URL(next, 'http://localhost').searchParams.get('cursor') ?? undefined;
    }
    throw new Error('the list did not end within 20 pages');
  }

  it('pages through both in the order the database itself sorts them', async () => {
    const queued = await withDocuments(database.db).selectFrom('delivery_document_queue').select('asset_id').execute();
    const documents = await withDocuments(database.db).selectFrom('delivery_document').select('asset_id').execute();
    expect(queued.map((row) => row.asset_id).toSorted()).toEqual(ids.filter((_, index) => index % 2 === 1).toSorted());
    expect(documents.map((row) => row.asset_id).toSorted()).toEqual(ids.filter((_, index) => index % 2 === 0).toSorted());

    const newest = await database.db.selectFrom('asset_localization').select('asset_id').where('stencil', '=', 'story').orderBy('first_published_at', 'desc').orderBy('asset_id', 'desc').orderBy('locale', 'desc').execute();
    const byTitle = await database.db
      .selectFrom('asset_localization')
      .select('asset_id')
      .where('stencil', '=', 'story')
      .orderBy(sql`lower(published_title)`)
      .orderBy('asset_id')
      .orderBy('locale')
      .execute();
    for (const limit of [1, 2, 3, 50]) {
      expect(await walk('newest', limit), `newest, ${limit} a page`).toEqual(newest.map((row) => row.asset_id));
      expect(await walk('title', limit), `by title, ${limit} a page`).toEqual(byTitle.map((row) => row.asset_id));
    }
  });

  /** The ids of a page of up to 50 English versions. */
  const listed = async (query: Record<string, string>) =>
    deliveryListResponseSchema.parse(JSON.parse((await service.list(key, deliveryListQuerySchema.parse({ locale: 'en', limit: '50', ...query }))).json))._embedded.item.map((item) => item.id);

  it('answers each request of one statement shape with its own values: stencils, spaces, date bounds', async () => {
    const all = await listed({ stencil: 'story' });
    expect(all.toSorted()).toEqual(ids.toSorted());
    expect(await listed({ stencil: 'video' })).toEqual([]);
    expect(await listed({ stencil: 'story' })).toEqual(all);
    expect(await listed({ stencil: 'video,story' })).toEqual(all);
    expect(await listed({ space: 'rbcom' })).toEqual(all);
    // A space's value goes into a LIKE pattern escaped: `_` is no wildcard.
    expect(await listed({ space: 'rbco_' })).toEqual([]);
    expect(await listed({ space: 'rbcom' })).toEqual(all);
    const fourth = STORIES.filter((story) => story.at.startsWith('2026-01-04')).length;
    expect(await listed({ publishedFrom: '2026-01-04', publishedTo: '2026-01-04T23:59:59Z' })).toHaveLength(fourth);
    expect(await listed({ publishedFrom: '2026-01-01', publishedTo: '2026-01-01T23:59:59Z' })).toHaveLength(1);
  });

  it('reads a document for a key of every locale only while the installation has the spaces and locales it was made for', async () => {
    const [withDocument] = ids;
    const read = async (reader: DeliveryService, locales: readonly string[], spaces: readonly string[]) =>
      reader.getAsset({ ...key, locales, spaces }, { id: withDocument ?? '', locale: 'en', fields: undefined });
    // The document's own ETag marks an answer read from it; one made for the request has none.
    const fromDocument = await read(service, DEFAULT_LOCALES, DEFAULT_SPACES);
    expect(fromDocument.etag).toBeDefined();
    expect((await read(service, ['en'], ['rbcom'])).etag).toBeDefined();
    for (const [spaces, locales] of [
      [DEFAULT_SPACES, [...DEFAULT_LOCALES, 'xx']],
      [[...DEFAULT_SPACES, 'another'], DEFAULT_LOCALES],
    ] as const) {
      const other = createDeliveryService(serviceOptions(spaces, locales));
      try {
        expect(other.fingerprint).not.toBe(service.fingerprint);
        const made = await read(other, locales, spaces);
        expect([made.etag, made.json]).toEqual([undefined, fromDocument.json]);
      } finally {
        await other.close();
      }
    }
  });
});
