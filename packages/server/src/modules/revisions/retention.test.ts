import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { readConfig } from '../../config.ts';
import * as assetsRepo from '../assets/repository.ts';
import { createRevisionRetention, revisionsToKeep } from './retention.ts';
import { loadRevisionContent, recordRevision } from '../revision-store/revisionStore.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T12:00:00.000Z');
const EDITOR = { id: 'editor', name: 'Emma Editor' };

describe('revisionsToKeep', () => {
  it('keeps the recent ones, every publish and the last of each older day', () => {
    const rows = [
      { version: 1, action: 'create', at: '2026-01-01T08:00:00.000Z' },
      { version: 2, action: 'save', at: '2026-01-01T09:00:00.000Z' },
      { version: 3, action: 'publish', at: '2026-01-01T09:30:00.000Z' },
      { version: 4, action: 'save', at: '2026-01-01T10:00:00.000Z' },
      { version: 5, action: 'save', at: '2026-01-02T08:00:00.000Z' },
      { version: 6, action: 'save', at: '2026-11-27T08:00:00.000Z' },
      { version: 7, action: 'save', at: '2026-11-27T09:00:00.000Z' },
    ];
    expect([...revisionsToKeep(rows, '2026-11-01T00:00:00.000Z')].toSorted((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
  });

  it('keeps every revision unless the setting is given', () => {
    expect(readConfig({}).revisionRetentionDays).toBeUndefined();
    expect(readConfig({ REVISION_RETENTION_DAYS: '30' }).revisionRetentionDays).toBe(30);
    expect(() => readConfig({ REVISION_RETENTION_DAYS: '0' })).toThrow(/REVISION_RETENTION_DAYS/);
  });
});

describe.each(DIALECTS)('revision retention (%s)', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-retention-'));
    database = await openTestDatabase(dialect, dir);
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A version with `saves` revisions, four a day from 200 days ago (every tenth a publish), the last ones recent. */
  async function historyOf(saves: number): Promise<{ id: string; contents: Map<number, unknown>; ats: Map<number, string> }> {
    const id = crypto.randomUUID();
    const at = NOW.toISOString();
    await assetsRepo.insertAsset(database.db, { id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Emma Editor' }, ['rbcom']);
    const contents = new Map<number, unknown>();
    const ats = new Map<number, string>();
    const elements = Array.from({ length: 20 }, (_, index) => ({ type: 'text', value: `<p>Paragraph ${index}</p>` }));
    let previous: unknown = {};
    for (let version = 1; version <= saves; version++) {
      elements[version % 20] = { type: 'text', value: `<p>Paragraph ${version % 20} at save ${version}</p>` };
      const content = { title: { value: `Save ${version}` }, 'story-content': { value: structuredClone(elements) } };
      const when = version > saves - 3 ? new Date(NOW.getTime() - (saves - version) * 60_000) : new Date(NOW.getTime() - 200 * DAY + Math.floor(version / 4) * DAY + (version % 4) * 3_600_000);
      await recordRevision(database.db, { id, locale: 'en', version, action: version % 10 === 0 ? 'publish' : 'save', by: EDITOR, at: when.toISOString(), previous, content, changedProperties: [], ifMatch: null });
      contents.set(version, content);
      ats.set(version, when.toISOString());
      previous = content;
    }
    await assetsRepo.insertLocalization(database.db, {
      asset_id: id, locale: 'en', stencil: 'story', status: 'draft', title: `Save ${saves}`, content: JSON.stringify(previous), meta: '{}', changed_properties: '[]', published_content: null,
      version: saves, created_at: at, created_by: 'Emma Editor', updated_at: at, updated_by: 'Emma Editor', first_published_at: null, last_published_at: null, last_shipped_at: null, publish_start: null, publish_end: null,
    });
    return { id, contents, ats };
  }

  it('thins old revisions to one a day, keeps publishes and recent ones, and every kept one still rebuilds exactly; two instances at once agree', async () => {
    const { id, contents, ats } = await historyOf(160);
    const retention = () => createRevisionRetention({ db: database.db, retentionDays: 30, now: () => NOW });
    const removed = await Promise.all([retention().runOnce(), retention().runOnce()]);
    const kept = (await database.db.selectFrom('asset_history').select(['version', 'action', 'at']).where('asset_id', '=', id).orderBy('version').execute()).map((row) => row.version);
    const expected = [...revisionsToKeep([...ats].map(([version, at]) => ({ version, action: version % 10 === 0 ? 'publish' : 'save', at })), new Date(NOW.getTime() - 30 * DAY).toISOString())].toSorted((a, b) => a - b);
    expect(kept).toEqual(expected);
    expect(removed[0] + removed[1]).toBe(160 - kept.length);
    for (const version of kept) expect(await loadRevisionContent(database.db, { id, locale: 'en', deletedId: '' }, version)).toEqual(contents.get(version));
    expect(await createRevisionRetention({ db: database.db, retentionDays: 30, now: () => NOW }).runOnce()).toBe(0);
  });
});
