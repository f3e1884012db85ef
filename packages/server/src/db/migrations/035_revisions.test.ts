import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { loadRevisionContent } from '../../modules/revision-store/revisionStore.ts';
import { migrateTo } from '../migrate.ts';

const ID = '6f1c1c9e-1d44-4b8e-9c1e-0a3b5c7d9e01';
const SAVES = 120;

/** The content at save n: a 60-element story of which save n changed element n % 60. */
function contentAt(n: number): Record<string, { value: unknown }> {
  const elements = Array.from({ length: 60 }, (_, index) => ({ type: 'text', value: `<p>Paragraph ${index}, as first written.</p>` }));
  for (let save = 1; save <= n; save++) elements[save % 60] = { type: 'text', value: `<p>Paragraph ${save % 60}, rewritten at save ${save}.</p>` };
  return { title: { value: `Title after save ${n}` }, 'story-content': { value: elements } };
}

describe.each(DIALECTS)('migration 035 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('re-encodes the full copies of the history into snapshots and patches that rebuild each one exactly', async () => {
    database = await openDatabaseUpTo(dialect, '033_webhooks');
    const { db } = database;
    const legacy = db as unknown as Kysely<{ asset_history: Record<string, unknown> }>;
    const rows = Array.from({ length: SAVES }, (_, index) => ({
      asset_id: ID,
      locale: 'en',
      version: index + 1,
      action: index === 0 ? 'create' : 'save',
      user_id: 'editor',
      user_name: 'Emma Editor',
      at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      changed_properties: '["story-content"]',
      content: JSON.stringify(contentAt(index + 1)),
      if_match: index === 0 ? null : index,
    }));
    for (let start = 0; start < rows.length; start += 40) await legacy.insertInto('asset_history').values(rows.slice(start, start + 40)).execute();
    const fullSize = rows.reduce((sum, row) => sum + row.content.length, 0);

    await migrateTo(db, { schema: database.schema });

    const stored = await db.selectFrom('asset_history').select(['version', 'content_form', 'content', 'base_version', 'changed_paths', 'deleted_id']).orderBy('version').execute();
    expect(stored).toHaveLength(SAVES);
    expect(stored.filter((row) => row.content_form === 'snapshot').map((row) => row.version)).toEqual([1, 51, 101]);
    expect(stored.every((row) => row.deleted_id === '')).toBe(true);
    expect(JSON.parse(stored[4]?.changed_paths ?? '[]')).toEqual(['title', 'story-content[5]']);
    expect(stored.reduce((sum, row) => sum + row.content.length, 0)).toBeLessThan(fullSize * 0.1);
    for (const version of [1, 2, 50, 51, 77, SAVES]) {
      expect(await loadRevisionContent(db, { id: ID, locale: 'en', deletedId: '' }, version)).toEqual(contentAt(version));
    }
  });
});
