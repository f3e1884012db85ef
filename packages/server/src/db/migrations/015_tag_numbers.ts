import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { LISTED_TAG_IDS_BYTES, LIST_INDEXES } from './013_listed_tag_ids.ts';

/**
 * The most tag numbers an index entry holds: 400 four-byte numbers and the array's header make some 1,600 bytes, as
 * the tag ids text of migration 013 did (a PostgreSQL B-tree entry may not exceed about 2.7 kB).
 */
export const LISTED_TAG_NUMBERS = 400;

/**
 * PostgreSQL: the list indexes carry a version's tags as numbers instead of the JSON text of its tag ids (migration
 * 013). Counting the tags of 10,001 versions spent most of its time reading the ids out of the JSON and grouping the
 * 36-character texts; numbers from a dictionary of tag ids (`asset_tag_number`) are read and grouped three times as
 * fast, and make the index entries smaller. A trigger numbers the tags of every written version; a version with more
 * tags than an index entry holds has none listed, and a count numbers them from its row. SQLite counted
 * `tag_ids` in the server until migration 017.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // Byte order, as the list orders tags of equal counts.
  await sql`CREATE TABLE asset_tag_number (number integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tag_id text COLLATE "C" NOT NULL UNIQUE)`.execute(db);
  await sql`INSERT INTO asset_tag_number (tag_id)
    SELECT DISTINCT tag.id FROM asset_localization, jsonb_array_elements_text(tag_ids::jsonb) AS tag (id) ORDER BY tag.id`.execute(db);
  // A version's tag numbers in the order of its tag ids, one per entry (an id listed twice counts twice). One index
  // lookup per id: a join let the planner read the whole dictionary for every version (a millisecond per save once
  // it held 3,000 tags, growing with it).
  await sql`CREATE FUNCTION asset_tag_numbers(tag_ids text) RETURNS integer[] AS $$
    DECLARE
      tag text;
      numbers integer[] := '{}';
    BEGIN
      FOR tag IN SELECT jsonb_array_elements_text(tag_ids::jsonb) LOOP
        numbers := numbers || (SELECT n.number FROM asset_tag_number n WHERE n.tag_id = tag);
      END LOOP;
      RETURN numbers;
    END
  $$ LANGUAGE plpgsql STABLE`.execute(db);
  // New ids are numbered in byte order, so two saves that bring the same new tags wait for each other instead of
  // deadlocking; a save waiting on another's new id sees it once that commits (each statement reads anew).
  await sql`CREATE FUNCTION asset_localization_tag_numbers() RETURNS trigger AS $$
    DECLARE
      tag text;
    BEGIN
      IF NEW.tag_ids = '[]' THEN
        NEW.listed_tag_numbers := '{}';
        RETURN NEW;
      END IF;
      FOR tag IN SELECT DISTINCT t.id COLLATE "C" FROM jsonb_array_elements_text(NEW.tag_ids::jsonb) AS t (id) ORDER BY 1 LOOP
        IF NOT EXISTS (SELECT FROM asset_tag_number n WHERE n.tag_id = tag) THEN
          INSERT INTO asset_tag_number (tag_id) VALUES (tag) ON CONFLICT DO NOTHING;
        END IF;
      END LOOP;
      NEW.listed_tag_numbers := CASE WHEN jsonb_array_length(NEW.tag_ids::jsonb) <= ${sql.lit(LISTED_TAG_NUMBERS)} THEN asset_tag_numbers(NEW.tag_ids) END;
      RETURN NEW;
    END
  $$ LANGUAGE plpgsql`.execute(db);

  for (const index of LIST_INDEXES) await db.schema.dropIndex(index.name).execute();
  await sql`ALTER TABLE asset_localization DROP COLUMN listed_tag_ids`.execute(db);
  await sql`ALTER TABLE asset_localization ADD COLUMN listed_tag_numbers integer[]`.execute(db);
  await withoutSecondaryIndexes(db, () =>
    sql`UPDATE asset_localization l SET listed_tag_numbers = CASE WHEN cardinality(n.numbers) <= ${sql.lit(LISTED_TAG_NUMBERS)} THEN n.numbers END
      FROM (
        SELECT v.asset_id, v.locale, coalesce(array_agg(d.number ORDER BY tag.position) FILTER (WHERE d.number IS NOT NULL), '{}') AS numbers
        FROM asset_localization v
        LEFT JOIN LATERAL jsonb_array_elements_text(v.tag_ids::jsonb) WITH ORDINALITY AS tag (id, position) ON true
        LEFT JOIN asset_tag_number d ON d.tag_id = tag.id
        GROUP BY v.asset_id, v.locale
      ) n
      WHERE n.asset_id = l.asset_id AND n.locale = l.locale`.execute(db),
  );
  await sql`CREATE TRIGGER asset_localization_tag_numbers BEFORE INSERT OR UPDATE OF tag_ids ON asset_localization
    FOR EACH ROW EXECUTE FUNCTION asset_localization_tag_numbers()`.execute(db);
  await createListIndexes(db, 'listed_tag_numbers');
}

/**
 * Runs a write of every version with only the primary key to keep up, then builds the other indexes again: updating
 * the search index row by row (GIN) takes many times longer than building it once. Indexes built after a write in
 * the same transaction serve the transactions that start after it commits, not those already running.
 */
async function withoutSecondaryIndexes(db: Kysely<unknown>, write: () => Promise<unknown>): Promise<void> {
  // Unique indexes stay: they may back constraints.
  const indexes = await sql<{ indexname: string; indexdef: string }>`SELECT c.relname AS indexname, pg_get_indexdef(c.oid) AS indexdef
    FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
    WHERE x.indrelid = 'asset_localization'::regclass AND NOT x.indisunique`.execute(db);
  for (const index of indexes.rows) await db.schema.dropIndex(index.indexname).execute();
  await write();
  for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
}

async function createListIndexes(db: Kysely<unknown>, included: 'listed_tag_ids' | 'listed_tag_numbers'): Promise<void> {
  for (const index of LIST_INDEXES) {
    await sql`CREATE INDEX ${sql.id(index.name)} ON asset_localization (${sql.join(index.columns.map((column) => sql.id(column)))}) INCLUDE (${sql.id(included)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const index of LIST_INDEXES) await db.schema.dropIndex(index.name).execute();
  await sql`DROP TRIGGER asset_localization_tag_numbers ON asset_localization`.execute(db);
  await sql`ALTER TABLE asset_localization DROP COLUMN listed_tag_numbers`.execute(db);
  await sql`DROP FUNCTION asset_localization_tag_numbers()`.execute(db);
  await sql`DROP FUNCTION asset_tag_numbers(text)`.execute(db);
  await sql`DROP TABLE asset_tag_number`.execute(db);
  // As migration 013 left them.
  await sql`ALTER TABLE asset_localization ADD COLUMN listed_tag_ids text
    GENERATED ALWAYS AS (CASE WHEN octet_length(tag_ids) <= ${sql.lit(LISTED_TAG_IDS_BYTES)} THEN tag_ids END) STORED`.execute(db);
  await createListIndexes(db, 'listed_tag_ids');
}
