import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/** The inputs whose references are tags (modules/assets/tagging.ts) when this migration was written. */
const TAGGING_INPUTS = ['disciplines', 'content-categories', 'lsc', 'tags'];
/** The input every installed stencil names as its title (`titleInput`; the delivery tests hold them to it). */
const TITLE_INPUT = 'title';

/**
 * The delivery list's indexes: published versions only, newest first or by title (ignoring the case of A to Z), with
 * and without one locale. The delivery repository orders by these very expressions.
 */
export const DELIVERY_INDEXES = [
  { name: 'asset_localization_delivery_newest_idx', columns: ['first_published_at', 'asset_id', 'locale'] },
  { name: 'asset_localization_delivery_locale_newest_idx', columns: ['locale', 'first_published_at', 'asset_id'] },
  { name: 'asset_localization_delivery_title_idx', columns: ['lower(published_title)', 'asset_id', 'locale'] },
  { name: 'asset_localization_delivery_locale_title_idx', columns: ['locale', 'lower(published_title)', 'asset_id'] },
] as const;

/**
 * The delivery API (modules/delivery):
 * - `delivery_key`: the keys websites and apps read published content with; only a SHA-256 of each secret is kept;
 * - `published_title` and `published_tag_ids` of a version: the title and the tag ids of its published content (not
 *   of its draft, which `title` and `tag_ids` follow), so that sorting by title and filtering by tag never reveal an
 *   unpublished change. Triggers take them from `published_content` whoever writes it (publishing, seeds, imports);
 * - partial indexes over the published versions for the delivery list's two orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_key')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('spaces', 'text', (col) => col.notNull())
    .addColumn('locales', 'text', (col) => col.notNull())
    .addColumn('requests_per_second', 'integer')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_by', 'varchar(255)')
    .execute();
  await db.schema.createIndex('delivery_key_created_idx').on('delivery_key').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('asset_localization').addColumn('published_title', 'text').execute();
  await db.schema.alterTable('asset_localization').addColumn('published_tag_ids', 'text').execute();
  if (dialectOf(db) === 'sqlite') await sqliteColumns(db);
  else await postgresColumns(db);

  for (const index of DELIVERY_INDEXES) {
    await sql`CREATE INDEX ${sql.id(index.name)} ON asset_localization (${sql.raw(index.columns.join(', '))}) WHERE status = 'published'`.execute(db);
  }
}

const tagInputs = sql.join(TAGGING_INPUTS.map((input) => sql.lit(input)));

/** SQLite: the published title and tag ids of the JSON `content`, computed as a trigger sets them. */
function sqliteValues(content: RawBuilder<unknown>): RawBuilder<unknown> {
  const at = sql.lit(`$.${TITLE_INPUT}.value`);
  return sql`published_title = coalesce(substr(trim(CASE WHEN json_type(${content}, ${at}) = 'text' THEN json_extract(${content}, ${at}) END), 1, 1000), ''),
    published_tag_ids = (SELECT json_group_array(id) FROM (
      SELECT json_extract(e.value, '$.id') AS id FROM json_each(${content}) AS i, json_each(i.value, '$.value') AS e
      WHERE i.key IN (${tagInputs}) AND i.type = 'object' AND e.type = 'object' AND json_type(e.value, '$.id') = 'text'
      ORDER BY id))`;
}

/** SQLite: whether a column holds a JSON object (a version's content always does; anything else leaves the columns NULL). */
const valid = (content: string) => sql.raw(`${content} IS NOT NULL AND json_valid(${content}) AND json_type(${content}) = 'object'`);

async function sqliteColumns(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE asset_localization SET ${sqliteValues(sql.ref('published_content'))} WHERE ${valid('published_content')}`.execute(db);
  await sql`CREATE TRIGGER asset_localization_delivery_insert AFTER INSERT ON asset_localization WHEN ${valid('NEW.published_content')} BEGIN
    UPDATE asset_localization SET ${sqliteValues(sql.raw('NEW.published_content'))} WHERE rowid = NEW.rowid;
  END`.execute(db);
  await sql`CREATE TRIGGER asset_localization_delivery_update AFTER UPDATE OF published_content ON asset_localization
    WHEN OLD.published_content IS NOT NEW.published_content BEGIN
    UPDATE asset_localization SET published_title = NULL, published_tag_ids = NULL WHERE rowid = NEW.rowid AND NOT (${valid('NEW.published_content')});
    UPDATE asset_localization SET ${sqliteValues(sql.raw('NEW.published_content'))} WHERE rowid = NEW.rowid AND ${valid('NEW.published_content')};
  END`.execute(db);
}

async function postgresColumns(db: Kysely<unknown>): Promise<void> {
  const title = sql.lit(`{${TITLE_INPUT},value}`);
  await sql`CREATE FUNCTION asset_published_title(content jsonb) RETURNS text AS $$
    SELECT CASE WHEN jsonb_typeof(content) = 'object'
      THEN coalesce(left(btrim(CASE WHEN jsonb_typeof(content #> ${title}) = 'string' THEN content #>> ${title} END), 1000), '') END
    $$ LANGUAGE sql IMMUTABLE`.execute(db);
  await sql`CREATE FUNCTION asset_published_tag_ids(content jsonb) RETURNS text AS $$
    SELECT CASE WHEN jsonb_typeof(content) = 'object' THEN (SELECT coalesce(jsonb_agg(t.id ORDER BY t.id), '[]'::jsonb)::text FROM (
      SELECT e ->> 'id' AS id FROM jsonb_each(content) AS i(name, input)
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(i.input -> 'value') = 'array' THEN i.input -> 'value' ELSE '[]'::jsonb END) AS e
      WHERE i.name IN (${tagInputs}) AND jsonb_typeof(e) = 'object' AND jsonb_typeof(e -> 'id') = 'string') t) END
    $$ LANGUAGE sql IMMUTABLE`.execute(db);
  await sql`CREATE FUNCTION asset_localization_delivery_values() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.published_content IS NOT DISTINCT FROM OLD.published_content THEN RETURN NEW; END IF;
      NEW.published_title := asset_published_title(NEW.published_content::jsonb);
      NEW.published_tag_ids := asset_published_tag_ids(NEW.published_content::jsonb);
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`UPDATE asset_localization SET published_title = asset_published_title(published_content::jsonb), published_tag_ids = asset_published_tag_ids(published_content::jsonb)
    WHERE published_content IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER asset_localization_delivery_values BEFORE INSERT OR UPDATE OF published_content ON asset_localization
    FOR EACH ROW EXECUTE FUNCTION asset_localization_delivery_values()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of DELIVERY_INDEXES) await db.schema.dropIndex(index.name).execute();
  if (dialectOf(db) === 'sqlite') {
    await sql`DROP TRIGGER asset_localization_delivery_insert`.execute(db);
    await sql`DROP TRIGGER asset_localization_delivery_update`.execute(db);
  } else {
    await sql`DROP TRIGGER asset_localization_delivery_values ON asset_localization`.execute(db);
    for (const fn of ['asset_localization_delivery_values()', 'asset_published_title(jsonb)', 'asset_published_tag_ids(jsonb)']) await sql`DROP FUNCTION ${sql.raw(fn)}`.execute(db);
  }
  await db.schema.alterTable('asset_localization').dropColumn('published_tag_ids').execute();
  await db.schema.alterTable('asset_localization').dropColumn('published_title').execute();
  await db.schema.dropTable('delivery_key').execute();
}
