import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { ASSET_CHANGE_LOCK } from '../dialects/locking.ts';

/**
 * The delivery list read from the ready documents alone (modules/delivery/listRepository.ts): each document keeps its
 * version's list columns (stencil, spaces, first publish, the title as the list sorts it) and what decides whether the
 * version is live (its unpublish date, its asset's embargo), with indexes in the list's orders. The columns are the
 * version's as the maker read it; any change to them drops the document in the change's own transaction (migration
 * 034's triggers), so a stored document's columns are the version's. An asset's embargo change now also queues its
 * own versions anew and drops their documents (before, a read joined the asset for its embargo), with a new token, so
 * the maker never stores an embargo it read before the change.
 */
const LIST_COLUMNS = [
  ['stencil', 'varchar(64)'],
  ['spaces', 'text'],
  ['first_published_at', 'varchar(32)'],
  ['sort_title', 'text'],
  ['publish_end', 'varchar(32)'],
  ['embargo_start', 'varchar(32)'],
  ['embargo_end', 'varchar(32)'],
] as const;

/** The columns every version has (SQLite adds columns only as nullable: a trigger requires them there). */
const REQUIRED_COLUMNS = ['stencil', 'spaces', 'first_published_at'] as const;

/** One locale, many locales, one stencil; newest first and by title (the repository orders by these columns). */
export const DOCUMENT_LIST_INDEXES = [
  { name: 'delivery_document_locale_newest_idx', columns: ['locale', 'first_published_at', 'asset_id'] },
  { name: 'delivery_document_locale_title_idx', columns: ['locale', 'sort_title', 'asset_id'] },
  { name: 'delivery_document_newest_idx', columns: ['first_published_at', 'asset_id', 'locale'] },
  { name: 'delivery_document_title_idx', columns: ['sort_title', 'asset_id', 'locale'] },
  { name: 'delivery_document_stencil_newest_idx', columns: ['stencil', 'locale', 'first_published_at', 'asset_id'] },
  { name: 'delivery_document_stencil_title_idx', columns: ['stencil', 'locale', 'sort_title', 'asset_id'] },
] as const;

const STAMP_BUMP = `INSERT INTO delivery_asset_stamp (asset_id, stamp) VALUES (NEW.id, 1) ON CONFLICT (asset_id) DO UPDATE SET stamp = stamp + 1;`;

/** SQLite: an embargo change stamps the asset, queues its own versions and those showing it, and drops their documents. */
const SQLITE_EMBARGO_TRIGGER = `CREATE TRIGGER delivery_document_embargo_update AFTER UPDATE OF embargo_start, embargo_end ON asset BEGIN
    ${STAMP_BUMP}
    INSERT INTO delivery_document_queue (asset_id, locale, token)
      SELECT asset_id, locale, lower(hex(randomblob(16)))
      FROM (SELECT asset_id, locale FROM asset_localization WHERE asset_id = NEW.id UNION SELECT asset_id, locale FROM delivery_document_target WHERE target_id = NEW.id)
      WHERE TRUE
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE asset_id = NEW.id;
    DELETE FROM delivery_document WHERE (asset_id, locale) IN (SELECT asset_id, locale FROM delivery_document_target WHERE target_id = NEW.id);
  END`;

/** Migration 039's embargo trigger, for `down`. */
const SQLITE_EMBARGO_TRIGGER_039 = `CREATE TRIGGER delivery_document_embargo_update AFTER UPDATE OF embargo_start, embargo_end ON asset BEGIN
    ${STAMP_BUMP}
    INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, lower(hex(randomblob(16))) FROM delivery_document_target WHERE target_id = NEW.id
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE (asset_id, locale) IN (SELECT asset_id, locale FROM delivery_document_target WHERE target_id = NEW.id);
  END`;

