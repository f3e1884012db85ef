import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { jsonValue } from '../../db/dialects/json.ts';
import type { DB, MasterDataRecordTable } from '../../db/schema.ts';
import type { VersionMeta } from '../assets/types.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export async function findMasterDataRecord(db: Executor, key: { domain: string; model: string; masterId: string }): Promise<MasterDataRecordTable | undefined> {
  return db
    .selectFrom('master_data_record')
    .selectAll()
    .where('domain', '=', key.domain)
    .where('model', '=', key.model)
    .where('master_id', '=', key.masterId)
    .executeTakeFirst();
}

/** The id of the asset (if one still exists) imported from this external reference. */
export async function findAssetIdByExternalReference(db: Executor, dialect: Dialect, reference: { origin: string; foreignId: string }): Promise<string | undefined> {
  const column = sql`asset.external_reference`;
  const row = await db
    .selectFrom('asset')
    .select('id')
    .where(sql<boolean>`${jsonValue(dialect, column, ['origin'], 'text')} = ${reference.origin}`)
    .where(sql<boolean>`${jsonValue(dialect, column, ['foreignId'], 'text')} = ${reference.foreignId}`)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}

export async function insertMasterDataRecord(db: Executor, row: MasterDataRecordTable): Promise<void> {
  await db.insertInto('master_data_record').values(row).execute();
}

/** Writes every column but the key. */
export async function updateMasterDataRecord(db: Executor, row: MasterDataRecordTable): Promise<void> {
  const { domain, model, master_id: masterId, ...columns } = row;
  await db.updateTable('master_data_record').set(columns).where('domain', '=', domain).where('model', '=', model).where('master_id', '=', masterId).execute();
}

/** Whether a record was deleted; an asset imported from it stays. */
export async function deleteMasterDataRecord(db: Executor, key: { domain: string; model: string; masterId: string }): Promise<boolean> {
  const result = await db.deleteFrom('master_data_record').where('domain', '=', key.domain).where('model', '=', key.model).where('master_id', '=', key.masterId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countMasterDataRecords(db: Executor): Promise<number> {
  const counted = await db.selectFrom('master_data_record').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(counted?.n ?? 0);
}

/**
 * Moves a version's last import date (spec 002 §3 `crepoImport.updatedDate`) and nothing else: no new version, the
 * updated date unchanged. A version imported before import dates were kept gets its creation as its first import.
 * Written only over the meta it read, so a save in between is not undone (it is read again, a few times).
 */
export async function recordReimport(db: Executor, input: { assetId: string; locale: string; at: string }): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db.selectFrom('asset_localization').select(['meta', 'version', 'created_at']).where('asset_id', '=', input.assetId).where('locale', '=', input.locale).executeTakeFirst();
    if (!row) return;
    const meta = JSON.parse(row.meta) as VersionMeta;
    const crepoImport = { createdDate: meta.crepoImport?.createdDate ?? row.created_at, updatedDate: input.at };
    const result = await db
      .updateTable('asset_localization')
      .set({ meta: JSON.stringify({ ...meta, crepoImport }) })
      .where('asset_id', '=', input.assetId)
      .where('locale', '=', input.locale)
      .where('version', '=', row.version)
      .where('meta', '=', row.meta)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return;
  }
}
