import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * What makes the list call cost the same at any size (issue "Finding content"):
 * - every version carries its asset's spaces (`,global,rbcom,`) inside the list's covering index, so the space filter
 *   and the space facet need no join;
 * - `asset_list_count` holds how many versions there are per (spaces, stencil, locale, status, infographic): totals and
 *   facet counts of a list filtered by those alone are sums over a few thousand rows at most, and a list that few
 *   versions match reads them by those rows (`asset_localization_facets_idx`);
 * - SQLite: a version knows the row of its search entry (`search_key`), so a search goes from the index to the list
 *   columns by a covering index instead of by (asset id, locale), and a dictionary of the indexed words turns a
 *   prefix into the words it stands for (FTS5 reads every posting of a prefix before it returns the first match).
 * Triggers keep the spaces and the counts right whoever writes (service, seeds, imports, publishing), in the writing
 * transaction.
 */
type SpacesOf = (assetId: string) => RawBuilder<unknown>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('asset_localization').addColumn('spaces', 'text', (col) => col.notNull().defaultTo('')).execute();
  /** The spaces of an asset as a version stores them: sorted, comma-joined, with a comma at each end. */
  const spacesOf = (assetId: string) =>
    dialect === 'sqlite'
      ? sql`coalesce((SELECT ',' || group_concat(s.space, ',' ORDER BY s.space) || ',' FROM asset_space s WHERE s.asset_id = ${sql.raw(assetId)}), '')`
      : sql`coalesce((SELECT ',' || string_agg(s.space, ',' ORDER BY s.space) || ',' FROM asset_space s WHERE s.asset_id = ${sql.raw(assetId)}), '')`;
  await sql`UPDATE asset_localization SET spaces = ${spacesOf('asset_localization.asset_id')}`.execute(db);

  await db.schema.dropIndex('asset_localization_list_idx').execute();
  await db.schema
    .createIndex('asset_localization_list_idx')
    .on('asset_localization')
    .columns(['updated_at', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'])
    .execute();
  // The versions of one row of `asset_list_count`, newest first: a list that few versions match reads its rows' versions
  // instead of walking all versions newest first. It replaces the one-column indexes, which led SQLite to visit the
  // table once per version.
  await db.schema
    .createIndex('asset_localization_facets_idx')
    .on('asset_localization')
    .columns(['spaces', 'stencil', 'locale', 'status', 'infographic', 'updated_at', 'asset_id'])
    .execute();
  for (const column of ['status', 'stencil', 'locale']) await db.schema.dropIndex(`asset_localization_${column}_idx`).execute();

  await db.schema
    .createTable('asset_list_count')
    .addColumn('spaces', 'text', (col) => col.notNull())
    .addColumn('stencil', 'varchar(64)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('infographic', 'integer', (col) => col.notNull())
    // Rows that fall to 0 stay (a handful of combinations): deleting them would race with a concurrent increment.
    .addColumn('n', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_list_count_pk', ['spaces', 'stencil', 'locale', 'status', 'infographic'])
    .execute();
  await sql`INSERT INTO asset_list_count (spaces, stencil, locale, status, infographic, n)
    SELECT spaces, stencil, locale, status, infographic, count(*) FROM asset_localization GROUP BY spaces, stencil, locale, status, infographic`.execute(db);

  if (dialect === 'sqlite') await sqliteTriggers(db, spacesOf);
  else await postgresTriggers(db, spacesOf);

  if (dialect === 'sqlite') await sqliteSearchKeys(db);
}

async function sqliteTriggers(db: Kysely<unknown>, spacesOf: SpacesOf): Promise<void> {
  const dims = ['spaces', 'stencil', 'locale', 'status', 'infographic'];
  const key = (row: 'OLD' | 'NEW') => sql.raw(dims.map((dim) => `${dim} = ${row}.${dim}`).join(' AND '));
  const values = (row: 'OLD' | 'NEW') => sql.raw(dims.map((dim) => `${row}.${dim}`).join(', '));
  const increment = (row: 'OLD' | 'NEW') =>
    sql`INSERT INTO asset_list_count (spaces, stencil, locale, status, infographic, n) VALUES (${values(row)}, 1)
      ON CONFLICT (spaces, stencil, locale, status, infographic) DO UPDATE SET n = n + 1;`;
  const decrement = (row: 'OLD' | 'NEW') => sql`UPDATE asset_list_count SET n = n - 1 WHERE ${key(row)};`;
  const changed = sql.raw(dims.map((dim) => `OLD.${dim} IS NOT NEW.${dim}`).join(' OR '));

  // A new version counts at once, then takes its asset's spaces (the update below moves its count).
  await sql`CREATE TRIGGER asset_localization_list_insert AFTER INSERT ON asset_localization BEGIN
    ${increment('NEW')}
    UPDATE asset_localization SET spaces = ${spacesOf('NEW.asset_id')}
      WHERE rowid = NEW.rowid AND spaces IS NOT ${spacesOf('NEW.asset_id')};
  END`.execute(db);
  await sql`CREATE TRIGGER asset_localization_list_update AFTER UPDATE OF spaces, stencil, locale, status, infographic ON asset_localization
    WHEN ${changed} BEGIN
    ${decrement('OLD')}
    ${increment('NEW')}
  END`.execute(db);
  await sql`CREATE TRIGGER asset_localization_list_delete AFTER DELETE ON asset_localization BEGIN
    ${decrement('OLD')}
  END`.execute(db);
  for (const [event, row] of [['INSERT', 'NEW'], ['DELETE', 'OLD']] as const) {
    await sql`CREATE TRIGGER ${sql.raw(`asset_space_list_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON asset_space BEGIN
      UPDATE asset_localization SET spaces = ${spacesOf(`${row}.asset_id`)} WHERE asset_id = ${sql.raw(`${row}.asset_id`)};
    END`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>, spacesOf: SpacesOf): Promise<void> {
  await sql`CREATE FUNCTION asset_list_count_add(d_spaces text, d_stencil text, d_locale text, d_status text, d_infographic integer, delta integer) RETURNS void AS $$
    BEGIN
      INSERT INTO asset_list_count AS c (spaces, stencil, locale, status, infographic, n) VALUES (d_spaces, d_stencil, d_locale, d_status, d_infographic, delta)
        ON CONFLICT (spaces, stencil, locale, status, infographic) DO UPDATE SET n = c.n + delta;
    END $$ LANGUAGE plpgsql`.execute(db);
  // Two counts change in key order, so two transactions moving versions between the same two rows cannot deadlock.
  await sql`CREATE FUNCTION asset_localization_list_count() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM asset_list_count_add(NEW.spaces, NEW.stencil, NEW.locale, NEW.status, NEW.infographic, 1);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM asset_list_count_add(OLD.spaces, OLD.stencil, OLD.locale, OLD.status, OLD.infographic, -1);
      ELSIF (OLD.spaces, OLD.stencil, OLD.locale, OLD.status, OLD.infographic) IS DISTINCT FROM (NEW.spaces, NEW.stencil, NEW.locale, NEW.status, NEW.infographic) THEN
        IF (OLD.spaces, OLD.stencil, OLD.locale, OLD.status, OLD.infographic) < (NEW.spaces, NEW.stencil, NEW.locale, NEW.status, NEW.infographic) THEN
          PERFORM asset_list_count_add(OLD.spaces, OLD.stencil, OLD.locale, OLD.status, OLD.infographic, -1);
          PERFORM asset_list_count_add(NEW.spaces, NEW.stencil, NEW.locale, NEW.status, NEW.infographic, 1);
        ELSE
          PERFORM asset_list_count_add(NEW.spaces, NEW.stencil, NEW.locale, NEW.status, NEW.infographic, 1);
          PERFORM asset_list_count_add(OLD.spaces, OLD.stencil, OLD.locale, OLD.status, OLD.infographic, -1);
        END IF;
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION asset_localization_list_spaces() RETURNS trigger AS $$
    BEGIN
      NEW.spaces := ${spacesOf('NEW.asset_id')};
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION asset_space_list_spaces() RETURNS trigger AS $$
    DECLARE changed_asset text := CASE WHEN TG_OP = 'DELETE' THEN OLD.asset_id ELSE NEW.asset_id END;
    BEGIN
      UPDATE asset_localization SET spaces = ${spacesOf('changed_asset')} WHERE asset_id = changed_asset;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER asset_localization_list_spaces BEFORE INSERT ON asset_localization FOR EACH ROW EXECUTE FUNCTION asset_localization_list_spaces()`.execute(db);
  await sql`CREATE TRIGGER asset_localization_list_count AFTER INSERT OR DELETE OR UPDATE OF spaces, stencil, locale, status, infographic ON asset_localization
    FOR EACH ROW EXECUTE FUNCTION asset_localization_list_count()`.execute(db);
  await sql`CREATE TRIGGER asset_space_list_spaces AFTER INSERT OR DELETE ON asset_space FOR EACH ROW EXECUTE FUNCTION asset_space_list_spaces()`.execute(db);
}

/** SQLite: the search entry's row id on each version, and the dictionary of indexed words with the index's own tokenizer. */
async function sqliteSearchKeys(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_localization').addColumn('search_key', 'integer').execute();
  await sql`UPDATE asset_localization SET search_key = f.id FROM asset_fts_content f WHERE f.c2 = asset_localization.asset_id AND f.c3 = asset_localization.locale`.execute(db);
  // Entries whose version is gone (none are expected) would only take room.
  await sql`DELETE FROM asset_fts WHERE rowid NOT IN (SELECT search_key FROM asset_localization WHERE search_key IS NOT NULL)`.execute(db);
  await db.schema
    .createIndex('asset_localization_search_key_idx')
    .unique()
    .on('asset_localization')
    .columns(['search_key', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'])
    .execute();
  // The search entry goes with its version (PostgreSQL's column does so by itself).
  await sql`CREATE TRIGGER asset_localization_search_delete AFTER DELETE ON asset_localization WHEN OLD.search_key IS NOT NULL BEGIN
    DELETE FROM asset_fts WHERE rowid = OLD.search_key;
  END`.execute(db);

  await sql`CREATE TABLE asset_search_word (word text PRIMARY KEY) WITHOUT ROWID`.execute(db);
  await sql`CREATE VIRTUAL TABLE asset_search_tokenizer USING fts3tokenize('unicode61', 'remove_diacritics=2')`.execute(db);
  await sql`CREATE VIRTUAL TABLE temp.asset_fts_words USING fts5vocab(main, asset_fts, row)`.execute(db);
  await sql`INSERT INTO asset_search_word (word) SELECT term FROM temp.asset_fts_words`.execute(db);
  await sql`DROP TABLE temp.asset_fts_words`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') {
    for (const trigger of ['asset_localization_list_insert', 'asset_localization_list_update', 'asset_localization_list_delete', 'asset_space_list_insert', 'asset_space_list_delete', 'asset_localization_search_delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS asset_search_tokenizer`.execute(db);
    await sql`DROP TABLE IF EXISTS asset_search_word`.execute(db);
    await db.schema.dropIndex('asset_localization_search_key_idx').execute();
    await db.schema.alterTable('asset_localization').dropColumn('search_key').execute();
  } else {
    await sql`DROP TRIGGER asset_localization_list_spaces ON asset_localization`.execute(db);
    await sql`DROP TRIGGER asset_localization_list_count ON asset_localization`.execute(db);
    await sql`DROP TRIGGER asset_space_list_spaces ON asset_space`.execute(db);
    for (const fn of ['asset_localization_list_spaces()', 'asset_localization_list_count()', 'asset_space_list_spaces()', 'asset_list_count_add(text, text, text, text, integer, integer)']) {
      await sql`DROP FUNCTION ${sql.raw(fn)}`.execute(db);
    }
  }
  await db.schema.dropTable('asset_list_count').execute();
  await db.schema.dropIndex('asset_localization_facets_idx').execute();
  for (const column of ['status', 'stencil', 'locale']) await db.schema.createIndex(`asset_localization_${column}_idx`).on('asset_localization').columns([column, 'updated_at']).execute();
  await db.schema.dropIndex('asset_localization_list_idx').execute();
  await db.schema.createIndex('asset_localization_list_idx').on('asset_localization').columns(['updated_at', 'asset_id', 'locale', 'stencil', 'status', 'infographic']).execute();
  await db.schema.alterTable('asset_localization').dropColumn('spaces').execute();
}
