import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Metadata } from 'sharp';
import type { DescriptionRequestPayload } from '../src/modules/image-descriptor/chatCompletionsDescriber.ts';
import type { TranslationRequestPayload } from '../src/modules/translation/chatCompletionsTranslator.ts';

/**
 * How the next requests fail: an HTTP error status, an unusable answer, a wrong number of translations, or
 * translations that lost the first `<1>` token of each text that has one (as models sometimes break the tags).
 * For an image description, 'incomplete' leaves the teaser out and 'empty' answers a title of only punctuation.
 */
export type FakeFailure = 'http-500' | 'bad-json' | 'wrong-count' | 'broken-tokens' | 'incomplete' | 'empty';

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

/**
 * Deterministic and visible: the description names the size and format of the image it received and the language,
 * with the trailing punctuation and file name a model might add (which the server removes).
 */
export function fakeDescription(image: { width: number; height: number; format: string }, langCode: string) {
  return {
    title: `Picture of ${image.width} by ${image.height} pixels [${langCode}].`,
    teaser: `A ${image.format} image described in ${langCode}!`,
    'seo-filename': `Picture ${image.width}x${image.height} ${langCode}.jpg`,
  };
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

/** The image and text of a vision request of our own format (see chatCompletionsDescriber.ts). */
function visionRequestOf(body: Record<string, unknown>): { payload: DescriptionRequestPayload; image: Buffer } | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : [];
  const parts = messages.find((message) => message.role === 'user' && Array.isArray(message.content))?.content as Array<Record<string, unknown>> | undefined;
  const text = parts?.find((part) => part.type === 'text')?.text;
  const url = (parts?.find((part) => part.type === 'image_url')?.image_url as { url?: unknown } | undefined)?.url;
  const data = typeof url === 'string' ? /^data:image\/[a-z]+;base64,(.+)$/.exec(url)?.[1] : undefined;
  if (typeof text !== 'string' || !data) return undefined;
  try {
    const payload = JSON.parse(text) as Partial<DescriptionRequestPayload>;
    return typeof payload.langCode === 'string' ? { payload: payload as DescriptionRequestPayload, image: Buffer.from(data, 'base64') } : undefined;
  } catch {
    return undefined;
  }
}

/** Answers a vision request with a description of the image, or the failure asked for. */
async function describe(vision: { payload: DescriptionRequestPayload; image: Buffer }, failure: FakeFailure | undefined) {
  let metadata: Metadata;
  try {
    metadata = await sharp(vision.image).metadata();
  } catch {
    return { status: 400, body: { error: { message: 'The image could not be read' } } };
  }
  const description = fakeDescription({ width: metadata.width, height: metadata.height, format: metadata.format }, vision.payload.langCode);
  if (failure === 'incomplete' || failure === 'wrong-count') return { status: 200, body: completion(JSON.stringify({ title: description.title })) };
  if (failure === 'empty') return { status: 200, body: completion(JSON.stringify({ ...description, title: '...' })) };
  return { status: 200, body: completion(JSON.stringify(description)) };
}

/**
 * An OpenAI-compatible chat-completions server on a free port for tests (and the end-to-end run): it answers
 * `POST /v1/chat/completions` with `{"translations": [...]}` as the message content, a vision request with an image
 * description, or fails when told to.
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
        const vision = visionRequestOf(body);
        if (vision) {
          const answer = await describe(vision, failure);
          return send(response, answer.status, answer.body);
        }
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
