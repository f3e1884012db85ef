import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetVersionSchema, restoreRevisionBodySchema, revisionComparisonSchema, revisionDetailSchema, revisionPageSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { AssetsService } from '../assets/service.ts';
import { ASSETS_PATH, etagOf, presentVersion } from '../assets/presenter.ts';
import { parseIfMatch, versionParams } from '../assets/schemas.ts';
import { presentRevision, revisionsPath } from './presenter.ts';
import type { RevisionsService } from './service.ts';

const REVISIONS = `${ASSETS_PATH}/:id/localizations/:locale/revisions`;
const revisionNumber = z.coerce.number().int().min(1);
const revisionParams = versionParams.extend({ revision: revisionNumber });
const pageQuery = z.object({ before: revisionNumber.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
const compareQuery = z.object({ from: revisionNumber, to: revisionNumber });

/** Issue 41: a version's revisions, under its own URL: list, one, compare two, restore one. */
export const revisionsRoutes: FastifyPluginAsyncZod<{ revisions: RevisionsService; assets: AssetsService }> = async (app, { revisions, assets }) => {
  app.get(REVISIONS, { schema: { params: versionParams, querystring: pageQuery, response: { 200: revisionPageSchema } } }, async (request) => {
    const { id, locale } = request.params;
    const { before, limit } = request.query;
    const page = await revisions.list(requireAuth(request), { id, locale }, { before, limit });
    const base = revisionsPath(id, locale);
    const last = page.rows.at(-1);
    return {
      revisions: page.rows.map((row) => presentRevision({ id, locale }, row, page.canRestore)),
      _links: {
        self: { href: `${base}?${before === undefined ? '' : `before=${before}&`}limit=${limit}`, methods: ['GET' as const] },
        ...(page.hasMore && last ? { next: { href: `${base}?before=${last.version}&limit=${limit}`, methods: ['GET' as const] } } : {}),
      },
    };
  });

  app.get(`${REVISIONS}/compare`, { schema: { params: versionParams, querystring: compareQuery, response: { 200: revisionComparisonSchema } } }, async (request) => {
    const fields = await revisions.compare(requireAuth(request), request.params, request.query);
    return { from: request.query.from, to: request.query.to, fields };
  });

  app.get(`${REVISIONS}/:revision`, { schema: { params: revisionParams, response: { 200: revisionDetailSchema } } }, async (request) => {
    const { id, locale, revision } = request.params;
    const found = await revisions.get(requireAuth(request), { id, locale }, revision);
    return { ...presentRevision({ id, locale }, found.row, found.canRestore), content: found.content };
  });

  app.post(`${REVISIONS}/:revision/restore`, { schema: { params: revisionParams, body: restoreRevisionBodySchema.optional(), response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { id, locale, revision } = request.params;
    const version = await revisions.restore(auth, { id, locale }, { revision, input: request.body?.input, ifMatch: parseIfMatch(request.headers['if-match']) });
    return reply.header('etag', etagOf(version)).send(presentVersion(version, assets.rightsOn(auth, version)));
  });
};
