import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryListQuerySchema, deliveryListResponseSchema } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '../../config.ts';
import { DIALECTS, insertTaxonomyAsset, openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';
import { createDocumentMaker } from './documents.ts';
import { findQueued, queueOutdated, storeDocuments } from './documentsRepository.ts';
import { withDocuments } from './repository.ts';
import { createDeliveryService, type DeliveryService } from './service.ts';

const PAST = '2000-01-01T00:00:00.000Z';
const HOUR = 3_600_000;

describe.each(DIALECTS)('ready documents of versions that show other assets (%s)', (dialect) => {
  let dir: string;
  let database: TestDatabase;
  let db: TestDatabase['db'];
  let service: DeliveryService;
  let maker: ReturnType<typeof createDocumentMaker>;
  const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
  const serviceOptions = () => ({ db: database.db, dialect, stencils, images: {}, allSpaces: DEFAULT_SPACES, allLocales: DEFAULT_LOCALES, cursorKey: async () => Buffer.alloc(32) });
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-document-stamps-'));
    database = await openTestDatabase(dialect, dir);
    db = database.db;
    service = createDeliveryService(serviceOptions());
    maker = createDocumentMaker({ db: database.db, dialect, make: service.makeDocuments, fingerprint: service.fingerprint, now: () => new Date(), onError: () => undefined });
  });
  afterAll(async () => {
    await service.close();
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const makeAll = async () => {
    while ((await maker.runOnce()) > 0);
  };
  const documentOf = async (id: string) => (await withDocuments(db).selectFrom('delivery_document').select('json').where('asset_id', '=', id).executeTakeFirst())?.json;
  const isQueued = async (id: string) => (await withDocuments(db).selectFrom('delivery_document_queue').select('asset_id').where('asset_id', '=', id).executeTakeFirst()) !== undefined;
  /** Two published assets: a discipline, and a story that shows it once `showTarget` runs. */
  const storyAndTarget = async () => {
    const [target, story] = [crypto.randomUUID(), crypto.randomUUID()];
    await insertTaxonomyAsset(database, { id: target, stencil: 'discipline', space: 'rbcom', title: `Kayaking ${target.slice(0, 8)}` });
    await insertTaxonomyAsset(database, { id: story, stencil: 'story', space: 'rbcom', title: 'River story' });
    await makeAll();
    const showTarget = () =>
      db
        .updateTable('asset_localization')
        .set({ published_content: JSON.stringify({ title: { value: 'River story' }, disciplines: { value: [{ id: target, stencil: 'discipline' }] } }) })
        .where('asset_id', '=', story)
        .execute();
    const setTargetEnd = (end: string | null) => db.updateTable('asset_localization').set({ publish_end: end }).where('asset_id', '=', target).execute();
    return { target, story, title: `Kayaking ${target.slice(0, 8)}`, showTarget, setTargetEnd };
  };

  it('stores no document made while an asset it newly shows changed, and makes it again from what is live', async () => {
    const { story, title, showTarget, setTargetEnd } = await storyAndTarget();
    await showTarget();
    // The maker reads the story and its target; the target is unpublished before the document is stored. No trigger can
    // queue the story for it (its targets are stored only with the document), but the target's stamp moved.
    const made = await service.makeDocuments(await findQueued(db, 100));
    expect(made.find((entry) => entry.queued.asset_id === story)?.document?.values.json).toContain(title);
    await setTargetEnd(PAST);
    expect(await storeDocuments(db, { dialect, made: made.filter((entry) => entry.queued.asset_id === story) })).toBe(0);
    expect(await documentOf(story)).toBeUndefined();
    expect(await isQueued(story)).toBe(true);

    await makeAll();
    expect(await documentOf(story)).toBeDefined();
    expect(await documentOf(story)).not.toContain(title);
    // Now that its targets are stored, the target's publish queues the story's document again.
    await setTargetEnd(null);
    expect(await isQueued(story)).toBe(true);
    await makeAll();
    expect(await documentOf(story)).toContain(title);
  });

  it('answers by id and slug from a document only while the version is live by its own unpublish date and embargo', async () => {
    const story = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id: story, stencil: 'story', space: 'rbcom', title: 'Dated story' });
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms).toISOString();
    await db.updateTable('asset_localization').set({ publish_end: at(HOUR) }).where('asset_id', '=', story).execute();
    await db.insertInto('uri_slug').values({ slug_id: `rbcom:en-INT:dated-${story}`, space: 'rbcom', region_locale: 'en-INT', uri_title: `dated-${story}`, asset_id: story, locale: 'en', created_at: at(0) }).execute();
    await makeAll();
    // Documents are taken from the moment they were made on.
    let clock = Date.now() + 1000;
    const reader = createDeliveryService({ ...serviceOptions(), now: () => new Date(clock) });
    const key = { keyId: 'every space', spaces: DEFAULT_SPACES, locales: DEFAULT_LOCALES, requestsPerSecond: null };
    // Both reads start at once, so both get their expectation at once: a rejection awaited only after the other read
    // was one Node reported as unhandled.
    const reads = () => [reader.getAsset(key, { id: story, locale: 'en', fields: undefined }), reader.getBySlug(key, { slugId: `rbcom:en-INT:dated-${story}`, fields: undefined })];
    try {
      // From the document: its stored ETag comes with it.
      for (const answer of await Promise.all(reads())) expect(answer).toMatchObject({ etag: expect.any(String), validUntil: Date.parse(at(HOUR)) });
      clock = start + 2 * HOUR;
      await Promise.all(reads().map((read) => expect(read).rejects.toMatchObject({ status: 404 })));
      clock = start + HOUR / 2;
      await db.updateTable('asset').set({ embargo_end: at(HOUR / 4) }).where('id', '=', story).execute();
      await Promise.all(reads().map((read) => expect(read).rejects.toMatchObject({ status: 404 })));
    } finally {
      await reader.close();
    }
  });

  it('lists a version from its document while it is live by its own dates, and from the queue after an embargo change', async () => {
    const story = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id: story, stencil: 'story', space: 'rbcom', title: 'Listed story' });
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms).toISOString();
    await db.updateTable('asset_localization').set({ publish_end: at(HOUR) }).where('asset_id', '=', story).execute();
    await makeAll();
    let clock = Date.now() + 1000;
    const reader = createDeliveryService({ ...serviceOptions(), now: () => new Date(clock) });
    const key = { keyId: 'every space', spaces: DEFAULT_SPACES, locales: DEFAULT_LOCALES, requestsPerSecond: null };
    const listed = async () => {
      const page = deliveryListResponseSchema.parse(JSON.parse((await reader.list(key, deliveryListQuerySchema.parse({ locale: 'en', stencil: 'story', limit: '100' }))).json));
      return page._embedded.item.filter((item) => item.id === story).length === 1;
    };
    try {
      expect(await isQueued(story)).toBe(false);
      expect(await listed()).toBe(true);
      // Queued again as outdated (other stencils), its document still there: listed once, from the document.
      await queueOutdated(db, { fingerprint: 'other stencils', now: at(0), isFingerprintChecked: true });
      expect([await isQueued(story), await listed()]).toEqual([true, true]);
      await makeAll();
      clock = start + 2 * HOUR;
      expect(await listed()).toBe(false);
      clock = start + HOUR / 2;
      await db.updateTable('asset').set({ embargo_end: at(HOUR / 4) }).where('id', '=', story).execute();
      // Queued anew and its document dropped in the change's own transaction: listed from the version, outside its embargo.
      expect([await isQueued(story), await documentOf(story)]).toEqual([true, undefined]);
      expect(await listed()).toBe(false);
      // Made again with the embargo: listed from the document by it.
      await makeAll();
      expect(await documentOf(story)).toBeDefined();
      expect(await listed()).toBe(false);
      clock = start + HOUR / 8;
      expect(await listed()).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it.runIf(dialect === 'postgres')('stores nothing while a transaction changing an asset it shows is still open', async () => {
    const { story, title, showTarget, setTargetEnd } = await storyAndTarget();
    await showTarget();
    const made = (await service.makeDocuments(await findQueued(db, 100))).filter((entry) => entry.queued.asset_id === story);
    let storedMeanwhile = -1;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('asset_localization').set({ publish_end: PAST }).where('asset_id', '=', made[0]?.document?.targetIds[0] ?? '').execute();
      // Another connection: the change's stamp is not committed yet, but its change lock is held.
      storedMeanwhile = await storeDocuments(db, { dialect, made });
    });
    expect(storedMeanwhile).toBe(0);
    await makeAll();
    expect(await documentOf(story)).not.toContain(title);
    await setTargetEnd(null);
    await makeAll();
    expect(await documentOf(story)).toContain(title);
  });
});
