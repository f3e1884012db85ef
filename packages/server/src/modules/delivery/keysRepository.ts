import type { Kysely, Updateable } from 'kysely';
import type { DB, DeliveryKeyTable } from '../../db/schema.ts';

export type DeliveryKeyRow = DeliveryKeyTable;

/** Every key, revoked ones too, oldest first. */
export async function listKeys(db: Kysely<DB>): Promise<DeliveryKeyRow[]> {
  return db.selectFrom('delivery_key').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findKey(db: Kysely<DB>, id: string): Promise<DeliveryKeyRow | undefined> {
  return db.selectFrom('delivery_key').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertKey(db: Kysely<DB>, row: DeliveryKeyRow): Promise<void> {
  await db.insertInto('delivery_key').values(row).execute();
}

/** Changes a key that is not revoked; false when there is none such. */
export async function updateLiveKey(db: Kysely<DB>, id: string, values: Updateable<DeliveryKeyTable>): Promise<boolean> {
  const result = await db.updateTable('delivery_key').set(values).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
