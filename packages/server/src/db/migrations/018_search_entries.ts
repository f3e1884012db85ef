import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { ensureSearchPartitions, monthOf } from '../dialects/searchEntries.ts';

/** The columns a search entry copies from its version: those a search's conditions, sorts and counts read. */
export const ENTRY_COLUMNS = [
  'asset_id',
  'locale',
  'stencil',
  'status',
  'infographic',
  'spaces',
  'listed_tag_numbers',
  'created_at',
  'updated_at',
  'last_published_at',
  'publish_start',
  'publish_end',
] as const;

/**
 * A version's indexed vector (migrations 014 and 016, `searchedVector`, which must stay the index's expression to the
 * letter; this migration's test holds the two equal), of the row `row`. A version not yet indexed has no words (a
 * search always asks for some), but its day and filter words.
 */
const vectorOf = (row: string) =>
  sql.raw(
    `coalesce(${row}.search_vector, '') || array_to_tsvector(ARRAY['_d' || left(${row}.updated_at, 10), '_m' || left(${row}.updated_at, 7), '_y' || left(${row}.updated_at, 4), '_s' || ${row}.stencil, '_l' || ${row}.locale, '_p' || ${row}.status])`,
  );

/** Entries are written at the commit of the transaction that wrote their version. */
const AT_COMMIT = sql`DEFERRABLE INITIALLY DEFERRED FOR EACH ROW`;

/**
 * PostgreSQL: every version's search entry, copied in the order of the versions' last edits, which is the order a
 * search's count reads them in (`fillSearchEntries` after a bulk load, such as a seed, that wrote them in another).
 */
export async function fillSearchEntries<T>(db: Kysely<T>, entryColumns: readonly string[]): Promise<void> {
  const columns = sql.raw(entryColumns.join(', '));
  await sql`INSERT INTO asset_search_entry (${columns}, vector)
    SELECT ${columns}, ${vectorOf('l')} FROM asset_localization l ORDER BY l.updated_at`.execute(db);
}

/**
 * PostgreSQL: a narrow copy of each version for its search (`asset_search_entry`): the columns a search's conditions,
 * sorts and counts read, and the indexed vector of migrations 014 and 016 as a column with its own GIN index. A
 * search's count reads the newest 10,001 matches: from `asset_localization` they lie one on each page among rows of
 * some 2.7 kB, here they lie together. The copy is partitioned by the month of the last edit (`searchEntries.ts`), so
 * that a save's entry joins the entries of the same month at the end of their partition instead of filling a gap
 * anywhere in the table that an older one left: the partitions stay in the order of the edits, which a single table
 * keeps only until its first vacuum. At a million versions the count of `cliff diving` took 40 ms from the versions'
 * table, 33 from a narrow copy in the order of the versions and 22 from one in the order of their edits: the index's
 * postings of each window's days lie together too (56 against 496 index pages). Triggers keep the copy in the
 * transaction that writes the version, at its commit; an advanced query, whose conditions may read any column, still
 * reads the versions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE TABLE asset_search_entry (
    asset_id varchar(36) NOT NULL,
    locale varchar(20) NOT NULL,
    stencil varchar(64) NOT NULL,
    status varchar(16) NOT NULL,
    infographic integer NOT NULL,
    spaces text NOT NULL,
    listed_tag_numbers integer[],
    created_at varchar(32) NOT NULL,
    updated_at varchar(32) NOT NULL,
    last_published_at varchar(32),
    publish_start varchar(32),
    publish_end varchar(32),
    vector tsvector NOT NULL
  ) PARTITION BY RANGE (updated_at COLLATE "C")`.execute(db);
  // Every edit before this month in one partition, which from now on only loses entries; later months each their own.
  await sql`CREATE TABLE asset_search_entry_before PARTITION OF asset_search_entry FOR VALUES FROM (MINVALUE) TO (${sql.lit(monthOf(new Date()))})`.execute(db);
  await sql`CREATE TABLE asset_search_entry_default PARTITION OF asset_search_entry DEFAULT`.execute(db);
  await ensureSearchPartitions(db, new Date());
  await sql`CREATE INDEX asset_search_entry_key_idx ON asset_search_entry (asset_id, locale)`.execute(db);
  await sql`CREATE INDEX asset_search_entry_vector_idx ON asset_search_entry USING GIN (vector)`.execute(db);
  await fillSearchEntries(db, ENTRY_COLUMNS);
  await createEntrySync(db, ENTRY_COLUMNS);
  await sql`CREATE FUNCTION asset_search_entry_write() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM asset_search_entry_sync(OLD.asset_id, OLD.locale);
      END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.asset_id, NEW.locale) <> (OLD.asset_id, OLD.locale)) THEN
        PERFORM asset_search_entry_sync(NEW.asset_id, NEW.locale);
      END IF;
      RETURN NULL;
    END
  $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER asset_search_entry_insert AFTER INSERT ON asset_localization ${AT_COMMIT} EXECUTE FUNCTION asset_search_entry_write()`.execute(db);
  await createEntryUpdateTrigger(db, ENTRY_COLUMNS);
  await sql`CREATE CONSTRAINT TRIGGER asset_search_entry_delete AFTER DELETE ON asset_localization ${AT_COMMIT} EXECUTE FUNCTION asset_search_entry_write()`.execute(db);
  await sql`ANALYZE asset_search_entry`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const trigger of ['insert', 'update', 'delete']) await sql`DROP TRIGGER ${sql.raw(`asset_search_entry_${trigger}`)} ON asset_localization`.execute(db);
  await sql`DROP FUNCTION asset_search_entry_write()`.execute(db);
  await sql`DROP FUNCTION asset_search_entry_sync(varchar, varchar)`.execute(db);
  await sql`DROP TABLE asset_search_entry`.execute(db);
}

/**
 * The function that writes a version's entry as the version now is: unchanged, moved to another month's partition (an
 * update of its month is a delete and an insert), added or deleted. Every statement finds one version or entry by its
 * key. A connection keeps the plans of a function's statements, and a plan made while the tables were small scans them
 * (until an ANALYZE replans it): inserting 24,000 versions into a new database took 45 s, against 15 without the
 * entries; with the sequential scan ruled out for these statements, 15.3.
 */
