import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lifecycleResponseSchema, scheduleRequestSchema, scheduleResponseSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { LIFECYCLES_PATH, presentLifecycle } from './presenter.ts';
import type { LifecycleService } from './service.ts';

/** The asset id in the path and the locale as `localization` (docs/decisions.md, "Lifecycle id"). */
const params = z.object({ id: z.string().min(1).max(64) });
const query = z.object({ localization: z.string().min(2).max(20) });

export const lifecycleRoutes: FastifyPluginAsyncZod<{ lifecycle: LifecycleService }> = async (app, { lifecycle }) => {
  app.get(`${LIFECYCLES_PATH}/:id`, { schema: { params, querystring: query, response: { 200: lifecycleResponseSchema } } }, async (request) => {
    const { version, transitions } = await lifecycle.read(requireAuth(request), { id: request.params.id, locale: request.query.localization });
    return presentLifecycle(version, transitions);
  });

  /** Spec 001 §7 Schedule panel: `{ locales, limit, offset }` → `{ scheduledAssets }`. */
  app.post('/api/v1/panels/schedules', { config: { readsOnly: true }, schema: { body: scheduleRequestSchema, response: { 200: scheduleResponseSchema } } }, async (request) =>
    lifecycle.scheduleEntries(requireAuth(request), request.body),
  );
};
