import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedVersionPageSchema, restoredVersionSchema, type DeletedVersion } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { badRequest } from '../../http/errors.ts';
import type { DeletedVersionTable } from '../../db/schema.ts';
import { versionPath } from '../assets/presenter.ts';
import type { TrashService } from './trash.ts';

export const TRASH_PATH = '/api/v1/trash';

const pageQuery = z.object({ after: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The keyset cursor of the trash: the last entry's deletion time and id. */
const cursorOf = (row: DeletedVersionTable) => Buffer.from(`${row.deleted_at}|${row.id}`).toString('base64url');
function parseCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id) throw badRequest('after: not a cursor of this list; follow the next link.');
  return { at, id };
}

function presentDeleted(row: DeletedVersionTable): DeletedVersion {
  return {
    id: row.id,
    assetId: row.asset_id,
    localization: row.locale,
    stencil: row.stencil,
    title: row.title,
    spaces: JSON.parse(row.spaces) as string[],
    lastVersion: row.last_version,
    deletedBy: row.deleted_by,
    deletedDate: row.deleted_at,
    _links: { restore: { href: `${TRASH_PATH}/${row.id}/restore`, methods: ['POST'] } },
  };
}

/** Issue 41 trash: deleted versions, most recently deleted first, and their restore (technical admins). */
export const trashRoutes: FastifyPluginAsyncZod<{ trash: TrashService }> = async (app, { trash }) => {
  app.get(TRASH_PATH, { schema: { querystring: pageQuery, response: { 200: deletedVersionPageSchema } } }, async (request) => {
    const { after, limit } = request.query;
    const page = await trash.list(requireAuth(request), { after: parseCursor(after), limit });
    const last = page.rows.at(-1);
    return {
      deleted: page.rows.map(presentDeleted),
      _links: {
        self: { href: `${TRASH_PATH}?${after === undefined ? '' : `after=${after}&`}limit=${limit}`, methods: ['GET' as const] },
        ...(page.hasMore && last ? { next: { href: `${TRASH_PATH}?after=${cursorOf(last)}&limit=${limit}`, methods: ['GET' as const] } } : {}),
      },
    };
  });

  app.post(`${TRASH_PATH}/:id/restore`, { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: restoredVersionSchema } } }, async (request) => {
    const restored = await trash.restore(requireAuth(request), request.params.id);
    return { ...restored, _links: { version: { href: versionPath(restored.id, restored.localization), methods: ['GET' as const] } } };
  });
};
