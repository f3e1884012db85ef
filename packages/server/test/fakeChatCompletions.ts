import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TranslationRequestPayload } from '../src/modules/translation/chatCompletionsTranslator.ts';

/**
 * How the next requests fail: an HTTP error status, an unusable answer, a wrong number of translations, or
 * translations that lost the first `<1>` token of each text that has one (as models sometimes break the tags).
 */
export type FakeFailure = 'http-500' | 'bad-json' | 'wrong-count' | 'broken-tokens';

export interface FakeChatCompletions {
  /** The API base to configure as AI_BASE_URL, ending in /v1. */
  url: string;
  /** The bodies of the chat-completions requests received, oldest first. */
  requests: Array<Record<string, unknown>>;
  /** The next `count` requests fail the given way. */
  failNext(count: number, how?: FakeFailure): void;
  /** Requests wait until the returned function is called (to hold a translation while another request arrives). */
  hold(): () => void;
  close(): Promise<void>;
}

export interface FakeChatCompletionsOptions {
  port?: number;
  host?: string;
  /** An API key the requests must carry as a bearer token; none checked when unset. */
  apiKey?: string;
}

/** Deterministic and visible: each text comes back as `[{targetLocale}] {text}`, numbered tags intact. */
export function fakeTranslation(text: string, targetLocale: string): string {
  return `[${targetLocale}] ${text}`;
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function completion(content: string) {
  return { id: 'fake', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
}

/** The user message of our own request format (see chatCompletionsTranslator.ts). */
function payloadOf(body: Record<string, unknown>): TranslationRequestPayload | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : [];
  const user = messages.find((message) => message.role === 'user');
  if (typeof user?.content !== 'string') return undefined;
  try {
    const payload = JSON.parse(user.content) as Partial<TranslationRequestPayload>;
    return typeof payload.targetLocale === 'string' && Array.isArray(payload.texts) ? (payload as TranslationRequestPayload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An OpenAI-compatible chat-completions server on a free port for tests (and the end-to-end run): it answers
 * `POST /v1/chat/completions` with `{"translations": [...]}` as the message content, or fails when told to.
 */
export async function startFakeChatCompletions(options: FakeChatCompletionsOptions = {}): Promise<FakeChatCompletions> {
  const requests: Array<Record<string, unknown>> = [];
  const failures: FakeFailure[] = [];
  let held: Promise<void> | undefined;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(response, 404, { error: { message: 'Not found' } });
        if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) return send(response, 401, { error: { message: 'Invalid API key' } });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return send(response, 400, { error: { message: 'The body is not JSON' } });
        }
        requests.push(body);
        if (held) await held;
        const failure = failures.shift();
        if (failure === 'http-500') return send(response, 500, { error: { message: 'The model is overloaded' } });
        if (failure === 'bad-json') return send(response, 200, completion('Sorry, I cannot help with that.'));
        const payload = payloadOf(body);
        if (!payload) return send(response, 400, { error: { message: 'The user message is not a translation request' } });
        const translations = payload.texts.map((text) => fakeTranslation(failure === 'broken-tokens' ? text.replace('<1>', '') : text, payload.targetLocale));
        if (failure === 'wrong-count') translations.pop();
        return send(response, 200, completion(JSON.stringify({ translations })));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    failNext(count, how = 'http-500') {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    hold() {
      let resolve: (() => void) | undefined;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      held = promise;
      return () => {
        if (held === promise) held = undefined;
        resolve?.();
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
