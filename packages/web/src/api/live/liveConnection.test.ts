import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { sseFrame, type LiveAssetEvent } from '@editor/domain';
import { createLiveConnection } from './liveConnection.ts';

/** A fake server: each stream request gets a body the test writes to; other calls are recorded and answered 204. */
function fakeServer(options: { streamStatus?: number } = {}) {
  const streams: Array<{ headers: Headers; write: (text: string) => void; end: () => void }> = [];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/live' && (init.method ?? 'GET') === 'GET') {
        if (options.streamStatus) return new Response(null, { status: options.streamStatus });
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        const encoder = new TextEncoder();
        streams.push({ headers: new Headers(init.headers), write: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      return new Response(null, { status: 204 });
    }),
  );
  return { streams, calls };
}

const credentials = async () => ({ idToken: 'token-1', roleOverride: null });
const presence = (key: string, name: string, field: string | null = null) => ({ key, user: { id: key.split(':')[0]!, name }, assetId: 'a1', locale: 'en', field });

afterEach(() => vi.unstubAllGlobals());

describe('the live connection', () => {
  it('opens one authenticated stream, follows who is present and passes writes on', async () => {
    const server = fakeServer();
    const connection = createLiveConnection({ getCredentials: credentials, baseUrl: 'http://app.test', tab: 'tab-mine-1' });
    const writes: LiveAssetEvent[] = [];
    connection.onAsset((event) => writes.push(event));
    const stop = connection.use();
    connection.use();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(connection.getState().status).toBe('connecting');

    server.streams[0]?.write(sseFrame({ name: 'hello', data: { presence: [presence('emma:tab-1', 'Emma Editor'), presence('me:tab-mine-1', 'Me')], lastEventId: 7, reset: false } }));
    await waitFor(() => expect(connection.getState().status).toBe('live'));
    expect(connection.getState().presence.map((entry) => entry.user.name)).toEqual(['Emma Editor']);
    server.streams[0]?.write(sseFrame({ name: 'presence', data: presence('ada:tab-2', 'Ada Admin', 'title') }));
    server.streams[0]?.write(sseFrame({ name: 'presence-gone', data: { key: 'emma:tab-1' } }));
    const write = { id: 8, assetId: 'a1', scope: 'version', spaces: ['rbcom'], changes: [] };
    server.streams[0]?.write(sseFrame({ name: 'asset', data: write, id: 8 }));
    await waitFor(() => expect(writes).toEqual([write]));
    expect(connection.getState().presence.map((entry) => `${entry.user.name} ${entry.field}`)).toEqual(['Ada Admin title']);

    // The server ends the stream: the next one resumes after the last event seen.
    server.streams[0]?.end();
    await waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.streams[1]?.headers.get('Last-Event-ID')).toBe('8');
    stop();
  });

  it('says where the tab is only while the stream is live, and that it left', async () => {
    const server = fakeServer();
    const connection = createLiveConnection({ getCredentials: credentials, baseUrl: 'http://app.test', tab: 'tab-mine-2' });
    connection.use();
    connection.setPresence({ assetId: 'a1', locale: 'en', field: null });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.calls).toEqual([]);
    server.streams[0]?.write(sseFrame({ name: 'hello', data: { presence: [], lastEventId: 0, reset: false } }));
    await waitFor(() => expect(server.calls).toEqual([{ method: 'PUT', path: '/api/v1/live/presence', body: { tab: 'tab-mine-2', assetId: 'a1', locale: 'en', field: null } }]));
    connection.setPresence({ assetId: 'a1', locale: 'en', field: 'title' });
    connection.setPresence(null);
    await waitFor(() => expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /api/v1/live/presence', 'PUT /api/v1/live/presence', 'DELETE /api/v1/live/presence/tab-mine-2']));
  });

  it('says live updates are off when the stream is refused', async () => {
    fakeServer({ streamStatus: 502 });
    const connection = createLiveConnection({ getCredentials: credentials, baseUrl: 'http://app.test', tab: 'tab-mine-3' });
    const stop = connection.use();
    await waitFor(() => expect(connection.getState().status).toBe('off'));
    stop();
    expect(connection.getState().status).toBe('idle');
  });
});