export async function createEntrySync<T>(db: Kysely<T>, entryColumns: readonly string[]): Promise<void> {
  const columns = sql.raw(entryColumns.join(', '));
  const values = sql.raw(entryColumns.map((column) => `v.${column}`).join(', '));
  const entryValues = sql.raw(entryColumns.map((column) => `e.${column}`).join(', '));
  await sql`CREATE OR REPLACE FUNCTION asset_search_entry_sync(id varchar, loc varchar) RETURNS void AS $$
    DECLARE
      v record;
    BEGIN
      SELECT ${columns}, ${vectorOf('l')} AS vector INTO v FROM asset_localization l WHERE l.asset_id = id AND l.locale = loc;
      IF NOT FOUND THEN
        DELETE FROM asset_search_entry WHERE asset_id = id AND locale = loc;
        RETURN;
      END IF;
      UPDATE asset_search_entry e SET (${columns}, vector) = (${values}, v.vector)
        WHERE e.asset_id = id AND e.locale = loc AND (${entryValues}, e.vector) IS DISTINCT FROM (${values}, v.vector);
      IF NOT FOUND AND NOT EXISTS (SELECT FROM asset_search_entry e WHERE e.asset_id = id AND e.locale = loc) THEN
        INSERT INTO asset_search_entry (${columns}, vector) VALUES (${values}, v.vector);
      END IF;
    END
  $$ LANGUAGE plpgsql SET enable_seqscan = off`.execute(db);
}

/**
 * The trigger that writes an entry when a version's copied columns or words change: at the commit, once per written
 * version and event. A save updates its version three times (content, derived columns, words), and the first sync
 * writes the entry as it ends, the others find it so. Written at once, the three had cost saves a fifth of their
 * throughput (483 against 382 saves a second with 20 at a time).
 */
export async function createEntryUpdateTrigger<T>(db: Kysely<T>, entryColumns: readonly string[]): Promise<void> {
  const changed = sql.join(
    [...entryColumns, 'search_vector'].map((column) => sql.raw(`OLD.${column} IS DISTINCT FROM NEW.${column}`)),
    sql` OR `,
  );
  await sql`CREATE CONSTRAINT TRIGGER asset_search_entry_update AFTER UPDATE ON asset_localization ${AT_COMMIT} WHEN (${changed}) EXECUTE FUNCTION asset_search_entry_write()`.execute(db);
}
