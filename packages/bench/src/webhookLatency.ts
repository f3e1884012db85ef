import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOKS_PATH } from '@editor/domain';
import type { ServerProcess } from './serverProcess.ts';

export interface WebhookFigures {
  /** Publishes asked for (the rate times the seconds), and how many answered 200. */
  publishes: number;
  published: number;
  /** The rate asked for, the rate at which the publish calls went out, and publishes answered 200 a second from the first call to the last answer. */
  perSecond: number;
  sentPerSecond: number;
  answeredPerSecond: number;
  /** The publish call itself, from sending it to its answer (ms). */
  publishCall: { p50: number; p95: number };
  /** Deliveries of those publishes that reached the receiver. */
  arrived: number;
  /** From sending the publish call to the delivery's arrival at the receiver (ms). */
  latency: { p50: number; p95: number; max: number };
  /** From the publish call's answer to the arrival (ms): the outbox and the worker alone; below 0 when the delivery came first. */
  afterAnswer: { p50: number; p95: number; max: number };
  /** The server's WEBHOOK_INTERVAL_MS; undefined for its default. */
  intervalMs: number | undefined;
}

/** A valid story (title, story text, an author): one that publishing accepts. */
const STORY = {
  title: { value: 'Webhook bench story' },
  'story-content': { value: [{ type: 'text', value: '<p>Published to measure webhook delivery.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
const EDITOR = { rights: { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] }, subject: 'bench-editor', name: 'Bench Editor' };
const TECH_ADMIN = { rights: { roles: ['technical-admin-user'], spaces: ['rbcom'], localizations: ['en'] }, subject: 'bench-admin', name: 'Bench Admin' };
/** Stories created at once before the publishes. */
const CREATE_CONCURRENCY = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
}

/** A receiver on 127.0.0.1 that answers 204 at once and records when each delivery (by `webhook-id`) first came, and for which asset. */
async function startReceiver() {
  const arrivals = new Map<string, { at: number; assetId: string }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(204).end();
      const id = String(request.headers['webhook-id'] ?? '');
      if (arrivals.has(id)) return;
      const payload = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { assetId?: unknown } };
      if (typeof payload.data?.assetId === 'string') arrivals.set(id, { at, assetId: payload.data.assetId });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    arrivals,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function postJson(server: ServerProcess, authorization: string, path: string, body: object): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * Webhook delivery from publish to receiver: a receiver on 127.0.0.1 in this process (on WEBHOOK_ALLOWED_HOSTS of the
 * server `start` starts), an endpoint for `asset.published`, then `perSecond` publishes a second for `seconds` through
 * the editor API, each of a story made for it beforehand. Each publish's sending time is matched to its delivery's
 * first arrival (by the asset the payload names); deliveries still on their way are waited for until none has come
 * for three poll intervals (at least 5 s).
 */
export async function measureWebhookLatency(input: {
  start: (env: Record<string, string>) => Promise<ServerProcess>;
  seconds: number;
  perSecond: number;
  intervalMs: number | undefined;
}): Promise<WebhookFigures> {
  const receiver = await startReceiver();
  const server = await input.start({ WEBHOOK_ALLOWED_HOSTS: receiver.host, ...(input.intervalMs === undefined ? {} : { WEBHOOK_INTERVAL_MS: String(input.intervalMs) }) });
  try {
    const admin = await server.authorization(TECH_ADMIN);
    const editor = await server.authorization(EDITOR);
    const registered = await postJson(server, admin, WEBHOOKS_PATH, { url: `${receiver.origin}/bench`, events: ['asset.published'], description: 'Bench receiver' });
    if (registered.status !== 201) throw new Error(`registering the webhook endpoint answered ${registered.status}: ${JSON.stringify(registered.json)}`);

    const publishes = Math.round(input.seconds * input.perSecond);
    const ids: string[] = [];
    const create = async () => {
      while (ids.length < publishes) {
        ids.push('');
        const slot = ids.length - 1;
        const created = await postJson(server, editor, '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: STORY });
        if (created.status !== 201) throw new Error(`creating a story answered ${created.status}: ${JSON.stringify(created.json)}`);
        ids[slot] = (created.json as { id: string }).id;
      }
    };
    await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, create));

    // Each publish that answered 200: when its call went out and when its answer came.
    const timings = new Map<string, { sent: number; answered: number }>();
    const callMs: number[] = [];
    const calls: Array<Promise<void>> = [];
    const started = performance.now();
    for (const [index, id] of ids.entries()) {
      const due = started + (index * 1000) / input.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const sent = performance.now();
      const answered = (status: number) => {
        const at = performance.now();
        callMs.push(at - sent);
        if (status === 200) timings.set(id, { sent, answered: at });
      };
      calls.push(postJson(server, editor, `/api/v1/assets/${id}/localizations/en/publish`, { publishSchedule: {} }).then((answer) => answered(answer.status), () => answered(0)));
    }
    const sendingSeconds = (performance.now() - started) / 1000;
    await Promise.all(calls);
    const answeringSeconds = (performance.now() - started) / 1000;

    const quietMs = Math.max(5000, 3 * (input.intervalMs ?? 1000));
    const arrivedFor = () => [...receiver.arrivals.values()].filter((arrival) => timings.has(arrival.assetId));
    let count = arrivedFor().length;
    let lastChange = performance.now();
    while (count < timings.size && performance.now() - lastChange < quietMs) {
      await sleep(100);
      const now = arrivedFor().length;
      if (now !== count) {
        count = now;
        lastChange = performance.now();
      }
    }

    const firstArrival = new Map<string, number>();
    for (const arrival of arrivedFor()) firstArrival.set(arrival.assetId, Math.min(arrival.at, firstArrival.get(arrival.assetId) ?? Number.POSITIVE_INFINITY));
    const since = (moment: 'sent' | 'answered') =>
      [...firstArrival].map(([assetId, at]) => at - (timings.get(assetId)?.[moment] ?? at)).toSorted((a, b) => a - b);
    const spread = (sorted: readonly number[]) => ({ p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: round(sorted.at(-1) ?? 0) });
    const calledMs = callMs.toSorted((a, b) => a - b);
    return {
      publishes,
      published: timings.size,
      perSecond: input.perSecond,
      // The last call goes out (publishes - 1) intervals after the first.
      sentPerSecond: publishes > 1 && sendingSeconds > 0 ? round((publishes - 1) / sendingSeconds) : input.perSecond,
      answeredPerSecond: round(timings.size / answeringSeconds),
      publishCall: { p50: percentile(calledMs, 0.5), p95: percentile(calledMs, 0.95) },
      arrived: firstArrival.size,
      latency: spread(since('sent')),
      afterAnswer: spread(since('answered')),
      intervalMs: input.intervalMs,
    };
  } finally {
    await server.stop();
    await receiver.close();
  }
}
