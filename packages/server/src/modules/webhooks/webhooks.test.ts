import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointListSchema, webhookEndpointSchema } from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { readConfig } from '../../config.ts';

const ALLOWED = '10.1.2.3:8080';

describe.each(DIALECTS)('webhook endpoints for technical admins (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { WEBHOOK_ALLOWED_HOSTS: ALLOWED });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const register = async (payload: object) => call(TECH_ADMIN, 'POST', '/api/v1/webhooks', payload);
  const auditEntries = async (event: string) => {
    await t.app.auditLog.flush();
    return t.database.db.selectFrom('audit_log').selectAll().where('event', '=', event).execute();
  };

  it('registers an endpoint and shows its Standard Webhooks secret in that answer only', async () => {
    const created = await register({ url: 'https://hooks.example.com/in', description: 'Website cache', events: ['asset.unpublished', 'asset.published', 'asset.published'], spaces: ['rbtv', 'rbcom'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = webhookEndpointSchema.parse(created.json());
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/in', description: 'Website cache', events: ['asset.published', 'asset.unpublished'], spaces: ['rbcom', 'rbtv'], enabled: true, createdBy: 'Ada Admin' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint._links.self).toEqual({ href: `/api/v1/webhooks/${endpoint.id}`, methods: ['GET', 'PATCH', 'DELETE'] });

    const read = await call(TECH_ADMIN, 'GET', `/api/v1/webhooks/${endpoint.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    const list = webhookEndpointListSchema.parse((await call(TECH_ADMIN, 'GET', '/api/v1/webhooks')).json());
    expect(list._embedded.item.map((item) => item.id)).toContain(endpoint.id);
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
    const [entry] = (await auditEntries('webhook-create')).filter((row) => row.target === endpoint.id);
    expect(entry).toMatchObject({ user_id: 'admin', outcome: 'success' });
    expect(entry?.detail).not.toContain('whsec_');
  });

  it('refuses everyone but technical admins', async () => {
    const created = webhookEndpointSchema.parse((await register({ url: 'https://hooks.example.com/a', events: ['asset.deleted'] })).json());
    for (const [method, url] of [
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/webhooks'],
      ['PATCH', `/api/v1/webhooks/${created.id}`],
      ['DELETE', `/api/v1/webhooks/${created.id}`],
      ['GET', `/api/v1/webhooks/${created.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${created.id}/test`],
    ] as const) {
      const response = await call(EDITOR, method, url, method === 'POST' || method === 'PATCH' ? { url: 'https://hooks.example.com/b', events: ['asset.deleted'] } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(401);
    expect((await call(TECH_ADMIN, 'GET', `/api/v1/webhooks/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses private receivers unless WEBHOOK_ALLOWED_HOSTS names them, other schemes, credentials, unknown spaces and events', async () => {
    for (const url of ['http://127.0.0.1:8080/in', 'http://localhost/in', 'http://10.1.2.3/in', 'http://169.254.169.254/', 'http://hooks.internal/in', 'ftp://hooks.example.com/', 'https://user:pw@hooks.example.com/']) {
      const response = await register({ url, events: ['asset.published'] });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await register({ url: 'http://127.0.0.1:8080/in', events: ['asset.published'] })).json().messages).toEqual([
      'url: 127.0.0.1:8080 is not a public address; a receiver on a private network must be on WEBHOOK_ALLOWED_HOSTS.',
    ]);
    expect((await register({ url: `http://${ALLOWED}/in`, events: ['asset.published'] })).statusCode).toBe(201);
    expect((await register({ url: 'https://hooks.example.com/in', events: ['asset.published'], spaces: ['nowhere'] })).json().messages).toEqual(['spaces: "nowhere" is not a space of this installation.']);
    expect((await register({ url: 'https://hooks.example.com/in', events: ['asset.saved'] })).statusCode).toBe(400);
    expect((await register({ url: 'https://hooks.example.com/in', events: ['asset.published'], secret: 'whsec_mine' })).statusCode).toBe(400);
  });

  it('pauses, enables, changes and deletes an endpoint, each recorded in the audit log', async () => {
    const { id } = webhookEndpointSchema.parse((await register({ url: 'https://hooks.example.com/c', events: ['asset.published'] })).json());
    const paused = await call(TECH_ADMIN, 'PATCH', `/api/v1/webhooks/${id}`, { enabled: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ enabled: false, url: 'https://hooks.example.com/c' });
    const changed = await call(TECH_ADMIN, 'PATCH', `/api/v1/webhooks/${id}`, { enabled: true, url: 'https://hooks.example.com/d', spaces: null, events: ['asset.deleted'], description: 'Builds' });
    expect(changed.json()).toMatchObject({ enabled: true, url: 'https://hooks.example.com/d', spaces: null, events: ['asset.deleted'], description: 'Builds' });
    expect((await call(TECH_ADMIN, 'PATCH', `/api/v1/webhooks/${id}`, { url: 'http://localhost/' })).statusCode).toBe(400);
    expect((await call(TECH_ADMIN, 'DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(204);
    expect((await call(TECH_ADMIN, 'GET', `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(TECH_ADMIN, 'DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
    const updates = (await auditEntries('webhook-update')).filter((row) => row.target === id).map((row) => JSON.parse(row.detail) as Record<string, unknown>);
    expect(updates).toEqual(expect.arrayContaining([{ enabled: false }, expect.objectContaining({ enabled: true, url: 'https://hooks.example.com/d' })]));
    expect((await auditEntries('webhook-delete')).filter((row) => row.target === id)).toHaveLength(1);
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('reads names and name:port entries as URLs write hosts, and stops the start on anything else', () => {
    expect(readConfig({ WEBHOOK_ALLOWED_HOSTS: 'Hooks.Internal, 10.0.0.5:8080,[::1]:9000' }).webhookAllowedHosts).toEqual(['hooks.internal', '10.0.0.5:8080', '[::1]:9000']);
    expect(() => readConfig({ WEBHOOK_ALLOWED_HOSTS: 'http://hooks.internal/in' })).toThrow('WEBHOOK_ALLOWED_HOSTS entries are name or name:port, got "http://hooks.internal/in"');
  });
});
