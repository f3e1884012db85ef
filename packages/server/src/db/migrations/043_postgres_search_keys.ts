import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { ENTRY_COLUMNS, createEntrySync, createEntryUpdateTrigger } from './018_search_entries.ts';
import { LIST_CHANGE_COLUMNS } from './040_list_changes.ts';

/** The columns a search entry copies from its version since this migration: those of migration 018 and the search key. */
export const SEARCH_ENTRY_COLUMNS = [...ENTRY_COLUMNS, 'search_key'] as const;

/**
 * PostgreSQL: each version's words get a search key, as SQLite's search entries have (migration 007), taken from a
 * sequence by a trigger whenever its words change, whoever writes them, so new words mean a new key. The search entries
 * (migration 018) copy it, with an index: the list index counts a search by the keys of its matches, and an instance
 * that keeps a search's matches reads only the keys after the last it read (`matchKeyCache.ts`). Existing versions are
 * numbered in the order of their last edits; the list index's change feed learns of new keys. Nothing changes on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE SEQUENCE asset_search_key_seq`.execute(db);
  await sql`ALTER TABLE asset_localization ADD COLUMN search_key bigint`.execute(db);
  await sql`UPDATE asset_localization l SET search_key = k.n
    FROM (SELECT asset_id, locale, row_number() OVER (ORDER BY updated_at, asset_id, locale) AS n FROM asset_localization WHERE search_vector IS NOT NULL) k
    WHERE l.asset_id = k.asset_id AND l.locale = k.locale`.execute(db);
  await sql`SELECT setval('asset_search_key_seq', (SELECT coalesce(max(search_key), 0) + 1 FROM asset_localization), false)`.execute(db);
  await sql`CREATE UNIQUE INDEX asset_localization_search_key_idx ON asset_localization (search_key)`.execute(db);
  // Whoever writes a version's words (a save, an import, a seed) gives it a new key.
  await sql`CREATE FUNCTION asset_search_key_take() RETURNS trigger AS $$
    BEGIN
      IF NEW.search_vector IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector) THEN
        NEW.search_key := nextval('asset_search_key_seq');
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER asset_search_key_take BEFORE INSERT OR UPDATE OF search_vector ON asset_localization FOR EACH ROW EXECUTE FUNCTION asset_search_key_take()`.execute(db);

  await sql`ALTER TABLE asset_search_entry ADD COLUMN search_key bigint`.execute(db);
  await sql`UPDATE asset_search_entry e SET search_key = l.search_key FROM asset_localization l WHERE l.asset_id = e.asset_id AND l.locale = e.locale AND l.search_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX asset_search_entry_search_key_idx ON asset_search_entry (search_key)`.execute(db);
  await createEntrySync(db, SEARCH_ENTRY_COLUMNS);
  await sql`DROP TRIGGER asset_search_entry_update ON asset_localization`.execute(db);
  await createEntryUpdateTrigger(db, SEARCH_ENTRY_COLUMNS);
  await sql`ANALYZE asset_search_entry`.execute(db);
  // A new key reaches the list index's change feed (migration 040), as on SQLite. A column trigger fires on the
  // columns a statement sets, and the key is set by the trigger above: it fires on the words.
  await listChangesOf(db, `${LIST_CHANGE_COLUMNS}, search_vector`);
}

async function listChangesOf(db: Kysely<unknown>, columns: string): Promise<void> {
  await sql`DROP TRIGGER asset_list_change_log ON asset_localization`.execute(db);
  await sql.raw(`CREATE TRIGGER asset_list_change_log AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON asset_localization FOR EACH ROW EXECUTE FUNCTION asset_list_change_log()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await listChangesOf(db, LIST_CHANGE_COLUMNS);
  await sql`DROP TRIGGER asset_search_entry_update ON asset_localization`.execute(db);
  await createEntryUpdateTrigger(db, ENTRY_COLUMNS);
  await createEntrySync(db, ENTRY_COLUMNS);
  await sql`ALTER TABLE asset_search_entry DROP COLUMN search_key`.execute(db);
  await sql`DROP TRIGGER asset_search_key_take ON asset_localization`.execute(db);
  await sql`DROP FUNCTION asset_search_key_take()`.execute(db);
  await sql`ALTER TABLE asset_localization DROP COLUMN search_key`.execute(db);
  await sql`DROP SEQUENCE asset_search_key_seq`.execute(db);
}
