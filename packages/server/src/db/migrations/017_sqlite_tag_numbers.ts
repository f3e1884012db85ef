import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/** SQLite's covering list indexes (migrations 007 and 011) without the tag column they end with. */
const LIST_INDEXES = [
  { name: 'asset_localization_list_idx', columns: ['updated_at', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'], unique: false },
  { name: 'asset_localization_facets_idx', columns: ['spaces', 'stencil', 'locale', 'status', 'infographic', 'updated_at', 'asset_id'], unique: false },
  { name: 'asset_localization_search_key_idx', columns: ['search_key', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'], unique: true },
] as const;

/** A version's tag numbers, comma-joined in the order of its tag ids (an id listed twice counts twice). */
const numbersOf = (tagIds: string) =>
  sql`(SELECT coalesce(group_concat(d.number, ',' ORDER BY t.key), '') FROM json_each(${sql.raw(tagIds)}) t JOIN asset_tag_number d ON d.tag_id = t.value)`;
/** Numbers the ids of `tagIds` not numbered yet, in byte order. */
const numberNew = (tagIds: string) => sql`INSERT OR IGNORE INTO asset_tag_number (tag_id) SELECT DISTINCT t.value FROM json_each(${sql.raw(tagIds)}) t ORDER BY 1;`;

/**
 * SQLite: the list indexes carry a version's tags as numbers from a dictionary of tag ids (`asset_tag_number`), as
 * PostgreSQL's do since migration 015, instead of the JSON text of its tag ids. The server counted the tags of the
 * newest 10,001 versions by parsing some 1.1 MB of JSON and hashing 28,000 id strings (10 ms and 5 ms of garbage
 * collection per list call at a million versions); numbers are a seventh of the text, are counted without hashing,
 * and make the index entries smaller. Triggers number the tags of every written version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  // Numbered in byte order, as the list orders tags of equal counts.
  await sql`CREATE TABLE asset_tag_number (number integer PRIMARY KEY, tag_id text NOT NULL UNIQUE)`.execute(db);
  await sql`INSERT INTO asset_tag_number (tag_id) SELECT DISTINCT t.value FROM asset_localization l, json_each(l.tag_ids) t ORDER BY 1`.execute(db);
  await sql`ALTER TABLE asset_localization ADD COLUMN listed_tag_numbers text NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE asset_localization SET listed_tag_numbers = ${numbersOf('asset_localization.tag_ids')} WHERE tag_ids <> '[]'`.execute(db);
  // An update of this column alone fires none of the list's other triggers (they name their columns).
  await sql`CREATE TRIGGER asset_localization_tag_numbers_insert AFTER INSERT ON asset_localization WHEN NEW.tag_ids <> '[]' BEGIN
    ${numberNew('NEW.tag_ids')}
    UPDATE asset_localization SET listed_tag_numbers = ${numbersOf('NEW.tag_ids')} WHERE rowid = NEW.rowid;
  END`.execute(db);
  await sql`CREATE TRIGGER asset_localization_tag_numbers_update AFTER UPDATE OF tag_ids ON asset_localization WHEN OLD.tag_ids IS NOT NEW.tag_ids BEGIN
    ${numberNew('NEW.tag_ids')}
    UPDATE asset_localization SET listed_tag_numbers = ${numbersOf('NEW.tag_ids')} WHERE rowid = NEW.rowid;
  END`.execute(db);
  await recreateIndexes(db, 'listed_tag_numbers');
}

async function recreateIndexes(db: Kysely<unknown>, tags: 'tag_ids' | 'listed_tag_numbers'): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const builder = db.schema.createIndex(index.name).on('asset_localization').columns([...index.columns, tags]);
    await (index.unique ? builder.unique() : builder).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await recreateIndexes(db, 'tag_ids');
  await sql`DROP TRIGGER asset_localization_tag_numbers_insert`.execute(db);
  await sql`DROP TRIGGER asset_localization_tag_numbers_update`.execute(db);
  await sql`ALTER TABLE asset_localization DROP COLUMN listed_tag_numbers`.execute(db);
  await sql`DROP TABLE asset_tag_number`.execute(db);
}
