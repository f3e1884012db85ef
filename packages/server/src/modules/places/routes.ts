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
import { badRequest } from '../../http/errors.ts';
import { gazetteer } from './gazetteer.ts';
import { geonamesIdOf, presentPlaceDetails, presentPrediction } from './presenter.ts';
import type { StaticMaps } from './staticMap.ts';
import { timeZoneAt } from './timeZone.ts';

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
    const timestamp = Number(request.query.timestamp);
    if (!match || request.query.timestamp === undefined || !Number.isFinite(timestamp)) return { status: 'INVALID_REQUEST' };
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { status: 'INVALID_REQUEST' };
    return timeZoneAt({ latitude, longitude, timestamp });
  });
};

/**
 * Spec 000 §7 static map image: `GET /maps/api/staticmap?center=lat,lng&zoom=9&size=600x450&markers=lat,lng`, a PNG
 * of the world's outlines. Public like image delivery, because `<img>` sends no bearer token; only the spec's sizes
 * and whole zooms 0–12 are drawn, so the images a caller can ask for stay few and cheap.
 */
export const staticMapRoutes: FastifyPluginAsync<{ maps: StaticMaps }> = async (app, { maps }) => {
  app.get(STATIC_MAP_PATH, async (request, reply) => {
    const parsed = staticMapQuerySchema.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    const png = await maps.render(parsed.data);
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};
