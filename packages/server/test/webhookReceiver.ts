import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookPayloadSchema, type WebhookPayload } from '@editor/domain';

/** One request a receiver got, as it came. */
export interface ReceivedWebhook {
  path: string;
  id: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * What the receiver answers at a path: a status (with headers and a body), `hold` (never answers: the test decides
 * when, through `releaseHeld`), or a list of such answers given in turn to each message (by `webhook-id`), the
 * last repeating.
 */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | 'hold';

export interface WebhookReceiver {
  /** `http://127.0.0.1:{port}`; the host to put on WEBHOOK_ALLOWED_HOSTS is `host`. */
  origin: string;
  host: string;
  received: ReceivedWebhook[];
  /** How the receiver answers requests to `path` from now on. */
  answer(path: string, answers: ReceiverAnswer | ReceiverAnswer[]): void;
  /** Answers the held requests with 200. */
  releaseHeld(): void;
  /** Resolves once `count` requests have come to `path` (or any path), or rejects after `ms`. */
  waitFor(count: number, options?: { path?: string; ms?: number }): Promise<ReceivedWebhook[]>;
  /**
   * The requests to `path` whose signature the Standard Webhooks library accepts with the secret, with their parsed
   * bodies; throws on the first it refuses.
   */
  verified(secret: string, path?: string): Array<ReceivedWebhook & { payload: WebhookPayload }>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 for tests: it records every request and answers as told (204 unless told). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, ReceiverAnswer[]>();
  const seen = new Map<string, number>();
  const held: http.ServerResponse[] = [];
  const waiters = new Set<() => void>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const id = String(request.headers['webhook-id'] ?? '');
      received.push({ path, id, headers: request.headers, body: Buffer.concat(chunks).toString() });
      for (const wake of waiters) wake();
      const key = `${path} ${id}`;
      const turn = seen.get(key) ?? 0;
      seen.set(key, turn + 1);
      const list = answers.get(path) ?? [{ status: 204 }];
      const answer = list[Math.min(turn, list.length - 1)] ?? { status: 204 };
      if (answer === 'hold') {
        held.push(response);
        return;
      }
      response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const matching = (path: string | undefined) => received.filter((entry) => path === undefined || entry.path === path);
  const releaseHeld = () => {
    for (const response of held.splice(0)) response.writeHead(200).end('ok');
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    answer(path, given) {
      answers.set(path, Array.isArray(given) ? given : [given]);
    },
    releaseHeld,
    waitFor(count, options = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching(options.path);
          if (found.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook requests${options.path ? ` to ${options.path}` : ''}, got ${matching(options.path).length}`));
        }, options.ms ?? 10_000);
        waiters.add(check);
        check();
      });
    },
    verified(secret, path) {
      const webhook = new Webhook(secret);
      return matching(path).map((entry) => {
        webhook.verify(entry.body, entry.headers as Record<string, string>);
        return { ...entry, payload: webhookPayloadSchema.parse(JSON.parse(entry.body)) };
      });
    },
    async close() {
      releaseHeld();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
