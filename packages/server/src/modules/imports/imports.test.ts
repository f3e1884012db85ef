import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetFlags } from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, freePort, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { seedDemoMasterDataIfEmpty } from '../../demo/demoMasterData.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';

const ADMIN: TestUser = { sub: 'ada', rights: { roles: ['admin'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] } };
const TECHNICIAN: TestUser = { sub: 'tom', rights: { roles: ['technician'], spaces: ['rbcom'], localizations: ['en'] } };
/** The account the target reads the source with; the admin who imports has no say in it. */
const SOURCE_READER: TestUser = { sub: 'importer', rights: { roles: ['editor'], spaces: ['rbcom'], localizations: ['en'] } };

const isImported = (version: { localization: string; _links: Record<string, never>; _meta: { externalReference: unknown; musicImport: unknown } }) =>
  assetFlags({ localization: version.localization, _links: {}, bookmarked: false, lastShipped: null, externalReference: version._meta.externalReference, musicImport: version._meta.musicImport, image: undefined }).imported;

/** A name an allow-list may hold whose DNS answer is a private address (the test's resolver plays that DNS). */
const REBINDING_NAME = 'crepo.example.com';
/** A name under a private suffix: on the list it is a deliberate private entry, like 127.0.0.1:port. */
const PRIVATE_NAME = 'crepo.internal';

/** The test's DNS: only the names the tests use, all on this machine; any other name would be a test reaching out. */
const LOCAL_NAMES: Record<string, string[]> = { [REBINDING_NAME]: ['127.0.0.1'], [PRIVATE_NAME]: ['127.0.0.1'], localhost: ['::1', '127.0.0.1'] };
const resolveLocally = async (hostname: string) => {
  const addresses = LOCAL_NAMES[hostname];
  if (!addresses) throw new Error(`${hostname} is not a name of this test`);
  return addresses;
};

/** What the odd source was sent, to see which credentials left this server. */
const oddRequests: Array<{ host: string | undefined; url: string | undefined; headers: http.IncomingHttpHeaders }> = [];

