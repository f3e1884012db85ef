import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './schema.ts';
import * as m001 from './migrations/001_users.ts';
import * as m002 from './migrations/002_oidc_store.ts';
import * as m003 from './migrations/003_assets.ts';
import * as m004 from './migrations/004_search_columns.ts';
import * as m005 from './migrations/005_list_index.ts';
import * as m006 from './migrations/006_transitions.ts';
import * as m007 from './migrations/007_list_counts.ts';
import * as m008 from './migrations/008_uri_slugs.ts';
import * as m009 from './migrations/009_previews.ts';
import * as m010 from './migrations/010_translation_locks.ts';
import * as m011 from './migrations/011_tag_ids.ts';
import * as m012 from './migrations/012_list_count_facet_indexes.ts';
import * as m013 from './migrations/013_listed_tag_ids.ts';
import * as m014 from './migrations/014_search_recency.ts';
import * as m015 from './migrations/015_tag_numbers.ts';
import * as m016 from './migrations/016_search_facet_words.ts';
import * as m017 from './migrations/017_sqlite_tag_numbers.ts';
import * as m018 from './migrations/018_search_entries.ts';
import * as m019 from './migrations/019_sign_in_guard.ts';
import * as m020 from './migrations/020_uploads.ts';
import * as m021 from './migrations/021_media_archive.ts';
import * as m022 from './migrations/022_audit_log.ts';
import * as m023 from './migrations/023_transition_user_id.ts';
import * as m024 from './migrations/024_events.ts';
import * as m025 from './migrations/025_media_archive_search.ts';
import * as m026 from './migrations/026_content_values.ts';
import * as m027 from './migrations/027_master_data.ts';
import * as m028 from './migrations/028_tag_resources.ts';
import * as m029 from './migrations/029_sqlite_search_filter_words.ts';
import * as m030 from './migrations/030_revoked_sessions.ts';
import * as m031 from './migrations/031_refusal_counts.ts';
import * as m032 from './migrations/032_delivery_keys.ts';
import * as m033 from './migrations/033_webhooks.ts';
import * as m034 from './migrations/034_delivery_documents.ts';
import * as m035 from './migrations/035_revisions.ts';
import * as m036 from './migrations/036_event_external_ids.ts';
import * as m037 from './migrations/037_zoe_localizations.ts';
import * as m038 from './migrations/038_live_events.ts';
import * as m039 from './migrations/039_delivery_asset_stamps.ts';
import * as m040 from './migrations/040_list_changes.ts';
import * as m041 from './migrations/041_delivery_list_documents.ts';
import * as m042 from './migrations/042_no_value_samples.ts';
import * as m043 from './migrations/043_postgres_search_keys.ts';

/** Migrations are code, listed here in order; each runs once per database. */
const MIGRATIONS: Record<string, Migration> = {
  '001_users': m001,
  '002_oidc_store': m002,
  '003_assets': m003,
  '004_search_columns': m004,
  '005_list_index': m005,
  '006_transitions': m006,
  '007_list_counts': m007,
  '008_uri_slugs': m008,
  '009_previews': m009,
  '010_translation_locks': m010,
  '011_tag_ids': m011,
  '012_list_count_facet_indexes': m012,
  '013_listed_tag_ids': m013,
  '014_search_recency': m014,
  '015_tag_numbers': m015,
  '016_search_facet_words': m016,
  '017_sqlite_tag_numbers': m017,
  '018_search_entries': m018,
  '019_sign_in_guard': m019,
  '020_uploads': m020,
  '021_media_archive': m021,
  '022_audit_log': m022,
  '023_transition_user_id': m023,
  '024_events': m024,
  '025_media_archive_search': m025,
  '026_content_values': m026,
  '027_master_data': m027,
  '028_tag_resources': m028,
  '029_sqlite_search_filter_words': m029,
  '030_revoked_sessions': m030,
  '031_refusal_counts': m031,
  '032_delivery_keys': m032,
  '033_webhooks': m033,
  '034_delivery_documents': m034,
  '035_revisions': m035,
  '036_event_external_ids': m036,
  '037_zoe_localizations': m037,
  '038_live_events': m038,
  '039_delivery_asset_stamps': m039,
  '040_list_changes': m040,
  '041_delivery_list_documents': m041,
  '042_no_value_samples': m042,
  '043_postgres_search_keys': m043,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<void> {
  return migrateTo(db, { schema });
}

/** Brings the database to the schema after the named migration (tests of a migration's backfill), or the newest. */
export async function migrateTo(db: Kysely<DB>, options: { to?: string | undefined; schema?: string | undefined }): Promise<void> {
  const { to, schema } = options;
  // Kysely looks for its bookkeeping tables in any schema unless told which one is ours.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The names of the migrations this code knows that the database has not run yet (readiness: empty when up to date). */
export async function pendingMigrations(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
