import type { Kysely, Selectable } from 'kysely';
import type { DB, TagResourceTable } from '../../db/schema.ts';

export type TagResourceRow = Selectable<TagResourceTable>;

export async function findTagByReference(db: Kysely<DB>, reference: { origin: string; foreignId: string }): Promise<TagResourceRow | undefined> {
  return db.selectFrom('tag_resource').selectAll().where('origin', '=', reference.origin).where('foreign_id', '=', reference.foreignId).executeTakeFirst();
}

export async function findTagById(db: Kysely<DB>, id: string): Promise<TagResourceRow | undefined> {
  return db.selectFrom('tag_resource').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTag(db: Kysely<DB>, row: TagResourceRow): Promise<void> {
  await db.insertInto('tag_resource').values(row).execute();
}

/** Writes what a tag's writer may change: title, label, URI slug, sub-type and broader tag. */
export async function updateTag(db: Kysely<DB>, row: TagResourceRow): Promise<void> {
  await db
    .updateTable('tag_resource')
    .set({ title: row.title, label: row.label, uri_slug: row.uri_slug, sub_type: row.sub_type, broader_tag_id: row.broader_tag_id })
    .where('id', '=', row.id)
    .execute();
}

export async function countNarrowerTags(db: Kysely<DB>, id: string): Promise<number> {
  const counted = await db.selectFrom('tag_resource').select((eb) => eb.fn.countAll<number | string>().as('n')).where('broader_tag_id', '=', id).executeTakeFirst();
  return Number(counted?.n ?? 0);
}

export async function deleteTag(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tag_resource').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countTags(db: Kysely<DB>): Promise<number> {
  const counted = await db.selectFrom('tag_resource').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(counted?.n ?? 0);
}