/** Another host that answers what the source of an import could: redirects, an oversized or a wrongly shaped body. */
function startOddSource(redirectTarget: () => string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    oddRequests.push({ host: request.headers.host, url: request.url, headers: request.headers });
    const to = new URL(request.url ?? '/', 'http://odd').searchParams.get('to');
    if (to) {
      response.writeHead(302, { location: to }).end();
    } else if (request.url === '/redirect') {
      response.writeHead(302, { location: redirectTarget() }).end();
    } else if (request.url === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'application/json' });
      // No content-length: the cap must hold while the body streams in.
      for (let i = 0; i < 40; i += 1) response.write(`${i === 0 ? '[' : ','}"${'x'.repeat(64 * 1024)}"`);
      response.end(']');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'not-a-uuid', content: [] }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(DIALECTS)('import routes (%s)', (dialect) => {
  let source: TestApp;
  let target: TestApp;
  let odd: http.Server;
  let sourcePort: number;
  let oddPort: number;
  let sourceAssetId: string;

  const importGet = async (url: string, user: TestUser = ADMIN) => {
    const response = await target.app.inject({ method: 'GET', url, headers: await target.auth(user) });
    return { status: response.statusCode, body: response.json() };
  };
  const crepoImport = (url: string, fields = 'title', user: TestUser = ADMIN) =>
    importGet(`/api/v1/import/crepo?url=${encodeURIComponent(url)}&fieldsToImport=${encodeURIComponent(fields)}`, user);
  const countAssets = async () => Number((await target.database.db.selectFrom('asset').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    source = await startTestApp(dialect, { LIST_CACHE_MS: '0' });
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    sourcePort = (source.app.server.address() as AddressInfo).port;
    odd = await startOddSource(() => `http://${REBINDING_NAME}:${sourcePort}/api/v1/assets/${sourceAssetId}/localizations/en`);
    oddPort = (odd.address() as AddressInfo).port;
    // The source is read as its own reader (a configured service token), the same by address and by name; the odd
    // host by address gets a key of its own; the other entries get nothing.
    const sourceToken = `Bearer ${await source.tokenFor(SOURCE_READER)}`;
    // Both installations trust one sign-in (the company's, here the source's embedded provider keys): a shared data dir.
    target = await startTestApp(
      dialect,
      {
        LIST_CACHE_MS: '0',
        DATA_DIR: source.config.dataDir,
        IMPORT_ALLOWED_HOSTS: [`127.0.0.1:${sourcePort}`, `localhost:${sourcePort}`, `${PRIVATE_NAME}:${sourcePort}`, `${REBINDING_NAME}:${sourcePort}`, `127.0.0.1:${oddPort}`, `localhost:${oddPort}`].join(','),
        IMPORT_SOURCE_HEADERS: [`127.0.0.1:${sourcePort}=Authorization: ${sourceToken}`, `localhost:${sourcePort}=Authorization: ${sourceToken}`, `127.0.0.1:${oddPort}=X-Import-Key: odd-key`].join(','),
      },
      { resolveHost: resolveLocally },
    );
    const created = await source.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await source.auth(EDITOR),
      payload: { content: { title: { value: 'Ice climbing in Rjukan' }, teaser: { value: 'Frozen falls in Norway.' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    sourceAssetId = created.json().id as string;
    const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
    await seedDemoMasterDataIfEmpty({ db: target.database.db, audit: target.app.auditLog, spaces: target.config.spaces, locales: target.config.localizations, stencils });
  });

  afterAll(async () => {
    await new Promise((resolve) => odd?.close(resolve));
    await target?.close();
    await source?.close();
  });

  const sourceUrl = () => `http://127.0.0.1:${sourcePort}/api/v1/assets/${sourceAssetId}/localizations/en`;

  it('imports a version of another installation with the chosen fields, marked as imported, once', async () => {
    const imported = await crepoImport(sourceUrl(), 'title');
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ localization: 'en', stencil: 'story', created: true });
    expect(imported.body.id).not.toBe(sourceAssetId);

    const read = await target.app.inject({ method: 'GET', url: imported.body._links.self.href, headers: await target.auth(EDITOR) });
    expect(read.statusCode).toBe(200);
    const version = read.json();
    expect(version.content.title.value).toBe('Ice climbing in Rjukan');
    expect(version.content.teaser?.value ?? '').toBe('');
    expect(version._meta.externalReference).toEqual({ origin: 'crepo', foreignId: `${sourceAssetId}-en` });
    expect(isImported(version)).toBe(true);

    const again = await crepoImport(sourceUrl(), 'title');
    expect(again).toMatchObject({ status: 409, body: { code: 'already-imported' } });
  });

  it("records the import's date and the RB2 asset id the source carries", async () => {
    const created = await source.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await source.auth(EDITOR),
      payload: { content: { title: { value: 'Migrated from RB2' } } },
    });
    const migratedId = created.json().id as string;
    // The source keeps the id its own migration recorded.
    await source.database.db.updateTable('asset_localization').set({ meta: JSON.stringify({ migration: { rb2assetId: 'rb2-4711' } }) }).where('asset_id', '=', migratedId).execute();

    const imported = await crepoImport(`http://127.0.0.1:${sourcePort}/api/v1/assets/${migratedId}/localizations/en`, 'title');
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const version = (await target.app.inject({ method: 'GET', url: imported.body._links.self.href, headers: await target.auth(EDITOR) })).json();
    expect(version._meta.migration).toEqual({ rb2assetId: 'rb2-4711' });
    expect(version._meta.crepoImport).toEqual({ createdDate: version._meta.createdDate, updatedDate: version._meta.createdDate });

    // A save keeps them.
    const saved = await target.app.inject({
      method: 'PUT',
      url: imported.body._links.self.href,
      headers: { ...(await target.auth(EDITOR)), 'if-match': String(version._meta.version) },
      payload: { content: { title: { value: 'Migrated from RB2, edited' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()._meta).toMatchObject({ migration: version._meta.migration, crepoImport: version._meta.crepoImport });
  });

  it('lets only admins import by external reference', async () => {
    const before = await countAssets();
    for (const user of [TECHNICIAN, EDITOR]) expect((await crepoImport(sourceUrl(), 'title', user)).status).toBe(403);
    expect((await crepoImport(sourceUrl(), 'title', TECH_ADMIN)).status).toBe(409);
    expect(await countAssets()).toBe(before);
  });

  it('refuses hosts off the allow-list, private addresses after DNS and on a redirect, and fetches nothing from them', async () => {
    const before = await countAssets();
    const path = `/api/v1/assets/${sourceAssetId}/localizations/en`;
    const otherPort = await freePort();
    for (const url of [`http://localhost:${otherPort}${path}`, `http://127.0.0.1:${otherPort}${path}`, `http://metadata.google.internal${path}`, `http://2130706433:${otherPort}${path}`, `file:///etc/passwd`]) {
      expect(await crepoImport(url), url).toMatchObject({ status: 400, body: { code: 'import-url-refused' } });
    }
    const rebinding = await crepoImport(`http://${REBINDING_NAME}:${sourcePort}${path}`);
    expect(rebinding).toMatchObject({ status: 400, body: { code: 'import-url-refused' } });
    expect(rebinding.body.messages[0]).toContain('resolves to a private address');
    const redirected = await crepoImport(`http://127.0.0.1:${oddPort}/redirect`);
    expect(redirected).toMatchObject({ status: 400, body: { code: 'import-url-refused' } });
    expect(redirected.body.messages[0]).toContain('resolves to a private address');
    expect(await crepoImport(`http://127.0.0.1:${oddPort}/loop`)).toMatchObject({ status: 502, body: { code: 'import-source-failed' } });
    expect(await countAssets()).toBe(before);
  });

  it('imports from a host the list names by name, connecting to the address it resolves to', async () => {
    const created = await source.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await source.auth(EDITOR),
      payload: { content: { title: { value: 'Sledging in Bergün' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const imported = await crepoImport(`http://localhost:${sourcePort}/api/v1/assets/${created.json().id}/localizations/en`);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ stencil: 'story', created: true });
  });

  it("reads each host with the credentials configured for it alone, never with the caller's token", async () => {
    const before = await countAssets();
    const callerToken = (await target.auth(ADMIN)).authorization.replace(/^Bearer /, '');
    // A listed host without credentials: the source asks for sign-in, and the admin's token is not there to give.
    const unsigned = await crepoImport(`http://${PRIVATE_NAME}:${sourcePort}/api/v1/assets/${sourceAssetId}/localizations/en`);
    expect(unsigned).toMatchObject({ status: 502, body: { code: 'import-source-failed', messages: ['The source answered 401.'] } });

    oddRequests.length = 0;
    const next = `http://localhost:${oddPort}/?to=${encodeURIComponent(`http://127.0.0.1:${oddPort}/wrong`)}`;
    const result = await crepoImport(`http://127.0.0.1:${oddPort}/?to=${encodeURIComponent(next)}`);
    expect(result).toMatchObject({ status: 502, body: { code: 'import-source-invalid' } });
    expect(oddRequests.map(({ host, headers }) => ({ host, authorization: headers.authorization, key: headers['x-import-key'] }))).toEqual([
      { host: `127.0.0.1:${oddPort}`, authorization: undefined, key: 'odd-key' },
      { host: `localhost:${oddPort}`, authorization: undefined, key: undefined },
      { host: `127.0.0.1:${oddPort}`, authorization: undefined, key: 'odd-key' },
    ]);
    expect(JSON.stringify(oddRequests)).not.toContain(callerToken);
    expect(await countAssets()).toBe(before);
  });

  it('refuses an oversized or wrongly shaped answer and writes nothing', async () => {
    const before = await countAssets();
    expect(await crepoImport(`http://127.0.0.1:${oddPort}/big`)).toMatchObject({ status: 502, body: { code: 'import-source-too-large' } });
    expect(await crepoImport(`http://127.0.0.1:${oddPort}/wrong`)).toMatchObject({ status: 502, body: { code: 'import-source-invalid' } });
    expect(await crepoImport(sourceUrl(), 'no-such-field')).toMatchObject({ status: 400 });
    expect(await crepoImport(sourceUrl(), ' , ')).toMatchObject({ status: 400 });
    expect(await countAssets()).toBe(before);
  });

  it('creates the asset of a master-data record, answers it again while it exists and recreates it once deleted', async () => {
    const path = '/api/v1/import/sports/athlete/mepp-athlete-4001';
    const first = await importGet(path, TECHNICIAN);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ localization: 'en', stencil: 'athlete', created: true });
    const readVersion = async () => (await target.app.inject({ method: 'GET', url: first.body._links.self.href, headers: await target.auth(EDITOR) })).json();
    const imported = await readVersion();
    expect(imported._meta.crepoImport).toEqual({ createdDate: imported._meta.createdDate, updatedDate: imported._meta.createdDate });
    expect(imported._meta.migration).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await importGet(path, ADMIN);
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, created: false } });

    // The re-import moves the last import date alone: same version, same updated date, same first import.
    const version = await readVersion();
    expect(version._meta.crepoImport.createdDate).toBe(imported._meta.crepoImport.createdDate);
    expect(version._meta.crepoImport.updatedDate > imported._meta.crepoImport.updatedDate).toBe(true);
    expect(version._meta).toMatchObject({ version: imported._meta.version, updatedDate: imported._meta.updatedDate });

    expect(version.content.title.value).toBe('Lena Brandt');
    expect(version._meta.musicImport).toEqual({ masterDataId: 'mepp-athlete-4001', program: 'meppconnect' });
    expect(isImported(version)).toBe(true);

    // Deleted (as by the delete call's last version): the next import creates it again under a new id.
    await target.database.db.deleteFrom('asset_space').where('asset_id', '=', first.body.id).execute();
    await target.database.db.deleteFrom('asset_localization').where('asset_id', '=', first.body.id).execute();
    await target.database.db.deleteFrom('asset').where('id', '=', first.body.id).execute();
    const recreated = await importGet(path, ADMIN);
    expect(recreated).toMatchObject({ status: 201, body: { created: true, stencil: 'athlete' } });
    expect(recreated.body.id).not.toBe(first.body.id);
  });

  it('makes imported assets findable by their meppImport properties in the list', async () => {
    const imported = await importGet('/api/v1/import/culture/artist/mepp-artist-1002', ADMIN);
    expect(imported.status).toBe(201);
    const q = 'meppImport.masterDataId = mepp-artist-1002 AND meppImport.program = meppconnect';
    const list = await target.app.inject({ method: 'GET', url: `/api/v1/assets?q=${encodeURIComponent(q)}`, headers: await target.auth(EDITOR) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()._embedded.item.map((item: { id: string }) => item.id)).toEqual([imported.body.id]);
  });

  it('refuses master-data imports to other roles, unknown models and unknown ids', async () => {
    expect((await importGet('/api/v1/import/culture/series/mepp-series-3001', EDITOR)).status).toBe(403);
    expect((await importGet('/api/v1/import/culture/athlete/mepp-athlete-4001', ADMIN)).status).toBe(400);
    expect((await importGet('/api/v1/import/music/artist/mepp-artist-1001', ADMIN)).status).toBe(400);
    expect((await importGet('/api/v1/import/culture/series/no-such-id', ADMIN)).status).toBe(404);
  });
});
