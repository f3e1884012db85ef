import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** The caller's abort signal, to see whether a superseded request was aborted. */
  signal: AbortSignal | undefined;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

/** Like the real `fetch`, a request rejects with an AbortError once its signal aborts. */
function abortable<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * Replaces `fetch`, the app's boundary to the server, with answers per "METHOD /path" (the query string is not
 * part of the key). Every request is recorded; one without a handler gets a 404 error body. A handler may answer
 * later by returning a promise.
 */
export function installFakeApi(handlers: Record<string, Handler | FakeResponse>) {
  const requests: RecordedRequest[] = [];
  const routes = new Map(Object.entries(handlers));
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      signal: init?.signal ?? undefined,
    };
    requests.push(recorded);
    const handler = routes.get(`${recorded.method} ${recorded.path}`);
    const answer = typeof handler === 'function' ? await abortable(Promise.resolve(handler(recorded)), init?.signal) : handler;
    const { status, body } = answer ?? { status: 404, body: { status: 404, messages: [`No fake for ${recorded.method} ${recorded.path}.`] } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Replaces or adds the answer to one "METHOD /path". */
    answer(key: string, handler: Handler | FakeResponse) {
      routes.set(key, handler);
    },
  };
}
