import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import {
  canCreatePlaygroundProject,
  canCreateTagIn,
  createPlaygroundProjectSchema,
  isBpProjectId,
  PLAYGROUND_PROJECT_SUBTYPE,
  tagFeedQuerySchema,
  tagFeedResponseSchema,
  tagResourceSchema,
} from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { DB, TagResourceTable } from '../../db/schema.ts';
import { badRequest, forbidden, HttpError } from '../../http/errors.ts';
import { PLAYGROUND_SPACE, resourceOf } from './presenter.ts';

export const TAG_FEED_PATH = '/api/crepo/feed/v3/query';
/** Fastify reads a single colon as a parameter; a doubled one is a literal colon ('rrn:content:tags'). */
export const TAG_RESOURCES_PATH = '/api/crepo/content/v4/types/rrn::content::tags/resources';

/**
 * Spec 001 §7: the tag feed query (tags filtered by the external reference's origin and foreign id) and the creation
 * of a playground project under a parent tag, allowed only by the rule of §5 (a BP id; a parent whose label is not one)
 * and only to a creator who may create in the global space (`canCreateTagIn`), checked before the body is looked at.
 */
/** Makes a playground project's tag asset (passed in by app.ts: the reference-data module's, a floor above). */
interface ProjectAssets {
  ensure(editor: { userId: string; name: string }, project: { foreignId: string; title: string }): Promise<unknown>;
}

export const tagFeedRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; projectAssets: ProjectAssets; now?: () => Date }> = async (app, { db, projectAssets, now = () => new Date() }) => {
  app.get(TAG_FEED_PATH, { schema: { querystring: tagFeedQuerySchema, response: { 200: tagFeedResponseSchema } } }, async (request) => {
    requireAuth(request);
    const origin = request.query['filter[meta.externalReference.origin]'];
    const foreignId = request.query['filter[meta.externalReference.foreignId]'];
    let query = db.selectFrom('tag_resource').selectAll().orderBy('foreign_id').orderBy('origin').limit(100);
    if (origin) query = query.where('origin', '=', origin);
    if (foreignId) query = query.where('foreign_id', '=', foreignId);
    const rows = await query.execute();
    return { data: rows.map(resourceOf) };
  });

  app.post(TAG_RESOURCES_PATH, { schema: { body: createPlaygroundProjectSchema, response: { 201: tagResourceSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    if (!canCreateTagIn(auth.rights, PLAYGROUND_SPACE)) throw forbidden(`You may not create tags in ${PLAYGROUND_SPACE}.`);
    const { attributes, meta, relationships } = request.body.data;
    const foreignId = meta.externalReference.foreignId.trim();
    const parent = await db.selectFrom('tag_resource').selectAll().where('id', '=', relationships.broaderTag.data.id).executeTakeFirst();
    if (!isBpProjectId(foreignId)) throw badRequest("A playground project id is 'BP-' plus 13 letters or digits, or 'BP' plus 18.");
    if (!parent) throw badRequest('The parent tag does not exist.');
    if (!canCreatePlaygroundProject(foreignId, parent)) throw badRequest('A playground project cannot be created under another playground project.');
    const existing = await db.selectFrom('tag_resource').select('id').where('origin', '=', 'mediaplanet').where('foreign_id', '=', foreignId).executeTakeFirst();
    if (existing) throw new HttpError(409, `The playground project '${foreignId}' already exists.`, { code: 'conflict' });
    const row: Selectable<TagResourceTable> = {
      id: crypto.randomUUID(),
      origin: 'mediaplanet',
      foreign_id: foreignId,
      title: attributes.title,
      label: attributes.label ?? foreignId,
      uri_slug: attributes.uriSlug ?? null,
      sub_type: PLAYGROUND_PROJECT_SUBTYPE,
      status: 'published',
      author: auth.identity.name,
      broader_tag_id: parent.id,
      created_at: now().toISOString(),
    };
    await db.insertInto('tag_resource').values(row).execute();
    // The tag asset a project profile's Playground project field picks.
    await projectAssets.ensure({ userId: auth.identity.id, name: auth.identity.name }, { foreignId, title: attributes.title });
    return reply.code(201).send(resourceOf(row));
  });
};
