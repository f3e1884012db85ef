import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENTS_PAGE_SIZE, eventsQuerySchema, eventsResponseSchema, maintainableEventsQuerySchema, type EventsResponse } from '@editor/domain';
import { z } from 'zod';
import { requireAuth } from '../../auth/plugin.ts';
import type { EventsService } from './service.ts';

const initialQuery = z.object({ 'page[size]': z.coerce.number().int().min(1).max(100).default(EVENTS_PAGE_SIZE) });

/** Spec 001 §7: the four event calls; each answers `data` and `meta.totalCount`. */
export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  app.get('/api/v1/events', { schema: { querystring: eventsQuerySchema, response: { 200: eventsResponseSchema } } }, async (request): Promise<EventsResponse> => {
    const { query } = request;
    return events.upcoming(requireAuth(request), query, { number: query['page[number]'], size: query['page[size]'] });
  });

  app.get('/api/v1/events/past', { schema: { querystring: eventsQuerySchema, response: { 200: eventsResponseSchema } } }, async (request): Promise<EventsResponse> => {
    const { query } = request;
    return events.past(requireAuth(request), query, { number: query['page[number]'], size: query['page[size]'] });
  });

  /** The widget's first list: upcoming events with the default filter (hosted by the organisation). */
  app.get('/api/v1/events/initial', { schema: { querystring: initialQuery, response: { 200: eventsResponseSchema } } }, async (request): Promise<EventsResponse> =>
    events.upcoming(requireAuth(request), { onlyHostedByProduct: true }, { number: 1, size: request.query['page[size]'] }),
  );

  app.get('/api/v1/events/maintainable', { schema: { querystring: maintainableEventsQuerySchema, response: { 200: eventsResponseSchema } } }, async (request): Promise<EventsResponse> => {
    const { query } = request;
    return events.maintainable(requireAuth(request), query, { number: query['page[number]'], size: query['page[size]'] });
  });
};
