import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { athletesQuerySchema, athletesRequestSchema, athletesResponseSchema, trendingQuerySchema, trendingRequestSchema, trendingResponseSchema, type AthletesResponse, type TrendingResponse } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { UsersService } from '../users/service.ts';
import type { PanelsService } from './service.ts';

/** The routes that publish or unpublish a version: publish, depublish and the bulk patch (which may publish). */
const PUBLISHING_ROUTE = /\/(publish|depublish|actions\/bulk-patch)$/;

/** Every answer to a publish or unpublish drops the kept trending rankings before it goes out (docs/decisions.md). */
export function forgetTrendingOnPublishes(app: FastifyInstance, panels: Pick<PanelsService, 'forgetRankings'>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST' && PUBLISHING_ROUTE.test(request.routeOptions.url ?? '')) panels.forgetRankings();
    return payload;
  });
}

/** Spec 001 §7: the trending and athletes panels of the dashboard. */
export const panelsRoutes: FastifyPluginAsyncZod<{ panels: PanelsService; users: UsersService }> = async (app, { panels, users }) => {
  app.post('/api/v1/panels/trending-content', { config: { readsOnly: true }, schema: { body: trendingRequestSchema, querystring: trendingQuerySchema, response: { 200: trendingResponseSchema } } }, async (request): Promise<TrendingResponse> => {
    const auth = requireAuth(request);
    // What the body leaves out comes from the feed the user saved (settings' panels.trendingContent).
    const { settings } = await users.getUser(auth.identity.id);
    const saved = settings.panels?.trendingContent ?? {};
    return panels.trending(auth, { ...saved, ...request.body }, settings.preferredLocalization);
  });

  app.post('/api/v1/panels/athletes', { config: { readsOnly: true }, schema: { body: athletesRequestSchema, querystring: athletesQuerySchema, response: { 200: athletesResponseSchema } } }, async (request): Promise<AthletesResponse> => {
    const { query } = request;
    return panels.athletes(requireAuth(request), { locales: request.body.locales, status: query.assetStatus, limit: query.limit, offset: query.offset });
  });
};
