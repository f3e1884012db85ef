import type { Kysely } from 'kysely';
import type { DB, ZoeLocalizationTable } from '../../db/schema.ts';

export type ZoeLocalizationRow = ZoeLocalizationTable;

/** The localizations of one language, by title: the embed search filters them further (spec 002 §9). */
export async function listZoeLocalizationsOfLanguage(db: Kysely<DB>, language: string): Promise<ZoeLocalizationRow[]> {
  return db.selectFrom('zoe_localization').selectAll().where('language', '=', language.toLowerCase()).orderBy('title').orderBy('id').execute();
}

export async function findZoeLocalization(db: Kysely<DB>, id: string): Promise<ZoeLocalizationRow | undefined> {
  return db.selectFrom('zoe_localization').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertZoeLocalization(db: Kysely<DB>, row: ZoeLocalizationRow): Promise<void> {
  await db.insertInto('zoe_localization').values(row).execute();
}

export async function updateZoeLocalization(db: Kysely<DB>, row: ZoeLocalizationRow): Promise<void> {
  const { id, ...columns } = row;
  await db.updateTable('zoe_localization').set(columns).where('id', '=', id).execute();
}

export async function deleteZoeLocalization(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('zoe_localization').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countZoeLocalizations(db: Kysely<DB>): Promise<number> {
  const counted = await db.selectFrom('zoe_localization').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(counted?.n ?? 0);
}
