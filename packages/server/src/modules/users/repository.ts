import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, SavedFilterTable, UserTable } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type UserRow = UserTable;
export type SavedFilterRow = SavedFilterTable;

/** Inserts the user, or refreshes what the identity provider says about them; settings are kept. */
export async function upsertUser(db: Executor, row: Omit<UserRow, 'settings' | 'created_at'> & { settings: string; created_at: string }): Promise<void> {
  await db
    .insertInto('app_user')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: row.name,
        email: row.email,
        shortname: row.shortname,
        roles: row.roles,
        spaces: row.spaces,
        localizations: row.localizations,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUserSettings(db: Executor, input: { id: string; settings: string; updatedAt: string }): Promise<void> {
  await db.updateTable('app_user').set({ settings: input.settings, updated_at: input.updatedAt }).where('id', '=', input.id).execute();
}

export async function listSavedFilters(db: Executor, userId: string): Promise<SavedFilterRow[]> {
  return db.selectFrom('saved_filter').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countSavedFilters(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('saved_filter').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSavedFilter(db: Executor, row: SavedFilterRow): Promise<void> {
  await db.insertInto('saved_filter').values(row).execute();
}

/** Deletes the user's filter; false when the user has no filter of that id. */
export async function deleteSavedFilter(db: Executor, input: { userId: string; id: string }): Promise<boolean> {
  const result = await db.deleteFrom('saved_filter').where('id', '=', input.id).where('user_id', '=', input.userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Users whose name contains the text, case-insensitively, by name. */
export async function searchUsers(db: Executor, input: { text: string; limit: number }): Promise<Array<Pick<UserRow, 'id' | 'name'>>> {
  const pattern = `%${input.text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) like ${pattern} escape '\\'`)
    .orderBy('name')
    .limit(input.limit)
    .execute();
}
