import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => FakeResponse;

/**
 * Replaces `fetch`, the app's boundary to the server, with answers per "METHOD /path". Every request is
 * recorded; one without a handler gets a 404 error body.
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
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(recorded);
    const handler = routes.get(`${recorded.method} ${recorded.path}`);
    const answer = typeof handler === 'function' ? handler(recorded) : handler;
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
