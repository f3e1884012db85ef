import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { ASSET_CHANGE_LOCK } from '../dialects/locking.ts';

/**
 * A change stamp per asset for the delivery API's ready documents (modules/delivery/documents.ts):
 * `delivery_asset_stamp` counts the changes of what a document showing the asset would show of it (its versions'
 * published state, its embargo, its URI slugs). The triggers of migration 034 now bump it in the transaction of each
 * such change, before they queue the documents that show the asset. The document maker reads the stamps of a
 * version's targets before it reads them, and stores the document only if none changed meanwhile: a document made
 * while a target changed, which the triggers could not queue because its targets were not stored yet, is made again
 * instead. So a version that shows or links to other assets gets a ready document too.
 *
 * PostgreSQL: the triggers also hold the asset's change lock (an advisory lock of the transaction, `ASSET_CHANGE_LOCK`)
 * from before the stamp until their transaction ends, and the maker stores only while it holds that lock shared for
 * every target, so no change can commit between its check and its store unseen. The triggers now queue a version's
 * document and those of the versions showing it in one statement, in key order: two changes that queue the same
 * documents take their queue rows in the same order and cannot deadlock on them.
 */

const STALE_TRIGGERS = ['version_insert', 'version_update', 'version_delete', 'embargo_update', 'asset_delete', 'slug_insert', 'slug_update', 'slug_delete'] as const;
/** The columns of a version whose change changes what the delivery API answers (as migration 034). */
const VERSION_COLUMNS = 'status, published_content, publish_end, first_published_at, last_published_at, spaces, stencil';

const sqliteBump = (assetId: string) => `INSERT INTO delivery_asset_stamp (asset_id, stamp) VALUES (${assetId}, 1) ON CONFLICT (asset_id) DO UPDATE SET stamp = stamp + 1;`;

/** SQLite: the asset's stamp, then the documents that show or link to it queued and dropped. */
function sqliteDependentsStale(assetId: string): string {
  return `${sqliteBump(assetId)}
    INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, lower(hex(randomblob(16))) FROM delivery_document_target WHERE target_id = ${assetId}
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE (asset_id, locale) IN (SELECT asset_id, locale FROM delivery_document_target WHERE target_id = ${assetId});`;
}

/** SQLite: a version's own document queued and dropped, then as for its asset. */
function sqliteStale(input: { assetId: string; locale: string }): string {
  return `INSERT INTO delivery_document_queue (asset_id, locale, token) VALUES (${input.assetId}, ${input.locale}, lower(hex(randomblob(16))))
      ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
    DELETE FROM delivery_document WHERE asset_id = ${input.assetId} AND locale = ${input.locale};
    ${sqliteDependentsStale(input.assetId)}`;
}

