import type { Insertable, Kysely } from 'kysely';
import { encodeChain, rebuildContent } from '../revisionForm.ts';

/**
 * Revisions (issue 41, docs/revisions.md). `asset_history` kept a full copy of the content at every save; from here a
 * revision's content is a snapshot every few revisions and a JSON patch from the revision before in between
 * (`content_form`, `base_version`), with the paths the change touched (`changed_paths`). Deleting a version keeps its
 * revisions: they move to a trash entry (`deleted_id`, `deleted_version`), so the key gains `deleted_id` ('' for a
 * version that exists). The table is rebuilt with the new key and today's copies re-encoded, asset by asset.
 */

interface HistoryRow {
  asset_id: string;
  locale: string;
  version: number;
  action: string;
  user_id: string;
  user_name: string;
  at: string;
  changed_properties: string;
  content: string;
  if_match: number | null;
}

interface RevisionRow extends HistoryRow {
  content_form: string;
  base_version: number | null;
  changed_paths: string;
  deleted_id: string;
}

interface Tables {
  asset_history: HistoryRow;
  asset_history_next: RevisionRow;
}

/** Assets per round of the re-encoding: their histories are held in memory together. */
const ASSETS_PER_ROUND = 200;
/** Rows per insert, below both dialects' parameter limits (14 columns). */
const ROWS_PER_INSERT = 500;

const groupByVersion = <T extends { asset_id: string; locale: string }>(rows: readonly T[]): T[][] => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = `${row.asset_id} ${row.locale}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
};

async function insertChunked<T extends keyof Tables>(db: Kysely<Tables>, table: T, rows: ReadonlyArray<Insertable<Tables[T]>>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // The table name is a union here; each call inserts rows of the one table it names.
    await db.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT) as never).execute();
  }
}

/** Walks the asset ids of `table` a round at a time. */
async function eachRound(db: Kysely<Tables>, table: keyof Tables, visit: (ids: string[]) => Promise<void>): Promise<void> {
  let after = '';
  for (;;) {
    const ids = (await db.selectFrom(table).select('asset_id').distinct().where('asset_id', '>', after).orderBy('asset_id').limit(ASSETS_PER_ROUND).execute()).map((row) => row.asset_id);
    const last = ids.at(-1);
    if (last === undefined) return;
    await visit(ids);
    after = last;
  }
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db.schema
    .createTable('asset_history_next')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('deleted_id', 'varchar(36)', (col) => col.notNull().defaultTo(''))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_properties', 'text', (col) => col.notNull())
    .addColumn('changed_paths', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('content_form', 'varchar(8)', (col) => col.notNull().defaultTo('snapshot'))
    .addColumn('base_version', 'integer')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('if_match', 'integer')
    .addPrimaryKeyConstraint('asset_revision_pk', ['asset_id', 'locale', 'deleted_id', 'version'])
    .execute();

  await eachRound(db, 'asset_history', async (ids) => {
    const rows = await db.selectFrom('asset_history').selectAll().where('asset_id', 'in', ids).orderBy('asset_id').orderBy('locale').orderBy('version').execute();
    const encoded = groupByVersion(rows).flatMap((history) =>
      encodeChain(history.map((row) => ({ ...row, content: JSON.parse(row.content) as unknown }))).map(({ encoded: form, ...row }) => ({
        ...row,
        content: form.data,
        content_form: form.form,
        base_version: form.baseVersion,
        changed_paths: JSON.stringify(form.changedPaths),
        deleted_id: '',
      })),
    );
    await insertChunked(db, 'asset_history_next', encoded);
  });

  await db.schema.dropTable('asset_history').execute();
  await db.schema.alterTable('asset_history_next').renameTo('asset_history').execute();
  await db.schema.createIndex('asset_history_user_idx').on('asset_history').columns(['user_name', 'asset_id', 'locale']).execute();
  await db.schema.createIndex('asset_history_asset_at_idx').on('asset_history').columns(['asset_id', 'at']).execute();
  // The retention finds old revisions by their date.
  await db.schema.createIndex('asset_history_at_idx').on('asset_history').columns(['at']).execute();

  await db.schema
    .createTable('deleted_version')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('stencil', 'varchar(100)', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('spaces', 'text', (col) => col.notNull())
    .addColumn('meta', 'text', (col) => col.notNull())
    .addColumn('asset_row', 'text')
    .addColumn('slugs', 'text', (col) => col.notNull())
    .addColumn('last_version', 'integer', (col) => col.notNull())
    .addColumn('deleted_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('deleted_by', 'varchar(255)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deleted_version_deleted_at_idx').on('deleted_version').columns(['deleted_at', 'id']).execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db.schema.dropTable('deleted_version').execute();
  await db.schema.alterTable('asset_history').renameTo('asset_history_next').execute();
  await db.schema.dropIndex('asset_history_user_idx').execute();
  await db.schema.dropIndex('asset_history_asset_at_idx').execute();
  await db.schema.dropIndex('asset_history_at_idx').execute();
  await db.schema
    .createTable('asset_history')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_properties', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('if_match', 'integer')
    .addPrimaryKeyConstraint('asset_history_pk', ['asset_id', 'locale', 'version'])
    .execute();
  // Back to one full copy per revision; the revisions of deleted versions go with the trash.
  await eachRound(db, 'asset_history_next', async (ids) => {
    const rows = await db.selectFrom('asset_history_next').selectAll().where('asset_id', 'in', ids).where('deleted_id', '=', '').orderBy('asset_id').orderBy('locale').orderBy('version').execute();
    const copies = groupByVersion(rows).flatMap((history) => {
      const chain: RevisionRow[] = [];
      return history.map(({ content_form: _form, base_version: _base, changed_paths: _paths, deleted_id: _deleted, ...row }, index) => {
        const stored = history[index] as RevisionRow;
        if (stored.content_form === 'snapshot') chain.length = 0;
        chain.push(stored);
        return { ...row, content: JSON.stringify(rebuildContent(chain.map((link) => ({ version: link.version, form: link.content_form, data: link.content })))) };
      });
    });
    await insertChunked(db, 'asset_history', copies);
  });
  await db.schema.dropTable('asset_history_next').execute();
}
