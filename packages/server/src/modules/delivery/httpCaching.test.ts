import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_KEYS_PATH, deliveryListResponseSchema } from '@editor/domain';
import { DIALECTS, TECH_ADMIN, startTestApp, type TestApp } from '../../../test/harness.ts';
import { OPENAPI_PATH } from '../../ops/openapi.ts';
import { buildKey, buildPublishedStory, call, deliver, publish, save, storyContent } from './deliveryFactories.ts';
import { matchingTag } from './httpCaching.ts';

const ORIGIN = 'https://www.example.com';
const item = (id: string) => `/delivery/v1/assets/${id}/localizations/en`;
const embed = (id: string) => ({ type: 'embedded-content', value: { id, stencil: 'story' } });
/** Headers as a client compares them: without those of the connection and the moment. */
const compared = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)));

describe('matchingTag (If-None-Match)', () => {
  it.each([
    ['"abc"', '"abc"'],
    ['W/"abc"', '"abc"'],
    ['"abc-gzip"', '"abc-gzip"'],
    ['"abc-br"', '"abc-br"'],
    ['"other", "abc"', '"abc"'],
    ['*', '"abc"'],
    ['"abcd"', undefined],
    ['"abc-zip"', undefined],
    ['', undefined],
  ])('%s matches the answer\'s "abc" as %s', (header, expected) => {
    expect(matchingTag(header, '"abc"')).toBe(expected);
  });
});

