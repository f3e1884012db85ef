import type { Kysely } from 'kysely';

/** The embedded sign-in provider's sessions, grants and tokens, so they survive restarts and are shared by instances. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_model')
    .addColumn('kind', 'varchar(64)', (col) => col.notNull())
    .addColumn('id', 'varchar(255)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'varchar(255)')
    .addColumn('user_code', 'varchar(255)')
    .addColumn('uid', 'varchar(255)')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_model_pk', ['kind', 'id'])
    .execute();
  await db.schema.createIndex('oidc_model_grant_idx').on('oidc_model').column('grant_id').execute();
  await db.schema.createIndex('oidc_model_uid_idx').on('oidc_model').columns(['kind', 'uid']).execute();
  await db.schema.createIndex('oidc_model_user_code_idx').on('oidc_model').columns(['kind', 'user_code']).execute();
  await db.schema.createIndex('oidc_model_expires_idx').on('oidc_model').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_model').execute();
}
