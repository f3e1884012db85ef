import { sql, type Kysely } from 'kysely';

/**
 * The lifecycle of a version (spec 000 §3, 002 §3 Transition): publish and unpublish transitions, executed or
 * scheduled. The (status, due_at) index lets a scheduler find the transitions that fall due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transition')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('transition_to', 'varchar(16)', (col) => col.notNull().check(sql`transition_to in ('PUBLISHED', 'UNPUBLISHED')`))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().check(sql`status in ('SCHEDULED', 'EXECUTED', 'ERROR')`))
    .addColumn('due_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('executed_at', 'varchar(32)')
    .addColumn('message', 'text')
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addForeignKeyConstraint('transition_localization_fk', ['asset_id', 'locale'], 'asset_localization', ['asset_id', 'locale'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('transition_due_idx').on('transition').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('transition_localization_idx').on('transition').columns(['asset_id', 'locale']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transition').execute();
}