describe.each(DIALECTS)('delivery API caching, CORS and limits (%s)', (dialect) => {
  let t: TestApp;
  let key: Awaited<ReturnType<typeof buildKey>>;
  let now = Date.now();
  beforeAll(async () => {
    t = await startTestApp(dialect, { DELIVERY_MAX_AGE: '120', DELIVERY_STALE_WHILE_REVALIDATE: '30', DELIVERY_CORS_ORIGINS: `${ORIGIN},http://localhost:3000`, DELIVERY_RATE_LIMIT: '1000' }, { clock: () => now });
    key = await buildKey(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => deliver(t, url, { ...key.headers, ...headers });

  it('answers 304 to a matching If-None-Match, and a new ETag once a publish changed the answer', async () => {
    const id = await buildPublishedStory(t, { title: 'Cached story' });
    const first = await get(item(id));
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=120, stale-while-revalidate=30');
    expect(first.headers.vary).toContain('Authorization');

    const again = await get(item(id), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=120, stale-while-revalidate=30');
    expect(again.headers['surrogate-key']).toBe(first.headers['surrogate-key']);
    expect((await get(item(id), { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    // A draft change is not delivered, so the answer and its tag stay; its publish changes both.
    await save(t, id, storyContent('Cached story, changed'));
    expect((await get(item(id), { 'if-none-match': etag })).statusCode).toBe(304);
    await publish(t, id);
    const changed = await get(item(id), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().title).toBe('Cached story, changed');
  });

  it('tells a compressed answer apart by its tag, and revalidates it', async () => {
    const long = 'A long paragraph that makes the answer worth compressing. '.repeat(60);
    const id = await buildPublishedStory(t, { title: 'Compressed story', extra: { 'story-content': [{ type: 'text', value: `<p>${long}</p>` }] } });
    const plain = await get(item(id));
    const gzipped = await get(item(id), { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gzip"'));
    const revalidated = await get(item(id), { 'accept-encoding': 'gzip', 'if-none-match': String(gzipped.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(gzipped.headers.etag);
  });

  it('sends an answer taken uncompressed with the same bytes and headers as the full path, browser protections included', async () => {
    const id = await buildPublishedStory(t, { title: 'Short story' });
    // Under the compression threshold, an answer to a client that takes gzip goes through every hook uncompressed.
    const full = await get(item(id), { 'accept-encoding': 'gzip', origin: ORIGIN });
    const lean = await get(item(id), { origin: ORIGIN });
    expect(full.headers['content-encoding']).toBeUndefined();
    expect(lean.statusCode).toBe(200);
    expect(lean.body).toBe(full.body);
    expect(compared(lean.headers)).toEqual(compared(full.headers));
    expect(lean.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': expect.stringContaining("default-src 'none'"), 'content-length': String(Buffer.byteLength(lean.body)) });

    const head = await t.app.inject({ method: 'HEAD', url: item(id), headers: key.headers });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(lean.headers.etag);
    const notModified = await get(item(id), { 'if-none-match': String(lean.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names every asset of an answer in Surrogate-Key and Cache-Tag, and every list and slug answer besides', async () => {
    const target = await buildPublishedStory(t, { title: 'Purge target' });
    const id = await buildPublishedStory(t, { title: 'Purge source', extra: { 'story-content': [{ type: 'text', value: '<p>Text.</p>' }, embed(target)] } });
    const single = await get(item(id));
    expect(String(single.headers['surrogate-key']).split(' ').toSorted()).toEqual([`asset-${id}`, `asset-${target}`].toSorted());
    expect(String(single.headers['cache-tag']).split(',').toSorted()).toEqual([`asset-${id}`, `asset-${target}`].toSorted());
    const list = await get('/delivery/v1/assets?limit=5');
    const keys = String(list.headers['surrogate-key']).split(' ');
    expect(keys[0]).toBe('delivery-list');
    for (const entry of deliveryListResponseSchema.parse(list.json())._embedded.item) expect(keys).toContain(`asset-${entry.id}`);
  });

  it('never lets a cache keep an error', async () => {
    for (const response of [await get(item('00000000-0000-4000-8000-000000000000')), await deliver(t, '/delivery/v1/assets'), await get('/delivery/v1/assets?cursor=made-up')]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['surrogate-key']).toBeUndefined();
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('answers a request asked again from memory for a second, anew after a write through this instance, never past an unpublish date', async () => {
    const id = await buildPublishedStory(t, { title: 'Kept a second' });
    const { db } = t.database;
    const title = async () => (await get(item(id))).json().title as string;
    expect(await title()).toBe('Kept a second');
    // Asked a second time, the answer is kept.
    expect(await title()).toBe('Kept a second');
    // Another instance publishes: this one answers what it has for up to DELIVERY_CACHE_MS.
    const republished = JSON.stringify(storyContent('Changed elsewhere'));
    await db.updateTable('asset_localization').set({ published_content: republished, content: republished }).where('asset_id', '=', id).execute();
    expect(await title()).toBe('Kept a second');
    now += 1000;
    expect(await title()).toBe('Changed elsewhere');
    // A write through this instance drops what it keeps at once.
    await db.updateTable('asset_localization').set({ publish_end: new Date(now + 500).toISOString() }).where('asset_id', '=', id).execute();
    await call(t, TECH_ADMIN, 'POST', DELIVERY_KEYS_PATH, { name: 'Any write', spaces: ['rbcom'], locales: ['en'] });
    expect(await title()).toBe('Changed elsewhere');
    now += 500;
    expect((await get(item(id))).statusCode).toBe(404);
  });

  it('lets the configured origins call it from a browser, the preflight without a key', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/delivery/v1/assets', headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'Authorization, If-None-Match',
    });
    const allowed = await get('/delivery/v1/assets?limit=1', { origin: ORIGIN });
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toContain('ETag');
    expect(allowed.headers.vary).toContain('Origin');
    // A browser reads the refusal too.
    expect((await deliver(t, '/delivery/v1/assets', { origin: ORIGIN })).headers['access-control-allow-origin']).toBe(ORIGIN);
    for (const origin of ['https://evil.example', 'https://www.example.com.evil.example']) {
      expect((await get('/delivery/v1/assets?limit=1', { origin })).headers['access-control-allow-origin']).toBeUndefined();
      const refused = await t.app.inject({ method: 'OPTIONS', url: '/delivery/v1/assets', headers: { origin, 'access-control-request-method': 'GET' } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-allow-headers']).toBeUndefined();
    }
  });

  it('refuses an altered cursor, or one of another list, with 400', async () => {
    for (let n = 0; n < 3; n++) await buildPublishedStory(t, { title: `Paged ${n}` });
    const first = deliveryListResponseSchema.parse((await get('/delivery/v1/assets?limit=2')).json());
    const next = String(first._links.next?.href);
    expect(next).toMatch(/^\/delivery\/v1\/assets\?/);
    expect((await get(next)).statusCode).toBe(200);
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') ?? '';
    const [payload = '', signature = ''] = cursor.split('.');
    const altered = Buffer.from(JSON.stringify(['newest', '9999-12-31T00:00:00.000Z', 'zzz', 'en'])).toString('base64url');
    for (const bad of [`${altered}.${signature}`, `${payload}.${signature.slice(1)}`, `${payload}`, 'not-a-cursor', `${payload}.${signature}.extra`]) {
      const response = await get(`/delivery/v1/assets?limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().messages).toEqual(['cursor: this page link is not valid for this list; start the list again.']);
    }
    // The same cursor for another list (another order or filter) is refused too; another page size is the same list.
    expect((await get(`/delivery/v1/assets?limit=2&sort=title&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    expect((await get(`/delivery/v1/assets?limit=2&stencil=story&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    expect((await get(`/delivery/v1/assets?limit=5&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });

  it('limits each key to its rate with 429 and Retry-After, apart from other keys, until its bucket fills again', async () => {
    const slow = await buildKey(t, { name: 'Slow', requestsPerSecond: 1 });
    const other = await buildKey(t, { name: 'Other', requestsPerSecond: 1 });
    const url = '/delivery/v1/assets?limit=1';
    // Twice the rate at once, then one a second.
    expect((await deliver(t, url, slow.headers)).statusCode).toBe(200);
    expect((await deliver(t, url, slow.headers)).statusCode).toBe(200);
    const limited = await deliver(t, url, slow.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toMatchObject({ status: 429, code: 'too-many-requests' });
    expect((await deliver(t, url, other.headers)).statusCode).toBe(200);
    now += 1000;
    expect((await deliver(t, url, slow.headers)).statusCode).toBe(200);
    expect((await deliver(t, url, slow.headers)).statusCode).toBe(429);
    // A key's new rate applies at once.
    expect((await call(t, TECH_ADMIN, 'PATCH', `${DELIVERY_KEYS_PATH}/${slow.id}`, { requestsPerSecond: 100 })).statusCode).toBe(200);
    now += 1000;
    for (let n = 0; n < 5; n++) expect((await deliver(t, url, slow.headers)).statusCode).toBe(200);
  });

  it('is in the API reference under its own prefix, with the delivery key scheme', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(document.components.securitySchemes.deliveryKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/delivery/v1/assets', '/delivery/v1/assets/{id}/localizations/{locale}', '/delivery/v1/slugs/{slugId}']) {
      expect(document.paths[path]?.get?.security, path).toEqual([{ deliveryKey: [] }]);
      expect(document.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
    expect(document.paths['/api/v1/delivery-keys']?.post?.security).toEqual([{ bearer: [] }]);
  });
});
