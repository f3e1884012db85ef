import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * An index of the text values of the versions' content (issue "Lists and search under concurrent load"): an EAQL
 * equality on a content sub-field (`content.title = "…"`) reads the versions that hold the value instead of every
 * version. One row per (path, value, version) for each JSON string at `content.<input>` (`$.<input>.value`) and
 * `content.<input>.<child>` (`$.<input>.value.<child>`), with the path's names joined by dots (`video.duration`);
 * longer values and deeper or array values are not kept, and their conditions read the versions as before.
 * The index only narrows: the compiled condition still tests each version it finds (see `eaqlSql.ts`), so a dot
 * inside a name that makes two paths look alike costs a row read, never a wrong match.
 * Triggers keep it right whoever writes (service, seeds, imports), in the writing transaction.
 */
export const CONTENT_VALUE_MAX_LENGTH = 200;

/**
 * SQLite: inserts the (path, value) rows of the content of `row` (`NEW`, or `l` read from `asset_localization l`).
 * A subquery in FROM cannot see `l`, so each depth is its own SELECT of the joined JSON.
 */
const sqliteInsert = (row: 'NEW' | 'l'): RawBuilder<unknown> => {
  const from = row === 'l' ? sql`asset_localization l, ` : sql``;
  const keys = sql.raw(`${row}.asset_id, ${row}.locale`);
  const max = sql.raw(String(CONTENT_VALUE_MAX_LENGTH));
  // The CASE keeps json_each from reading a string or number as JSON text.
  const inputs = sql`${from}json_each(${sql.raw(`${row}.content`)}) i, json_each(CASE WHEN i.type = 'object' THEN i.value ELSE '{}' END) v`;
  return sql`INSERT OR IGNORE INTO asset_content_value (path, value, asset_id, locale)
    SELECT i.key, v.value, ${keys} FROM ${inputs} WHERE v.key = 'value' AND v.type = 'text' AND length(v.value) <= ${max}
    UNION ALL
    SELECT i.key || '.' || ch.key, ch.value, ${keys} FROM ${inputs}, json_each(CASE WHEN v.type = 'object' THEN v.value ELSE '{}' END) ch
      WHERE v.key = 'value' AND ch.type = 'text' AND length(ch.value) <= ${max}`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE asset_content_value (path text NOT NULL, value text NOT NULL, asset_id text NOT NULL, locale text NOT NULL,
      PRIMARY KEY (path, value, asset_id, locale)) WITHOUT ROWID`.execute(db);
    await sqliteInsert('l').execute(db);
  } else {
    await sql`CREATE TABLE asset_content_value (path text NOT NULL, value text NOT NULL, asset_id text NOT NULL, locale text NOT NULL,
      PRIMARY KEY (path, value, asset_id, locale))`.execute(db);
    // The values of a version's content, as the index keeps them.
    await sql`CREATE FUNCTION asset_content_values(content text) RETURNS TABLE (path text, value text) AS $$
      WITH c AS (SELECT CASE WHEN jsonb_typeof(content::jsonb) = 'object' THEN content::jsonb ELSE '{}'::jsonb END AS doc)
      SELECT i.key, i.value ->> 'value' FROM c, jsonb_each(c.doc) i
        WHERE jsonb_typeof(i.value -> 'value') = 'string' AND length(i.value ->> 'value') <= ${sql.raw(String(CONTENT_VALUE_MAX_LENGTH))}
      UNION ALL
      SELECT i.key || '.' || ch.key, ch.value #>> '{}' FROM c, jsonb_each(c.doc) i,
        jsonb_each(CASE WHEN jsonb_typeof(i.value -> 'value') = 'object' THEN i.value -> 'value' ELSE '{}'::jsonb END) ch
        WHERE jsonb_typeof(ch.value) = 'string' AND length(ch.value #>> '{}') <= ${sql.raw(String(CONTENT_VALUE_MAX_LENGTH))}
    $$ LANGUAGE sql IMMUTABLE`.execute(db);
    await sql`INSERT INTO asset_content_value (path, value, asset_id, locale)
      SELECT x.path, x.value, l.asset_id, l.locale FROM asset_localization l, asset_content_values(l.content) x ON CONFLICT DO NOTHING`.execute(db);
  }
  // A save replaces its version's rows.
  await db.schema.createIndex('asset_content_value_version_idx').on('asset_content_value').columns(['asset_id', 'locale']).execute();
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const insert = sql`${sqliteInsert('NEW')};`;
  const remove = sql`DELETE FROM asset_content_value WHERE asset_id = OLD.asset_id AND locale = OLD.locale;`;
  await sql`CREATE TRIGGER asset_content_value_insert AFTER INSERT ON asset_localization BEGIN ${insert} END`.execute(db);
  await sql`CREATE TRIGGER asset_content_value_update AFTER UPDATE OF content, asset_id, locale ON asset_localization
    WHEN OLD.content IS NOT NEW.content OR OLD.asset_id IS NOT NEW.asset_id OR OLD.locale IS NOT NEW.locale BEGIN ${remove} ${insert} END`.execute(db);
  await sql`CREATE TRIGGER asset_content_value_delete AFTER DELETE ON asset_localization BEGIN ${remove} END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION asset_content_value_sync() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM asset_content_value WHERE asset_id = OLD.asset_id AND locale = OLD.locale;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO asset_content_value (path, value, asset_id, locale)
          SELECT x.path, x.value, NEW.asset_id, NEW.locale FROM asset_content_values(NEW.content) x ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER asset_content_value_sync AFTER INSERT OR DELETE ON asset_localization FOR EACH ROW EXECUTE FUNCTION asset_content_value_sync()`.execute(db);
  await sql`CREATE TRIGGER asset_content_value_update AFTER UPDATE OF content, asset_id, locale ON asset_localization FOR EACH ROW
    WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.asset_id IS DISTINCT FROM NEW.asset_id OR OLD.locale IS DISTINCT FROM NEW.locale)
    EXECUTE FUNCTION asset_content_value_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['asset_content_value_insert', 'asset_content_value_update', 'asset_content_value_delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  } else {
    await sql`DROP TRIGGER asset_content_value_sync ON asset_localization`.execute(db);
    await sql`DROP TRIGGER asset_content_value_update ON asset_localization`.execute(db);
    await sql`DROP FUNCTION asset_content_value_sync()`.execute(db);
    await sql`DROP FUNCTION asset_content_values(text)`.execute(db);
  }
  await db.schema.dropTable('asset_content_value').execute();
}
