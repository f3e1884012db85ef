import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_KEYS_PATH, ROLE_OVERRIDE_HEADER, deliveryKeyListSchema, deliveryKeySchema } from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildKey, buildPublishedStory, call, deliver } from './deliveryFactories.ts';
import { hashSecret } from './keySecrets.ts';

const ADMIN_WITHOUT_TECH = { sub: 'plain-admin', name: 'Paula Admin', rights: { roles: ['admin', 'content-manager'], spaces: ['rbcom'], localizations: ['en'] } };

describe.each(DIALECTS)('delivery keys (%s)', (dialect) => {
  let t: TestApp;
  let story: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    story = await buildPublishedStory(t, { title: 'Readable with a key' });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (headers: Record<string, string>) => deliver(t, `/delivery/v1/assets/${story}/localizations/en`, headers);
  const auditOf = async (target: string) => {
    await t.app.auditLog.flush();
    return t.database.db.selectFrom('audit_log').select(['event', 'user_id', 'outcome', 'detail']).where('target', '=', target).orderBy('id').execute();
  };

  it('lets only technical admins list, create, change and revoke keys, as the links say', async () => {
    for (const user of [EDITOR, ADMIN_WITHOUT_TECH]) {
      expect((await call(t, user, 'GET', DELIVERY_KEYS_PATH)).statusCode).toBe(403);
      expect((await call(t, user, 'POST', DELIVERY_KEYS_PATH, { name: 'Nope', spaces: ['rbcom'], locales: ['en'] })).statusCode).toBe(403);
    }
    // The role override counts: a technical admin acting as an editor is one.
    const overridden = await t.app.inject({ method: 'GET', url: DELIVERY_KEYS_PATH, headers: { ...(await t.auth(TECH_ADMIN)), [ROLE_OVERRIDE_HEADER]: JSON.stringify({ roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] }) } });
    expect(overridden.statusCode).toBe(403);
    const key = await buildKey(t, { name: 'Main website' });
    expect((await call(t, EDITOR, 'PATCH', `${DELIVERY_KEYS_PATH}/${key.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(t, EDITOR, 'DELETE', `${DELIVERY_KEYS_PATH}/${key.id}`)).statusCode).toBe(403);
    const list = deliveryKeyListSchema.strict().parse((await call(t, TECH_ADMIN, 'GET', DELIVERY_KEYS_PATH)).json());
    expect(list._links.self.methods).toEqual(['GET', 'POST']);
    expect(list._embedded.item.find((item) => item.id === key.id)?._links.self.methods).toEqual(['GET', 'PATCH', 'DELETE']);
  });

  it('shows the secret once, stores only its hash, and reads with it', async () => {
    const key = await buildKey(t, { name: 'App', spaces: ['global', 'rbcom', 'rbcom'], locales: ['en'] });
    expect(key).toMatchObject({ name: 'App', spaces: ['global', 'rbcom'], locales: ['en'], requestsPerSecond: null, createdBy: 'Ada Admin', revokedAt: null });
    expect(key.secret).toMatch(/^dk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.secretPrefix)).toBe(true);
    const row = await t.database.db.selectFrom('delivery_key').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashSecret(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(36));
    const again = await call(t, TECH_ADMIN, 'GET', `${DELIVERY_KEYS_PATH}/${key.id}`);
    expect(deliveryKeySchema.strict().parse(again.json())).not.toHaveProperty('secret');
    expect(again.body).not.toContain(key.secret);
    expect((await read(key.headers)).statusCode).toBe(200);
  });

  it('answers 401 without a key, with a wrong or malformed one, and with a revoked one at once', async () => {
    const key = await buildKey(t);
    const missing = await read({});
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="delivery"');
    expect(missing.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    const wrong = `${key.secret.slice(0, -4)}AAAA`;
    for (const authorization of [`Bearer ${wrong}`, 'Bearer dk_nothing', `Basic ${key.secret}`, key.secret]) expect((await read({ authorization })).statusCode).toBe(401);
    // A sign-in token is no delivery key.
    expect((await read(await t.auth(TECH_ADMIN))).statusCode).toBe(401);

    expect((await read(key.headers)).statusCode).toBe(200);
    const revoked = await call(t, TECH_ADMIN, 'DELETE', `${DELIVERY_KEYS_PATH}/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(deliveryKeySchema.strict().parse(revoked.json())).toMatchObject({ revokedBy: 'Ada Admin', _links: { self: { methods: ['GET'] } } });
    expect((await read(key.headers)).statusCode).toBe(401);
    // Revoking again changes nothing; a revoked key cannot be changed.
    expect((await call(t, TECH_ADMIN, 'DELETE', `${DELIVERY_KEYS_PATH}/${key.id}`)).json().revokedAt).toBe(revoked.json().revokedAt);
    expect((await call(t, TECH_ADMIN, 'PATCH', `${DELIVERY_KEYS_PATH}/${key.id}`, { name: 'Back' })).statusCode).toBe(409);
  });

  it('renames and rescopes a key, which reads within its new scope at once', async () => {
    const key = await buildKey(t, { spaces: ['rbcom'], locales: ['en'] });
    const changed = await call(t, TECH_ADMIN, 'PATCH', `${DELIVERY_KEYS_PATH}/${key.id}`, { name: 'TV app', spaces: ['rbtv'], requestsPerSecond: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(deliveryKeySchema.strict().parse(changed.json())).toMatchObject({ name: 'TV app', spaces: ['rbtv'], locales: ['en'], requestsPerSecond: 5 });
    expect((await read(key.headers)).statusCode).toBe(404);
  });

  it('refuses spaces and locales the installation does not have, empty scopes and unknown fields with 400', async () => {
    const post = (body: object) => call(t, TECH_ADMIN, 'POST', DELIVERY_KEYS_PATH, body);
    const unknown = await post({ name: 'Bad', spaces: ['rbcom', 'moon'], locales: ['xx'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual(['spaces: moon is not one of rbcom, rbtv, global, rb-rookies, illume, media-partnerships, wrc, erc.', expect.stringMatching(/^locales: xx is not one of en, de/)]);
    expect((await post({ name: 'Empty', spaces: [], locales: ['en'] })).statusCode).toBe(400);
    expect((await post({ name: ' ', spaces: ['rbcom'], locales: ['en'] })).statusCode).toBe(400);
    expect((await post({ name: 'Extra', spaces: ['rbcom'], locales: ['en'], secret: 'mine' })).statusCode).toBe(400);
    const key = await buildKey(t);
    expect((await call(t, TECH_ADMIN, 'PATCH', `${DELIVERY_KEYS_PATH}/${key.id}`, {})).statusCode).toBe(400);
    expect((await call(t, TECH_ADMIN, 'GET', `${DELIVERY_KEYS_PATH}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('writes every change to the audit log, never the secret', async () => {
    const key = await buildKey(t, { name: 'Audited' });
    await call(t, TECH_ADMIN, 'PATCH', `${DELIVERY_KEYS_PATH}/${key.id}`, { locales: ['de'] });
    await call(t, TECH_ADMIN, 'DELETE', `${DELIVERY_KEYS_PATH}/${key.id}`);
    const entries = await auditOf(key.id);
    expect(entries.map((entry) => [entry.event, entry.user_id, entry.outcome])).toEqual([
      ['delivery-key-create', 'admin', 'success'],
      ['delivery-key-update', 'admin', 'success'],
      ['delivery-key-revoke', 'admin', 'success'],
    ]);
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toEqual({ name: 'Audited', changed: { locales: { from: '["de","en"]', to: '["de"]' } } });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
  });
});
