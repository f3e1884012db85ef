import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * The delivery API's ready documents (modules/delivery/documents.ts):
 * - `delivery_document`: a published version as the delivery API answers it (its JSON and strong ETag) for every key
 *   that reads the spaces and locales it names (`scope_spaces`, `scope_locales`; `*`: only a key of every space), until
 *   `valid_until` (a referenced asset leaving or entering its window), with the asset ids it names and the references
 *   of each input (a field selection's purge keys). Written by the server, never by a request;
 * - `delivery_document_target`: which assets each document shows or links to;
 * - `delivery_document_queue`: the versions whose document is to be made again, each with a token that changes with
 *   every change, so a document made from what was read before a change is never stored as current.
 * Triggers keep them exact whoever writes (publishing, the scheduler, imports, seeds): a change to a version's published
 * state, to an asset's embargo or to a URI slug drops the documents of that version and of every version that shows or
 * links to its asset, and queues them, in the transaction of the change. Every published version is queued here.
 *
 * And the delivery list's narrowings as index walks, in both orders, for one locale: by stencil (indexes of
 * `asset_localization`), and by tag (`delivery_tag`: each published version once per tag of its published content,
 * kept by triggers from `published_tag_ids` of migration 032).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_document')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
    .addColumn('json', 'text', (col) => col.notNull())
    .addColumn('etag', 'varchar(64)', (col) => col.notNull())
    .addColumn('asset_ids', 'text', (col) => col.notNull())
    .addColumn('refs', 'text', (col) => col.notNull())
    .addColumn('scope_spaces', 'text', (col) => col.notNull())
    .addColumn('scope_locales', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'varchar(32)')
    .addColumn('made_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('delivery_document_pk', ['asset_id', 'locale'])
    .execute();
  await db.schema.createIndex('delivery_document_valid_until_idx').on('delivery_document').column('valid_until').execute();

  await db.schema
    .createTable('delivery_document_target')
    .addColumn('target_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addPrimaryKeyConstraint('delivery_document_target_pk', ['target_id', 'asset_id', 'locale'])
    .execute();
  await db.schema.createIndex('delivery_document_target_source_idx').on('delivery_document_target').columns(['asset_id', 'locale']).execute();

  await db.schema
    .createTable('delivery_document_queue')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('token', 'varchar(36)', (col) => col.notNull())
    .addPrimaryKeyConstraint('delivery_document_queue_pk', ['asset_id', 'locale'])
    .execute();

  if (dialectOf(db) === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);

  for (const index of STENCIL_INDEXES) {
    await sql`CREATE INDEX ${sql.id(index.name)} ON asset_localization (${sql.raw(index.columns.join(', '))}) WHERE status = 'published'`.execute(db);
  }
  await db.schema
    .createTable('delivery_tag')
    .addColumn('tag_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('first_published_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('sort_title', 'text')
    .addPrimaryKeyConstraint('delivery_tag_pk', ['tag_id', 'asset_id', 'locale'])
    .execute();
  await db.schema.createIndex('delivery_tag_newest_idx').on('delivery_tag').columns(['tag_id', 'locale', 'first_published_at', 'asset_id']).execute();
  await db.schema.createIndex('delivery_tag_title_idx').on('delivery_tag').columns(['tag_id', 'locale', 'sort_title', 'asset_id']).execute();
  await db.schema.createIndex('delivery_tag_version_idx').on('delivery_tag').columns(['asset_id', 'locale']).execute();
  if (dialectOf(db) === 'sqlite') await sqliteTagTriggers(db);
  else await postgresTagTriggers(db);

  const token = dialectOf(db) === 'sqlite' ? sql`lower(hex(randomblob(16)))` : sql`md5(random()::text)`;
  await sql`INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, ${token} FROM asset_localization WHERE status = 'published'`.execute(db);
}

/** The delivery list's indexes for one stencil (the delivery repository orders by these very expressions). */
export const STENCIL_INDEXES = [
  { name: 'asset_localization_delivery_stencil_newest_idx', columns: ['stencil', 'locale', 'first_published_at', 'asset_id'] },
  { name: 'asset_localization_delivery_stencil_title_idx', columns: ['stencil', 'locale', 'lower(published_title)', 'asset_id'] },
] as const;

/** The tags of a published version's published content, as `delivery_tag` rows; `tags` is a JSON array of ids (SQLite). */
function sqliteTagRows(row: 'NEW' | 'asset_localization'): string {
  const tags = `CASE WHEN json_valid(${row}.published_tag_ids) THEN ${row}.published_tag_ids ELSE '[]' END`;
  return `SELECT DISTINCT t.value, ${row}.asset_id, ${row}.locale, ${row}.first_published_at, lower(${row}.published_title)
    FROM ${row === 'NEW' ? '' : 'asset_localization, '}json_each(${tags}) AS t
    WHERE ${row}.status = 'published' AND ${row}.first_published_at IS NOT NULL AND t.type = 'text'`;
}

async function sqliteTagTriggers(db: Kysely<unknown>): Promise<void> {
  const columns = 'INSERT OR IGNORE INTO delivery_tag (tag_id, asset_id, locale, first_published_at, sort_title)';
  await sql`${sql.raw(`${columns} ${sqliteTagRows('asset_localization')}`)}`.execute(db);
  await sql`CREATE TRIGGER delivery_tag_insert AFTER INSERT ON asset_localization BEGIN ${sql.raw(`${columns} ${sqliteTagRows('NEW')};`)} END`.execute(db);
  await sql`CREATE TRIGGER delivery_tag_update AFTER UPDATE OF status, published_tag_ids, first_published_at, published_title ON asset_localization BEGIN
    DELETE FROM delivery_tag WHERE asset_id = NEW.asset_id AND locale = NEW.locale;
    ${sql.raw(`${columns} ${sqliteTagRows('NEW')};`)}
  END`.execute(db);
  await sql`CREATE TRIGGER delivery_tag_delete AFTER DELETE ON asset_localization BEGIN DELETE FROM delivery_tag WHERE asset_id = OLD.asset_id AND locale = OLD.locale; END`.execute(db);
}

/** The tags of a published version's published content, as `delivery_tag` rows (PostgreSQL). */
const postgresTagRows = (row: string) =>
  sql.raw(`SELECT DISTINCT t.id, ${row}.asset_id, ${row}.locale, ${row}.first_published_at, lower(${row}.published_title)
    FROM ${row === 'NEW' ? '' : 'asset_localization, '}jsonb_array_elements_text(CASE WHEN jsonb_typeof(${row}.published_tag_ids::jsonb) = 'array' THEN ${row}.published_tag_ids::jsonb ELSE '[]'::jsonb END) AS t(id)
    WHERE ${row}.status = 'published' AND ${row}.first_published_at IS NOT NULL`);

async function postgresTagTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO delivery_tag (tag_id, asset_id, locale, first_published_at, sort_title) ${postgresTagRows('asset_localization')} AND asset_localization.published_tag_ids IS NOT NULL`.execute(db);
  await sql`CREATE FUNCTION delivery_tag_changed() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN DELETE FROM delivery_tag WHERE asset_id = OLD.asset_id AND locale = OLD.locale; END IF;
      IF TG_OP <> 'DELETE' AND NEW.published_tag_ids IS NOT NULL THEN
        INSERT INTO delivery_tag (tag_id, asset_id, locale, first_published_at, sort_title) ${postgresTagRows('NEW')} ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER delivery_tag_changed AFTER INSERT OR DELETE OR UPDATE OF status, published_tag_ids, first_published_at, published_title ON asset_localization
    FOR EACH ROW EXECUTE FUNCTION delivery_tag_changed()`.execute(db);
}

/** The columns of a version whose change changes what the delivery API answers for it or for versions showing it. */
const VERSION_COLUMNS = 'status, published_content, publish_end, first_published_at, last_published_at, spaces, stencil';

/** SQLite: queue and drop the document of one version, and of every version showing or linking to an asset. */
function sqliteStale(input: { assetId: string; locale: string }): RawBuilder<unknown> {
  return sql.raw(`INSERT INTO delivery_document_queue (asset_id, locale, token) VALUES (${input.assetId}, ${input.locale}, lower(hex(randomblob(16))))
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE asset_id = ${input.assetId} AND locale = ${input.locale};
    ${sqliteDependentsStale(input.assetId)}`);
}

function sqliteDependentsStale(assetId: string): string {
  return `INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, lower(hex(randomblob(16))) FROM delivery_document_target WHERE target_id = ${assetId}
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE (asset_id, locale) IN (SELECT asset_id, locale FROM delivery_document_target WHERE target_id = ${assetId});`;
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers = [
    sql`CREATE TRIGGER delivery_document_version_insert AFTER INSERT ON asset_localization BEGIN ${sqliteStale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    sql`CREATE TRIGGER delivery_document_version_update AFTER UPDATE OF ${sql.raw(VERSION_COLUMNS)} ON asset_localization BEGIN ${sqliteStale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    sql`CREATE TRIGGER delivery_document_version_delete AFTER DELETE ON asset_localization BEGIN ${sqliteStale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })} END`,
    sql`CREATE TRIGGER delivery_document_embargo_update AFTER UPDATE OF embargo_start, embargo_end ON asset BEGIN ${sql.raw(sqliteDependentsStale('NEW.id'))} END`,
    sql`CREATE TRIGGER delivery_document_asset_delete AFTER DELETE ON asset BEGIN ${sql.raw(sqliteDependentsStale('OLD.id'))} END`,
    sql`CREATE TRIGGER delivery_document_slug_insert AFTER INSERT ON uri_slug BEGIN ${sqliteStale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    sql`CREATE TRIGGER delivery_document_slug_update AFTER UPDATE ON uri_slug BEGIN
      ${sqliteStale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })}
      ${sqliteStale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    sql`CREATE TRIGGER delivery_document_slug_delete AFTER DELETE ON uri_slug BEGIN ${sqliteStale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })} END`,
  ];
  for (const trigger of triggers) await trigger.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION delivery_document_dependents_stale(target text) RETURNS void AS $$
      INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, md5(random()::text) FROM delivery_document_target WHERE target_id = target
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document d USING delivery_document_target t WHERE t.target_id = target AND d.asset_id = t.asset_id AND d.locale = t.locale;
    $$ LANGUAGE sql`.execute(db);
  await sql`CREATE FUNCTION delivery_document_stale(id text, loc text) RETURNS void AS $$
      INSERT INTO delivery_document_queue (asset_id, locale, token) VALUES (id, loc, md5(random()::text))
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document WHERE asset_id = id AND locale = loc;
      SELECT delivery_document_dependents_stale(id);
    $$ LANGUAGE sql`.execute(db);
  // One function for versions and slugs (both have asset_id and locale), one for assets.
  await sql`CREATE FUNCTION delivery_document_version_changed() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM delivery_document_stale(OLD.asset_id, OLD.locale); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM delivery_document_stale(NEW.asset_id, NEW.locale); END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION delivery_document_asset_changed() RETURNS trigger AS $$
    BEGIN
      PERFORM delivery_document_dependents_stale(OLD.id);
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER delivery_document_version_changed AFTER INSERT OR DELETE OR UPDATE OF ${sql.raw(VERSION_COLUMNS)} ON asset_localization
    FOR EACH ROW EXECUTE FUNCTION delivery_document_version_changed()`.execute(db);
  await sql`CREATE TRIGGER delivery_document_slug_changed AFTER INSERT OR DELETE OR UPDATE ON uri_slug FOR EACH ROW EXECUTE FUNCTION delivery_document_version_changed()`.execute(db);
  await sql`CREATE TRIGGER delivery_document_asset_changed AFTER DELETE OR UPDATE OF embargo_start, embargo_end ON asset FOR EACH ROW EXECUTE FUNCTION delivery_document_asset_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of STENCIL_INDEXES) await db.schema.dropIndex(index.name).execute();
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['insert', 'update', 'delete']) await sql`DROP TRIGGER ${sql.id(`delivery_tag_${name}`)}`.execute(db);
  } else {
    await sql`DROP TRIGGER delivery_tag_changed ON asset_localization`.execute(db);
    await sql`DROP FUNCTION delivery_tag_changed()`.execute(db);
  }
  await db.schema.dropTable('delivery_tag').execute();
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['version_insert', 'version_update', 'version_delete', 'embargo_update', 'asset_delete', 'slug_insert', 'slug_update', 'slug_delete']) {
      await sql`DROP TRIGGER ${sql.id(`delivery_document_${name}`)}`.execute(db);
    }
  } else {
    await sql`DROP TRIGGER delivery_document_version_changed ON asset_localization`.execute(db);
    await sql`DROP TRIGGER delivery_document_slug_changed ON uri_slug`.execute(db);
    await sql`DROP TRIGGER delivery_document_asset_changed ON asset`.execute(db);
    for (const fn of ['delivery_document_version_changed()', 'delivery_document_asset_changed()', 'delivery_document_stale(text, text)', 'delivery_document_dependents_stale(text)']) {
      await sql`DROP FUNCTION ${sql.raw(fn)}`.execute(db);
    }
  }
  for (const table of ['delivery_document_queue', 'delivery_document_target', 'delivery_document']) await db.schema.dropTable(table).execute();
}
