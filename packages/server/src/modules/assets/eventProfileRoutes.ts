import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetVersionSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { notFound } from '../../http/errors.ts';
import { etagOf, presentVersion } from './presenter.ts';
import type { AssetsService } from './service.ts';

/** Spec 001 §7 event profile poll; `::` is a literal colon in a Fastify path. */
export const EVENT_PROFILE_RESOURCES_PATH = '/api/crepo/content/v4/types/rrn::content::event-profiles/resources';

const UUID_LENGTH = 36;
const params = z.object({ id: z.string().min(1).max(80) });
const query = z.object({ includeDraft: z.string().optional(), locale: z.string().min(2).max(20).optional() });

/** `{asset id}-{locale}` (the unique id) names its locale; a bare asset id takes `locale`, else the most relevant one. */
function keyOf(id: string, locale: string | undefined): { id: string; locale: string | undefined } {
  if (id.length > UUID_LENGTH + 1 && id[UUID_LENGTH] === '-') return { id: id.slice(0, UUID_LENGTH), locale: id.slice(UUID_LENGTH + 1) };
  return { id, locale };
}

/**
 * Spec 001 §7 event profile poll, which the event wizard asks until a new profile is readable (§9). Read like the
 * asset itself (404 outside the user's spaces). With `includeDraft` the current version answers; without it only a
 * version that has been published (docs/decisions.md, "Event wizard").
 */
export const eventProfileRoutes: FastifyPluginAsyncZod<{ assets: AssetsService }> = async (app, { assets }) => {
  app.get(`${EVENT_PROFILE_RESOURCES_PATH}/:id`, { schema: { params, querystring: query, response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const key = keyOf(request.params.id, request.query.locale);
    const version = key.locale ? await assets.load(auth, key.id, key.locale) : await assets.mostRelevant(auth, key.id, auth.rights.localizations[0] ?? 'en');
    const isReadable = version.stencil.name === 'event-profile' && (request.query.includeDraft !== undefined || version.localization.first_published_at !== null);
    if (!isReadable) throw notFound(`No event profile ${request.params.id}.`);
    return reply.header('etag', etagOf(version)).header('cache-control', 'no-cache').send(presentVersion(version, assets.rightsOn(auth, version)));
  });
};
