import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';
import type { DB } from '../schema.ts';

const AT = '2026-01-01T00:00:00.000Z';
const ref = (id: string) => ({ id, stencil: 'discipline' });

const contentOf = (title: string, tags: string[], other: string[] = []) =>
  JSON.stringify({ title: { value: ` ${title} ` }, disciplines: { value: tags.map(ref) }, 'related-content': { value: other.map(ref) } });

async function insertVersion(db: Kysely<DB>, input: { content: string; published: string | null; status: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db.insertInto('asset').values({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: AT, created_by: 'Seed' }).execute();
  await db
    .insertInto('asset_localization')
    .values({
      asset_id: id, locale: 'en', stencil: 'story', status: input.status, title: 'draft title', content: input.content, meta: '{}', changed_properties: '[]',
      published_content: input.published, version: 1, created_at: AT, created_by: 'Seed', updated_at: AT, updated_by: 'Seed',
      first_published_at: input.published ? AT : null, last_published_at: input.published ? AT : null, last_shipped_at: null, publish_start: null, publish_end: null,
    })
    .execute();
  return id;
}

async function publishedColumns(db: Kysely<DB>, id: string): Promise<{ title: string | null; tags: string[] | null }> {
  const { rows } = await sql<{ published_title: string | null; published_tag_ids: string | null }>`SELECT published_title, published_tag_ids FROM asset_localization WHERE asset_id = ${id}`.execute(db);
  const row = rows[0];
  return { title: row?.published_title ?? null, tags: row?.published_tag_ids ? (JSON.parse(row.published_tag_ids) as string[]) : null };
}

describe.each(DIALECTS)('migration 032 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('takes the published title and tags of versions written before it from their published content, not their draft', async () => {
    database = await openDatabaseUpTo(dialect, '031_refusal_counts');
    const { db } = database;
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()].toSorted();
    const published = await insertVersion(db, { content: contentOf('Draft title', [a!]), published: contentOf('Published title', [b!, a!], [crypto.randomUUID()]), status: 'published' });
    const draft = await insertVersion(db, { content: contentOf('Never published', [a!]), published: null, status: 'draft' });

    await migrateTo(db, { to: '032_delivery_keys' });

    expect(await publishedColumns(db, published)).toEqual({ title: 'Published title', tags: [a, b] });
    expect(await publishedColumns(db, draft)).toEqual({ title: null, tags: null });
  });

  it('keeps them with every write of the published content, and leaves them alone when only the draft changes', async () => {
    database = await openDatabaseUpTo(dialect, '032_delivery_keys');
    const { db } = database;
    const tag = crypto.randomUUID();
    const inserted = await insertVersion(db, { content: contentOf('First', []), published: contentOf('First', [tag]), status: 'published' });
    expect(await publishedColumns(db, inserted)).toEqual({ title: 'First', tags: [tag] });

    const where = (query: ReturnType<typeof db.updateTable<'asset_localization'>>) => query.where('asset_id', '=', inserted).where('locale', '=', 'en');
    await where(db.updateTable('asset_localization').set({ content: contentOf('Second', []), title: 'Second' })).execute();
    expect(await publishedColumns(db, inserted)).toEqual({ title: 'First', tags: [tag] });

    await where(db.updateTable('asset_localization').set({ published_content: contentOf('Second', []) })).execute();
    expect(await publishedColumns(db, inserted)).toEqual({ title: 'Second', tags: [] });

    await where(db.updateTable('asset_localization').set({ published_content: null })).execute();
    expect(await publishedColumns(db, inserted)).toEqual({ title: null, tags: null });
  });

  it('goes down and up again', async () => {
    database = await openDatabaseUpTo(dialect, '032_delivery_keys');
    await migrateTo(database.db, { to: '031_refusal_counts' });
    await migrateTo(database.db, { to: '032_delivery_keys' });
    expect(await database.db.selectFrom('delivery_key').selectAll().execute()).toEqual([]);
  });
});