/** PostgreSQL: as SQLite, under the asset's change lock, queueing in key order in one statement (migration 039). */
async function postgresEmbargoFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION delivery_document_embargo_stale(target text) RETURNS void AS $$
      SELECT pg_advisory_xact_lock(${sql.lit(ASSET_CHANGE_LOCK)}, hashtext(target));
      INSERT INTO delivery_asset_stamp (asset_id, stamp) VALUES (target, 1) ON CONFLICT (asset_id) DO UPDATE SET stamp = delivery_asset_stamp.stamp + 1;
      INSERT INTO delivery_document_queue (asset_id, locale, token)
        SELECT k.asset_id, k.locale, md5(random()::text)
        FROM (SELECT asset_id, locale FROM asset_localization WHERE asset_id = target UNION SELECT asset_id, locale FROM delivery_document_target WHERE target_id = target) k
        ORDER BY k.asset_id, k.locale
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document WHERE asset_id = target;
      DELETE FROM delivery_document d USING delivery_document_target t WHERE t.target_id = target AND d.asset_id = t.asset_id AND d.locale = t.locale;
    $$ LANGUAGE sql`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION delivery_document_asset_changed() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN PERFORM delivery_document_embargo_stale(NEW.id); ELSE PERFORM delivery_document_dependents_stale(OLD.id); END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of LIST_COLUMNS) await db.schema.alterTable('delivery_document').addColumn(name, type).execute();
  // The documents made before keep their answers: their list columns come from their versions as they are now.
  await sql`UPDATE delivery_document AS d SET stencil = l.stencil, spaces = l.spaces, first_published_at = l.first_published_at,
      sort_title = lower(l.published_title), publish_end = l.publish_end, embargo_start = a.embargo_start, embargo_end = a.embargo_end
    FROM asset_localization l JOIN asset a ON a.id = l.asset_id
    WHERE l.asset_id = d.asset_id AND l.locale = d.locale`.execute(db);
  // A document whose version is not read above (none should be) is made again rather than listed without its columns.
  await sql`DELETE FROM delivery_document WHERE first_published_at IS NULL`.execute(db);
  for (const index of DOCUMENT_LIST_INDEXES) await sql`CREATE INDEX ${sql.id(index.name)} ON delivery_document (${sql.raw(index.columns.join(', '))})`.execute(db);
  // A document without them (stored by a server of before this migration, still running beside a newer one) is
  // refused: its version stays queued and is read from the version itself, never listed or answered without its window.
  if (dialectOf(db) === 'sqlite') {
    await sql.raw(`CREATE TRIGGER delivery_document_list_columns BEFORE INSERT ON delivery_document
      WHEN ${REQUIRED_COLUMNS.map((name) => `NEW.${name} IS NULL`).join(' OR ')}
      BEGIN SELECT RAISE(ABORT, 'a ready document needs its version''s list columns (migration 041)'); END`).execute(db);
    await sql`DROP TRIGGER delivery_document_embargo_update`.execute(db);
    await sql.raw(SQLITE_EMBARGO_TRIGGER).execute(db);
  } else {
    for (const name of REQUIRED_COLUMNS) await db.schema.alterTable('delivery_document').alterColumn(name, (column) => column.setNotNull()).execute();
    await postgresEmbargoFunctions(db);
    // Statistics of the new columns now, not at autovacuum's next pass: without them the planner took a list page's
    // locale for a few rows and sorted all of them (51 ms instead of 0.4 at 10,000 versions).
    await sql`ANALYZE delivery_document, delivery_document_queue`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`DROP TRIGGER delivery_document_list_columns`.execute(db);
    await sql`DROP TRIGGER delivery_document_embargo_update`.execute(db);
    await sql.raw(SQLITE_EMBARGO_TRIGGER_039).execute(db);
  } else {
    await sql`CREATE OR REPLACE FUNCTION delivery_document_asset_changed() RETURNS trigger AS $$
      BEGIN
        PERFORM delivery_document_dependents_stale(OLD.id);
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`DROP FUNCTION delivery_document_embargo_stale(text)`.execute(db);
  }
  for (const index of DOCUMENT_LIST_INDEXES) await db.schema.dropIndex(index.name).execute();
  for (const [name] of LIST_COLUMNS) await db.schema.alterTable('delivery_document').dropColumn(name).execute();
}
