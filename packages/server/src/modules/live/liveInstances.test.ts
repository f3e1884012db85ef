import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH, LIVE_PRESENCE_PATH, liveAssetEventSchema, livePresenceSchema, type LiveAssetEvent } from '@editor/domain';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { VALID_STORY } from '../../../test/routeRightsTable.ts';
import { openStream, type OpenStream } from './sseReader.ts';

const url = process.env.TEST_DATABASE_URL;
const COLLEAGUE: TestUser = { sub: 'colleague', name: 'Carl Colleague', rights: EDITOR.rights };

/** Two instances on one PostgreSQL database, as behind a load balancer: what happens on one is heard on the other. */
describe.skipIf(!url)('live updates across two instances on PostgreSQL (needs TEST_DATABASE_URL; skipped without it)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDatabase: Database;
  const bases: string[] = [];
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    t = await startTestApp('postgres');
    // The same schema and data folder (the provider's signing keys): the tokens of one instance hold on the other.
    secondDatabase = await openDatabase({ databaseUrl: t.database.url, schema: t.database.schema });
    second = await buildApp({ config: t.config, database: secondDatabase });
    for (const app of [t.app, second]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second.close();
    await secondDatabase.destroy();
    await t.close();
  });

  const call = async (app: FastifyInstance, user: TestUser, input: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> }) =>
    app.inject({ method: input.method, url: input.url, headers: { ...(await t.auth(user)), ...input.headers }, ...(input.payload ? { payload: input.payload } : {}) });

  it('shows two users on different instances each other, and the saves each makes', async () => {
    const created = await call(t.app, EDITOR, { method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', payload: { content: VALID_STORY } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const emma = await openStream(`${bases[0]}${LIVE_PATH}`, await t.auth(EDITOR));
    const carl = await openStream(`${bases[1]}${LIVE_PATH}`, await t.auth(COLLEAGUE));
    streams.push(emma, carl);
    await Promise.all([emma.waitFor((event) => event.name === 'hello'), carl.waitFor((event) => event.name === 'hello')]);

    expect((await call(t.app, EDITOR, { method: 'PUT', url: LIVE_PRESENCE_PATH, payload: { tab: 'tab-emma-a', assetId: id, locale: 'en', field: 'title' } })).statusCode).toBe(204);
    expect((await call(second, COLLEAGUE, { method: 'PUT', url: LIVE_PRESENCE_PATH, payload: { tab: 'tab-carl-b', assetId: id, locale: 'en', field: null } })).statusCode).toBe(204);
    const carlSees = await carl.waitFor((event) => event.name === 'presence' && livePresenceSchema.parse(event.data).user.id === EDITOR.sub);
    expect(livePresenceSchema.parse(carlSees.data)).toMatchObject({ assetId: id, field: 'title' });
    await emma.waitFor((event) => event.name === 'presence' && livePresenceSchema.parse(event.data).user.id === COLLEAGUE.sub);

    // Carl saves on the second instance; Emma hears it on the first, and the reverse.
    const saved = await call(second, COLLEAGUE, { method: 'PUT', url: `/api/v1/assets/${id}/localizations/en`, payload: { content: { ...VALID_STORY, title: { value: 'Saved on b' } } }, headers: { 'if-match': '1' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const heard = liveAssetEventSchema.parse((await emma.waitFor((event) => event.name === 'asset' && (event.data as LiveAssetEvent).assetId === id)).data);
    expect(heard.changes[0]).toMatchObject({ version: 2, by: { id: COLLEAGUE.sub, name: COLLEAGUE.name } });
    const again = await call(t.app, EDITOR, { method: 'PUT', url: `/api/v1/assets/${id}/localizations/en`, payload: { content: { ...VALID_STORY, title: { value: 'Saved on a' } } }, headers: { 'if-match': '2' } });
    expect(again.statusCode, again.body).toBe(200);
    const carlHeard = await carl.waitFor((event) => event.name === 'asset' && (event.data as LiveAssetEvent).changes[0]?.version === 3);
    expect(liveAssetEventSchema.parse(carlHeard.data).changes[0]?.by.id).toBe(EDITOR.sub);
  });
});
