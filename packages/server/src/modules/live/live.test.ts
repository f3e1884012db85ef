import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH, LIVE_PRESENCE_PATH, liveAssetEventSchema, liveHelloSchema, livePresenceSchema, type LiveAssetEvent, type SseEvent } from '@editor/domain';
import { DIALECTS, EDITOR, TV, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { VALID_STORY } from '../../../test/routeRightsTable.ts';
import { openStream, type OpenStream } from './sseReader.ts';

/** A second editor of rbcom, so that two people share a story. */
const COLLEAGUE: TestUser = { sub: 'colleague', name: 'Carl Colleague', rights: EDITOR.rights };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isAsset = (assetId: string) => (event: SseEvent) => event.name === 'asset' && (event.data as LiveAssetEvent).assetId === assetId;
const isPresence = (assetId: string, sub: string) => (event: SseEvent) => event.name === 'presence' && livePresenceSchema.parse(event.data).assetId === assetId && livePresenceSchema.parse(event.data).user.id === sub;

describe.each(DIALECTS)('presence and live updates on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let now = Date.now();
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => t.close());

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });
  const createStory = async (space = 'rbcom', user: TestUser = EDITOR) => {
    const response = await call(user, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content: VALID_STORY });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const saveTitle = async (user: TestUser, id: string, title: string) => {
    const current = await call(user, 'GET', `/api/v1/assets/${id}/localizations/en`);
    const version = current.json<{ _meta: { version: number } }>()._meta.version;
    const response = await call(user, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { ...VALID_STORY, title: { value: title } } }, { 'if-match': String(version) });
    expect(response.statusCode, response.body).toBe(200);
  };
  const listen = async (user: TestUser, headers: Record<string, string> = {}) => {
    const stream = await openStream(`${base}${LIVE_PATH}`, { ...(await t.auth(user)), ...headers });
    streams.push(stream);
    await stream.waitFor((event) => event.name === 'hello');
    return stream;
  };
  const announce = (user: TestUser, body: { tab: string; assetId: string; field: string | null }) => call(user, 'PUT', LIVE_PRESENCE_PATH, { ...body, locale: 'en' });

  it('shows who has a story open and in which field, and what another person saved, to the readers of its space', async () => {
    const id = await createStory();
    const emma = await listen(EDITOR);
    const carl = await listen(COLLEAGUE);
    expect((await announce(EDITOR, { tab: 'tab-emma-1', assetId: id, field: 'title' })).statusCode).toBe(204);
    const seen = livePresenceSchema.parse((await carl.waitFor(isPresence(id, EDITOR.sub))).data);
    expect(seen).toMatchObject({ user: { id: EDITOR.sub, name: EDITOR.name }, assetId: id, locale: 'en', field: 'title' });

    await saveTitle(EDITOR, id, 'Ice climbing at night');
    const heard = liveAssetEventSchema.parse((await carl.waitFor(isAsset(id))).data);
    expect(heard.changes).toEqual([expect.objectContaining({ locale: 'en', version: 2, action: 'save', by: { id: EDITOR.sub, name: EDITOR.name }, changedPaths: expect.arrayContaining(['title']) })]);
    // The writer hears of it too: another tab of theirs may have the story open.
    await emma.waitFor(isAsset(id));

    const published = await call(EDITOR, 'POST', `/api/v1/assets/${id}/localizations/en/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const publish = await carl.waitFor((event) => isAsset(id)(event) && (event.data as LiveAssetEvent).changes[0]?.status === 'published');
    expect(liveAssetEventSchema.parse(publish.data).changes[0]).toMatchObject({ action: 'publish', version: 3 });
  });

  it('tells a user without the space nothing of it, and refuses to place them in it', async () => {
    const id = await createStory();
    const tara = await listen(TV);
    const carl = await listen(COLLEAGUE);
    await announce(EDITOR, { tab: 'tab-emma-2', assetId: id, field: null });
    await saveTitle(EDITOR, id, 'Seen only in rbcom');
    const tvStory = await createStory('rbtv', TV);
    await saveTitle(TV, tvStory, 'A tv story');
    // Tara's own story arrives after the rbcom one was sent: anything about the rbcom story would have come before.
    await tara.waitFor(isAsset(tvStory));
    await carl.waitFor(isAsset(id));
    expect(tara.events.filter((event) => JSON.stringify(event.data).includes(id))).toEqual([]);
    expect(carl.events.filter(isAsset(tvStory))).toEqual([]);
    expect((await announce(TV, { tab: 'tab-tara-1', assetId: id, field: null })).statusCode).toBe(404);
    expect(carl.events.filter(isPresence(id, TV.sub))).toEqual([]);
    // A stream opened later starts with who is present: Emma, for Carl, and nobody in rbcom for Tara.
    const later = await listen(TV);
    expect(liveHelloSchema.parse(later.events[0]?.data).presence.filter((entry) => entry.assetId === id)).toEqual([]);
    const carlLater = await listen(COLLEAGUE);
    expect(liveHelloSchema.parse(carlLater.events[0]?.data).presence).toContainEqual(expect.objectContaining({ assetId: id, user: { id: EDITOR.sub, name: EDITOR.name } }));
  });

  it('drops a tab that stops saying it is there within 30 seconds, and one that leaves at once', async () => {
    const id = await createStory();
    const carl = await listen(COLLEAGUE);
    await announce(EDITOR, { tab: 'tab-emma-3', assetId: id, field: null });
    const presence = livePresenceSchema.parse((await carl.waitFor(isPresence(id, EDITOR.sub))).data);
    now += 20_000;
    await sleep(2500);
    expect(carl.events.filter((event) => event.name === 'presence-gone')).toEqual([]);
    now += 6_000;
    await carl.waitFor((event) => event.name === 'presence-gone' && (event.data as { key: string }).key === presence.key, 5000);

    await announce(EDITOR, { tab: 'tab-emma-4', assetId: id, field: 'teaser' });
    const again = livePresenceSchema.parse((await carl.waitFor((event) => isPresence(id, EDITOR.sub)(event) && (event.data as { field: string }).field === 'teaser')).data);
    expect((await call(EDITOR, 'DELETE', `${LIVE_PRESENCE_PATH}/tab-emma-4`)).statusCode).toBe(204);
    await carl.waitFor((event) => event.name === 'presence-gone' && (event.data as { key: string }).key === again.key, 1000);
  });

  it('resumes after the last event a tab saw, and says so when it cannot', async () => {
    const id = await createStory();
    const first = await listen(COLLEAGUE);
    await saveTitle(EDITOR, id, 'Before the break');
    const seen = await first.waitFor(isAsset(id));
    first.close();
    await saveTitle(EDITOR, id, 'During the break');
    await saveTitle(EDITOR, id, 'Still during the break');
    const resumed = await listen(COLLEAGUE, { 'last-event-id': String(seen.id) });
    expect(liveHelloSchema.parse(resumed.events[0]?.data).reset).toBe(false);
    await resumed.waitFor((event) => isAsset(id)(event) && (event.data as LiveAssetEvent).changes[0]?.version === 4);
    const missed = resumed.events.filter(isAsset(id)).map((event) => (event.data as LiveAssetEvent).changes[0]?.version);
    expect(missed).toEqual([3, 4]);
    expect(resumed.events.filter(isAsset(id)).every((event) => (event.id ?? 0) > (seen.id ?? 0))).toBe(true);

    // An id the server does not hold (ahead of every stored one) asks the tab to reload what it shows.
    const lost = await listen(COLLEAGUE, { 'last-event-id': String((seen.id ?? 0) + 1_000_000) });
    expect(liveHelloSchema.parse(lost.events[0]?.data).reset).toBe(true);
  });

  it('answers a poll with the hello and the events since the given one, then ends', async () => {
    const id = await createStory();
    const stream = await listen(COLLEAGUE);
    await saveTitle(EDITOR, id, 'Polled');
    const seen = await stream.waitFor(isAsset(id));
    await saveTitle(EDITOR, id, 'Polled again');
    // Stored after the save's answer: the stream has it once it is there for a poll too.
    await stream.waitFor((event) => isAsset(id)(event) && event.id !== seen.id);
    const response = await call(COLLEAGUE, 'GET', `${LIVE_PATH}?mode=poll`, undefined, { 'last-event-id': String(seen.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.body).toContain('event: hello');
    expect(response.body).toContain('"title"');
    expect(response.body.match(/event: asset/g)).toHaveLength(1);
  });

  it('refuses a stream without a sign-in, and a presence with a malformed tab', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${LIVE_PATH}?mode=poll` })).statusCode).toBe(401);
    expect((await call(EDITOR, 'PUT', LIVE_PRESENCE_PATH, { tab: 'x', assetId: 'a', locale: 'en', field: null })).statusCode).toBe(400);
  });
});
