import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * The list index's change feed (modules/assets/list/listIndex): a row per written version key, numbered, written by
 * triggers in the transaction of every insert, delete and change of a column the list filters, sorts or counts by,
 * whatever code wrote it (a save, a publish, the scheduler, a move between spaces). Each instance keeps its
 * in-memory index current by reading the rows after the last it applied; old rows are pruned by count.
 */
export const LIST_CHANGE_COLUMNS = 'stencil, locale, status, spaces, infographic, updated_at, tag_ids';
/** SQLite's versions also name their search entry, which a search's matches are read by. */
const SQLITE_COLUMNS = `${LIST_CHANGE_COLUMNS}, search_key`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('asset_list_change')
    .addColumn('seq', isSqlite ? 'integer' : 'bigserial', (col) => (isSqlite ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('asset_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('locale', 'varchar(32)', (col) => col.notNull())
    .execute();
  if (isSqlite) {
    const log = (row: 'NEW' | 'OLD') => `INSERT INTO asset_list_change (asset_id, locale) VALUES (${row}.asset_id, ${row}.locale);`;
    await sql.raw(`CREATE TRIGGER asset_list_change_insert AFTER INSERT ON asset_localization BEGIN ${log('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER asset_list_change_update AFTER UPDATE OF ${SQLITE_COLUMNS} ON asset_localization BEGIN ${log('OLD')} ${log('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER asset_list_change_delete AFTER DELETE ON asset_localization BEGIN ${log('OLD')} END`).execute(db);
    return;
  }
  await sql`CREATE FUNCTION asset_list_change_log() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN INSERT INTO asset_list_change (asset_id, locale) VALUES (OLD.asset_id, OLD.locale); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.asset_id <> NEW.asset_id OR OLD.locale <> NEW.locale) THEN
        INSERT INTO asset_list_change (asset_id, locale) VALUES (NEW.asset_id, NEW.locale);
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql.raw(`CREATE TRIGGER asset_list_change_log AFTER INSERT OR DELETE OR UPDATE OF ${LIST_CHANGE_COLUMNS} ON asset_localization FOR EACH ROW EXECUTE FUNCTION asset_list_change_log()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS asset_list_change_${name}`).execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS asset_list_change_log ON asset_localization`.execute(db);
    await sql`DROP FUNCTION IF EXISTS asset_list_change_log()`.execute(db);
  }
  await db.schema.dropTable('asset_list_change').execute();
}
