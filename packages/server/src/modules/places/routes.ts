import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLACE_AUTOCOMPLETE_PATH,
  PLACE_DETAILS_PATH,
  STATIC_MAP_PATH,
  TIME_ZONE_PATH,
  staticMapQuerySchema,
  type PlaceAutocompleteResponse,
  type PlaceDetailsResponse,
  type TimeZoneResponse,
  placeAutocompleteResponseSchema,
  placeDetailsResponseSchema,
  timeZoneResponseSchema,
} from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { gazetteer } from './gazetteer.ts';
import { geonamesIdOf, presentPlaceDetails, presentPrediction } from './presenter.ts';
import { MapDrawingError, MapsBusyError, type StaticMaps } from './staticMaps.ts';
import { isSupportedTimestamp, timeZoneAt } from './timeZone.ts';

/** Google answers five predictions. */
const PREDICTIONS = 5;
/** Longer input is no town's name. */
const MAX_INPUT = 200;

const queryText = z.string().optional();
const LOCATION = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * Spec 001 §7 place autocomplete, place details and time zone, answered from the offline gazetteer and time zone
 * boundaries in the shape of Google's web services: always 200 with a `status`, INVALID_REQUEST for a request
 * missing what it needs, as Google does. Signed-in users only.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(PLACE_AUTOCOMPLETE_PATH, { schema: { querystring: z.object({ input: queryText, types: queryText }), response: { 200: placeAutocompleteResponseSchema } } }, async (request): Promise<PlaceAutocompleteResponse> => {
    requireAuth(request);
    const input = request.query.input ?? '';
    if (input.trim() === '' || input.length > MAX_INPUT) return { status: 'INVALID_REQUEST', predictions: [] };
    // "Salzburg, Aus" narrows the towns to countries starting with "Aus".
    const [name = '', countryPrefix] = input.split(',', 2);
    const places = gazetteer().search(name, { limit: PREDICTIONS, countryPrefix: countryPrefix?.trim() || undefined });
    return { status: places.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions: places.map(presentPrediction) };
  });

  app.get(PLACE_DETAILS_PATH, { schema: { querystring: z.object({ place_id: queryText, fields: queryText }), response: { 200: placeDetailsResponseSchema } } }, async (request): Promise<PlaceDetailsResponse> => {
    requireAuth(request);
    const placeId = request.query.place_id;
    if (!placeId) return { status: 'INVALID_REQUEST' };
    const id = geonamesIdOf(placeId);
    const place = id === undefined ? undefined : gazetteer().byId(id);
    return place ? { status: 'OK', result: presentPlaceDetails(place) } : { status: 'NOT_FOUND' };
  });

  app.get(TIME_ZONE_PATH, { schema: { querystring: z.object({ location: queryText, timestamp: queryText }), response: { 200: timeZoneResponseSchema } } }, async (request): Promise<TimeZoneResponse> => {
    requireAuth(request);
    const match = LOCATION.exec(request.query.location ?? '');
    // Number('') is 0: a blank timestamp is missing, not the epoch.
    const timestamp = request.query.timestamp?.trim() ? Number(request.query.timestamp) : Number.NaN;
    if (!match || !isSupportedTimestamp(timestamp)) return { status: 'INVALID_REQUEST' };
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { status: 'INVALID_REQUEST' };
    return timeZoneAt({ latitude, longitude, timestamp });
  });
};

/**
 * Spec 000 §7 static map image: `GET /maps/api/staticmap?center=lat,lng&zoom=9&size=600x450&markers=lat,lng`, a PNG
 * of the world's outlines, for signed-in users: the app fetches it with its token and shows it as a `data:` URL.
 * Only the spec's sizes and whole zooms 0–12 are drawn. Drawing is queued for the map worker; past a user's share of
 * the queue the answer is 429, past the whole queue 503, both with Retry-After, and a failed drawing is 503.
 */
export const staticMapRoutes: FastifyPluginAsync<{ maps: StaticMaps }> = async (app, { maps }) => {
  app.addHook('onClose', async () => maps.close());
  app.get(STATIC_MAP_PATH, async (request, reply) => {
    const { identity } = requireAuth(request);
    const parsed = staticMapQuerySchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    // A map the asker no longer waits for leaves the queue (the widget drops a map when the view changes).
    const asker = new AbortController();
    reply.raw.once('close', () => asker.abort());
    try {
      const png = await maps.render(parsed.data, { userId: identity.id, signal: asker.signal });
      return await reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=86400').send(png);
    } catch (error) {
      // Nobody is left to answer: 499, the "client closed request" of proxies, keeps such requests apart in the log.
      if (asker.signal.aborted) return reply.status(499).send();
      if (error instanceof MapsBusyError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        throw new HttpError(error.scope === 'user' ? 429 : 503, error.message, { code: error.scope === 'user' ? 'too-many-maps' : 'maps-busy' });
      }
      if (error instanceof MapDrawingError) {
        // The worker's failure is logged where it is replaced; a new one takes a few seconds to start.
        reply.header('retry-after', '5');
        throw new HttpError(503, error.message, { code: 'map-not-drawn' });
      }
      throw error;
    }
  });
};
