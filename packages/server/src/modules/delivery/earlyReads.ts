import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_PREFIX } from '@editor/domain';
import type { EarlyAnswer } from '../../http/earlyAnswers.ts';
import type { Metrics } from '../../ops/metrics.ts';
import type { DeliveryAnswer } from './answerCache.ts';
import type { DeliveryGate } from './gate.ts';
import { takesCoding, writeAnswer } from './httpCaching.ts';
import type { DeliveryScope } from './keysService.ts';

const SLUGS = `${DELIVERY_PREFIX}/slugs/`;
/** A slug id as a path segment: letters, digits and `-._~:`, percent-encoded or not; never a `/`. */
const RAW_SLUG = /^[A-Za-z0-9._~:%-]+$/;
const MAX_SLUG_LENGTH = 240;
const ASSET = new RegExp(`^${DELIVERY_PREFIX}/assets/([A-Za-z0-9._~-]{1,64})/localizations/([A-Za-z0-9._~-]{1,20})$`);

/** The log levels at which Fastify logs every request; the early path then logs its answers too. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

/** A read the early path answers: the route pattern it is counted under and how its answer is read. */
interface EarlyRead {
  route: string;
  read: (scope: DeliveryScope, url: string) => Promise<DeliveryAnswer>;
}

function earlyReadOf(gate: DeliveryGate, url: string): EarlyRead | undefined {
  if (url.startsWith(SLUGS)) {
    const raw = url.slice(SLUGS.length);
    if (!RAW_SLUG.test(raw)) return undefined;
    let slugId: string;
    try {
      slugId = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (slugId.length > MAX_SLUG_LENGTH) return undefined;
    return { route: `${SLUGS}:slugId`, read: (scope) => gate.readSlug(scope, url, { slugId, fields: undefined }) };
  }
  const asset = ASSET.exec(url);
  if (!asset) return undefined;
  const [, id = '', locale = ''] = asset;
  return { route: `${DELIVERY_PREFIX}/assets/:id/localizations/:locale`, read: (scope) => gate.readAsset(scope, url, { id, locale, fields: undefined }) };
}

/**
 * The delivery API's reads of one version (by slug, by id and locale) answered before routing (docs/decisions.md,
 * "Delivery reads before routing"): a GET or HEAD without a query, with a key this instance checked before and within
 * its rate, taken uncompressed. Its answer is the routed path's: the same kept answers (gate.ts) written with the
 * same headers (`writeAnswer`), counted in the same metric. Anything else is routed: another request, an unknown key
 * or one over its rate, a client that takes compression, and a read that finds no answer (404, 400, a failure), which
 * the routed path then answers, and audits, itself without taking a second token.
 */
export function deliveryEarlyReads(options: { gate: DeliveryGate; metrics: Pick<Metrics, 'observeRequest'>; log: FastifyBaseLogger }): EarlyAnswer {
  const { gate, metrics, log } = options;
  return (request: IncomingMessage, response, routed) => {
    const { method, url = '' } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith(DELIVERY_PREFIX)) return false;
    const early = earlyReadOf(gate, url);
    if (!early || takesCoding(request.headers['accept-encoding'])) return false;
    const secret = gate.secretOf(request.headers.authorization);
    const scope = secret === undefined ? undefined : gate.keys.authenticateKnown(secret);
    if (!scope || !gate.take(request, scope).ok) return false;
    const started = performance.now();
    early.read(scope, url).then(
      (answer) => {
        const statusCode = writeAnswer(response, { method, ifNoneMatch: request.headers['if-none-match'] }, answer, gate.headers, gate.corsHeaders(request.headers.origin));
        const seconds = (performance.now() - started) / 1000;
        metrics.observeRequest({ method, route: early.route, statusCode }, seconds);
        if (LOGS_REQUESTS.has(log.level)) log.info({ req: { method, url }, res: { statusCode }, responseTime: seconds * 1000 }, 'request completed');
      },
      routed,
    ).catch((error: unknown) => log.error({ err: error }, 'answering a delivery read failed'));
    return true;
  };
}
