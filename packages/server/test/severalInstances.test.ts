import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema, uploadSignatureSchema } from '@editor/domain';
import { openDatabase, type Database } from '../src/db/database.ts';
import { insertDueTransitions } from './dueTransitions.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from './fakeChatCompletions.ts';
import { freePort } from './harness.ts';
import { startObjectStore, type ObjectStore } from './objectStore.ts';
import { startProviderProcess, type ProviderProcess } from './providerProcess.ts';
import { startRoundRobinProxy } from './roundRobinProxy.ts';
import { startServerProcess } from './serverProcess.ts';
import { multipartForm } from './uploadForm.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/**
 * Scale-out as a team runs it: two server processes (`main.ts`) on one PostgreSQL database and one S3 bucket, a
 * company sign-in provider, and a round-robin proxy in front. Whatever one instance keeps, the other must see.
 */
describe.skipIf(!adminUrl)('two server instances on one PostgreSQL database and one bucket (needs TEST_DATABASE_URL; skipped without it)', () => {
  const databaseName = `test_instances_${crypto.randomUUID().replaceAll('-', '')}`;
  let databaseUrl: string;
  let database: Database;
  let objects: ObjectStore;
  let ai: FakeChatCompletions;
  let provider: ProviderProcess;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let instances: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    objects = await startObjectStore();
    ai = await startFakeChatCompletions({ apiKey: 'sk-test' });
    // Behind a load balancer both instances have the proxy's address as their public URL.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    provider = await startProviderProcess({ appUrl: publicUrl });
    await provider.start();
    const env = {
      ...objects.env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-model',
      AI_API_KEY: 'sk-test',
      SCHEDULER_INTERVAL_MS: '200',
    };
    // 'sqlite' only means "make no database of your own": DATABASE_URL names the shared one.
    for (let i = 0; i < 2; i++) {
      const instance = await startServerProcess('sqlite', env);
      instances.push(instance);
      // One after the other: the first migrates the fresh database.
      await instance.start();
    }
    proxy = await startRoundRobinProxy({ port: proxyPort, backends: instances.map((instance) => instance.origin) });
    database = await openDatabase({ databaseUrl });
    headers = { authorization: `Bearer ${await provider.signIn('editor')}`, 'content-type': 'application/json' };
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances) await instance.remove();
    instances = [];
    await database?.destroy();
    await provider?.remove();
    await ai?.close();
    await objects?.stop();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  const on = (index: 0 | 1) => instances[index]?.origin ?? '';
  const createStory = async (origin: string, title: string) => {
    const created = await fetch(`${origin}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, { method: 'POST', headers, body: JSON.stringify({ content: { title: { value: title } } }) });
    expect(created.status, await created.clone().text()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };

  it('reads through one instance the save made through the other, and refuses there a save of the older version with 412', async () => {
    const id = await createStory(on(0), 'Ice climbing in Rjukan');
    const version = `${on(0)}/api/v1/assets/${id}/localizations/en`;
    const saved = await fetch(version, { method: 'PUT', headers: { ...headers, 'if-match': '"1"' }, body: JSON.stringify({ content: { title: { value: 'Ice climbing in Rjukan, Norway' } } }) });
    expect(saved.status).toBe(200);

    const read = await fetch(`${on(1)}/api/v1/assets/${id}/localizations/en`, { headers });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"2"');
    expect(JSON.stringify(await read.json())).toContain('Ice climbing in Rjukan, Norway');

    const stale = await fetch(`${on(1)}/api/v1/assets/${id}/localizations/en`, { method: 'PUT', headers: { ...headers, 'if-match': '"1"' }, body: JSON.stringify({ content: { title: { value: 'An older edit' } } }) });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'version-conflict', current: { version: 2 } });
  });

  it('renders on one instance the preview made on the other', async () => {
    const id = await createStory(on(0), 'Preview across instances');
    const made = await fetch(`${on(0)}/api/v1/assets/${id}/localizations/en/preview`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: { title: { value: 'An unsaved preview title' } }, id, stencil: 'story', translations: [] }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { links } = (await made.json()) as { links: { page: string } };
    const page = await fetch(`${on(1)}${links.page}?format=desktop&skipTracking=true`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('An unsaved preview title');
  });

  it('delivers from both instances an image whose upload was signed by one and received by the other', async () => {
    const before = [...proxy.served];
    const signed = await fetch(`${proxy.url}/api/v1/cloudinary-signature`, { method: 'POST', headers, body: JSON.stringify({ space: 'rbcom' }) });
    expect(signed.status).toBe(200);
    const signature = uploadSignatureSchema.parse(await signed.json());
    const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c2410c' } }).jpeg().toBuffer();
    const form = multipartForm(signature.fields, { filename: 'Two instances.jpg', contentType: 'image/jpeg', data });
    const uploaded = await fetch(`${proxy.url}${signature.upload_url}`, { method: 'POST', headers: form.headers, body: await buffer(form.payload) });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    // The signature and the upload went to different instances.
    expect(proxy.served.map((count, index) => count - (before[index] ?? 0))).toEqual([1, 1]);
    const { public_id: referenceId } = uploadResponseSchema.parse(await uploaded.json());
    for (const index of [0, 1] as const) {
      const delivered = await fetch(`${on(index)}/media/image/upload/w_200/${referenceId}`);
      expect(delivered.status).toBe(200);
      expect(await sharp(Buffer.from(await delivered.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
      const original = await fetch(`${on(index)}/media/image/upload/${referenceId}`);
      expect(Buffer.from(await original.arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it('holds an AI translation lock taken on one instance against the other', async () => {
    const id = await createStory(on(0), 'Translated while held');
    const aiPath = (origin: string) => `${origin}/api/v1/assets/${id}/localizations/it/ai-translations?reference=en`;
    const release = ai.hold();
    const first = fetch(aiPath(on(0)), { method: 'POST', headers: { authorization: headers.authorization ?? '' } });
    try {
      const locked = await eventually(async () => (await database.db.selectFrom('translation_lock').select('token').where('asset_id', '=', id).execute()).length === 1, 10_000);
      expect(locked).toBe(true);
      const second = await fetch(aiPath(on(1)), { method: 'POST', headers: { authorization: headers.authorization ?? '' } });
      expect(second.status).toBe(409);
    } finally {
      release();
    }
    expect((await first).status).toBe(201);
  });

  it('publishes each due transition exactly once with both schedulers running', async () => {
    const ids = await insertDueTransitions(database.db, { count: 40, dueAt: new Date(Date.now() - 1000).toISOString() });
    const executed = () => database.db.selectFrom('transition').select('status').where('asset_id', 'in', ids).where('status', '=', 'EXECUTED').execute();
    expect(await eventually(async () => (await executed()).length === ids.length, 20_000)).toBe(true);
    // A second sweep of both schedulers finds nothing left to do.
    await sleep(600);
    const publishes = await database.db.selectFrom('asset_history').select('asset_id').where('action', '=', 'publish').where('asset_id', 'in', ids).execute();
    expect(publishes).toHaveLength(ids.length);
    expect(new Set(publishes.map((row) => row.asset_id)).size).toBe(ids.length);
    const statuses = await database.db.selectFrom('asset_localization').select('status').where('asset_id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === 'published')).toBe(true);
  });
});