async function sqliteTriggers(db: Kysely<unknown>, stale: (input: { assetId: string; locale: string }) => string, dependentsStale: (assetId: string) => string): Promise<void> {
  for (const name of STALE_TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.id(`delivery_document_${name}`)}`.execute(db);
  const triggers = [
    `CREATE TRIGGER delivery_document_version_insert AFTER INSERT ON asset_localization BEGIN ${stale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    `CREATE TRIGGER delivery_document_version_update AFTER UPDATE OF ${VERSION_COLUMNS} ON asset_localization BEGIN ${stale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    `CREATE TRIGGER delivery_document_version_delete AFTER DELETE ON asset_localization BEGIN ${stale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })} END`,
    `CREATE TRIGGER delivery_document_embargo_update AFTER UPDATE OF embargo_start, embargo_end ON asset BEGIN ${dependentsStale('NEW.id')} END`,
    `CREATE TRIGGER delivery_document_asset_delete AFTER DELETE ON asset BEGIN ${dependentsStale('OLD.id')} END`,
    `CREATE TRIGGER delivery_document_slug_insert AFTER INSERT ON uri_slug BEGIN ${stale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    `CREATE TRIGGER delivery_document_slug_update AFTER UPDATE ON uri_slug BEGIN
      ${stale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })}
      ${stale({ assetId: 'NEW.asset_id', locale: 'NEW.locale' })} END`,
    `CREATE TRIGGER delivery_document_slug_delete AFTER DELETE ON uri_slug BEGIN ${stale({ assetId: 'OLD.asset_id', locale: 'OLD.locale' })} END`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/** PostgreSQL: the functions of migration 034's triggers, with the change lock, the stamp and one ordered queueing. */
async function postgresFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION delivery_document_dependents_stale(target text) RETURNS void AS $$
      SELECT pg_advisory_xact_lock(${sql.lit(ASSET_CHANGE_LOCK)}, hashtext(target));
      INSERT INTO delivery_asset_stamp (asset_id, stamp) VALUES (target, 1) ON CONFLICT (asset_id) DO UPDATE SET stamp = delivery_asset_stamp.stamp + 1;
      INSERT INTO delivery_document_queue (asset_id, locale, token)
        SELECT asset_id, locale, md5(random()::text) FROM delivery_document_target WHERE target_id = target ORDER BY asset_id, locale
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document d USING delivery_document_target t WHERE t.target_id = target AND d.asset_id = t.asset_id AND d.locale = t.locale;
    $$ LANGUAGE sql`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION delivery_document_stale(id text, loc text) RETURNS void AS $$
      SELECT pg_advisory_xact_lock(${sql.lit(ASSET_CHANGE_LOCK)}, hashtext(id));
      INSERT INTO delivery_asset_stamp (asset_id, stamp) VALUES (id, 1) ON CONFLICT (asset_id) DO UPDATE SET stamp = delivery_asset_stamp.stamp + 1;
      INSERT INTO delivery_document_queue (asset_id, locale, token)
        SELECT k.asset_id, k.locale, md5(random()::text)
        FROM (SELECT id AS asset_id, loc AS locale UNION SELECT asset_id, locale FROM delivery_document_target WHERE target_id = id) k
        ORDER BY k.asset_id, k.locale
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document WHERE asset_id = id AND locale = loc;
      DELETE FROM delivery_document d USING delivery_document_target t WHERE t.target_id = id AND d.asset_id = t.asset_id AND d.locale = t.locale;
    $$ LANGUAGE sql`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_asset_stamp')
    .addColumn('asset_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('stamp', 'bigint', (col) => col.notNull())
    .execute();
  if (dialectOf(db) === 'sqlite') await sqliteTriggers(db, sqliteStale, sqliteDependentsStale);
  else await postgresFunctions(db);
  // Every published version again: those that show other assets had no document until now.
  const token = dialectOf(db) === 'sqlite' ? sql`lower(hex(randomblob(16)))` : sql`md5(random()::text)`;
  await sql`INSERT INTO delivery_document_queue (asset_id, locale, token)
    SELECT asset_id, locale, ${token} FROM asset_localization l
    WHERE status = 'published' AND NOT EXISTS (SELECT 1 FROM delivery_document d WHERE d.asset_id = l.asset_id AND d.locale = l.locale)
    ON CONFLICT (asset_id, locale) DO NOTHING`.execute(db);
}

/** Migration 034's triggers and functions as they were, without the stamps. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    const stale034 = (input: { assetId: string; locale: string }) =>
      `INSERT INTO delivery_document_queue (asset_id, locale, token) VALUES (${input.assetId}, ${input.locale}, lower(hex(randomblob(16))))
        ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
      DELETE FROM delivery_document WHERE asset_id = ${input.assetId} AND locale = ${input.locale};
      ${sqliteDependentsStale(input.assetId).replace(sqliteBump(input.assetId), '')}`;
    await sqliteTriggers(db, stale034, (assetId) => sqliteDependentsStale(assetId).replace(sqliteBump(assetId), ''));
  } else {
    await sql`CREATE OR REPLACE FUNCTION delivery_document_dependents_stale(target text) RETURNS void AS $$
        INSERT INTO delivery_document_queue (asset_id, locale, token) SELECT asset_id, locale, md5(random()::text) FROM delivery_document_target WHERE target_id = target
          ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
        DELETE FROM delivery_document d USING delivery_document_target t WHERE t.target_id = target AND d.asset_id = t.asset_id AND d.locale = t.locale;
      $$ LANGUAGE sql`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION delivery_document_stale(id text, loc text) RETURNS void AS $$
        INSERT INTO delivery_document_queue (asset_id, locale, token) VALUES (id, loc, md5(random()::text))
          ON CONFLICT (asset_id, locale) DO UPDATE SET token = excluded.token;
        DELETE FROM delivery_document WHERE asset_id = id AND locale = loc;
        SELECT delivery_document_dependents_stale(id);
      $$ LANGUAGE sql`.execute(db);
  }
  await db.schema.dropTable('delivery_asset_stamp').execute();
}
