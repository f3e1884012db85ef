import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('shortname', 'varchar(255)')
    .addColumn('roles', 'text', (col) => col.notNull())
    .addColumn('spaces', 'text', (col) => col.notNull())
    .addColumn('localizations', 'text', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('app_user_name_idx').on('app_user').column('name').execute();

  await db.schema
    .createTable('saved_filter')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('filters', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('saved_filter_user_idx').on('saved_filter').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_filter').execute();
  await db.schema.dropTable('app_user').execute();
}
