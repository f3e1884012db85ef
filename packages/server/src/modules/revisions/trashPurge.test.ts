import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createTrashPurge, type PurgedUploads } from './trashPurge.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('the trash retention (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: await t.auth(EDITOR), ...(payload ? { payload } : {}) });
  const createStory = async () => {
    const created = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: 'Going, going' } } });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const trashOf = (assetId: string) => t.database.db.selectFrom('deleted_version').select(['id', 'locale']).where('asset_id', '=', assetId).execute();
  const purgeAt = (daysLater: number, removed: PurgedUploads[]) =>
    createTrashPurge({ db: t.database.db, retentionDays: 30, now: () => new Date(Date.now() + daysLater * DAY_MS), removeUploads: async (purged) => void removed.push(purged) });

  it('keeps a deleted version restorable until the retention has passed, then lets it and its uploads go', async () => {
    const id = await createStory();
    expect((await call('DELETE', `/api/v1/assets/${id}/localizations/en`)).statusCode).toBe(200);
    const removed: PurgedUploads[] = [];
    await purgeAt(29, removed).runOnce();
    expect(await trashOf(id)).toHaveLength(1);
    await purgeAt(31, removed).runOnce();
    expect(await trashOf(id)).toEqual([]);
    expect(removed).toContainEqual({ id, locale: 'en', isAssetDeleted: true });
    expect(await t.database.db.selectFrom('asset_history').select('version').where('asset_id', '=', id).execute()).toEqual([]);
  });

  it('keeps the uploads of a locale that lives again, and those of an asset whose other locales live', async () => {
    const id = await createStory();
    expect((await call('POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect((await call('DELETE', `/api/v1/assets/${id}/localizations/de`)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    const removed: PurgedUploads[] = [];
    await purgeAt(31, removed).runOnce();
    expect(await trashOf(id)).toEqual([]);
    expect(removed.filter((purged) => purged.id === id)).toEqual([]);

    expect((await call('DELETE', `/api/v1/assets/${id}/localizations/de`)).statusCode).toBe(200);
    await purgeAt(31, removed).runOnce();
    expect(removed.filter((purged) => purged.id === id)).toEqual([{ id, locale: 'de', isAssetDeleted: false }]);
  });
});
