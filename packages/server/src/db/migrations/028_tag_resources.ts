import type { Kysely } from 'kysely';

/**
 * The content repository's tags that the tag feed query answers (spec 001 §7): one row per tag, known by its
 * external reference (origin and foreign id, unique together); playground projects are created here with a parent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_resource')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('origin', 'varchar(32)', (col) => col.notNull())
    .addColumn('foreign_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('label', 'varchar(200)', (col) => col.notNull())
    .addColumn('uri_slug', 'varchar(200)')
    .addColumn('sub_type', 'varchar(40)')
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('author', 'varchar(200)', (col) => col.notNull())
    .addColumn('broader_tag_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('tag_resource_reference', ['origin', 'foreign_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_resource').execute();
}
