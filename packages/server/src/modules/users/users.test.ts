import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_OVERRIDE_HEADER, userResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, HUB, TECH_ADMIN, startTestApp, type TestApp } from '../../../test/harness.ts';

const override = (value: object) => ({ [ROLE_OVERRIDE_HEADER]: JSON.stringify(value) });

describe.each(DIALECTS)('user, settings and filters (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const getUser = async (user = EDITOR) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: await t.auth(user) });
    expect(response.statusCode).toBe(200);
    return userResponseSchema.parse(response.json());
  };

  it('answers the user call with the rights of the token and unchosen settings', async () => {
    const user = await getUser();
    expect(user).toMatchObject({
      id: 'editor',
      name: 'Emma Editor',
      roles: ['content-editor', 'translator'],
      spaces: ['rbcom', 'global'],
      localizations: ['en', 'de', 'fr', 'es', 'it'],
      hasDashboardAccess: true,
      settings: { preferredLocalization: null, defaultSpace: null, defaultFilter: null, useAutoFilter: null },
      filters: [],
    });
    expect(user.settings._links.self).toEqual({ href: '/api/v1/user/settings', methods: ['GET', 'PUT'] });
    expect(user._links['p:filters']).toEqual({ href: '/api/v1/user/filters', methods: ['POST'] });
  });

  it('gives dashboard access only with the main website or tv space', async () => {
    expect((await getUser(HUB)).hasDashboardAccess).toBe(false);
    expect((await getUser(TECH_ADMIN)).hasDashboardAccess).toBe(true);
  });

  it('refreshes the rights when the provider grants others', async () => {
    await getUser();
    const promoted = { ...EDITOR, rights: { ...EDITOR.rights, roles: ['content-manager'] } };
    expect((await getUser(promoted)).roles).toEqual(['content-manager']);
  });

  it('stores settings and keeps them per user', async () => {
    const settings = { preferredLocalization: 'de', defaultSpace: 'global', defaultFilter: null, useAutoFilter: false };
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/user/settings', headers: await t.auth(EDITOR), payload: settings });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(settings);
    expect((await getUser()).settings).toMatchObject(settings);
    expect((await getUser(HUB)).settings.preferredLocalization).toBeNull();
  });

  it('refuses a locale or space outside the user rights and changes nothing', async () => {
    const before = (await getUser()).settings;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: await t.auth(EDITOR),
      payload: { preferredLocalization: 'ja', defaultSpace: 'rbtv', defaultFilter: null, useAutoFilter: true },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({
      status: 400,
      code: 'bad-request',
      messages: ['preferredLocalization: "ja" is not one of your localisations.', 'defaultSpace: "rbtv" is not one of your spaces.'],
    });
    expect((await getUser()).settings).toEqual(before);
  });

  it('refuses a malformed settings body with 400 naming the field', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: await t.auth(EDITOR),
      payload: { preferredLocalization: 42, defaultSpace: null, defaultFilter: null, useAutoFilter: null },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().messages.join(' ')).toContain('preferredLocalization');
  });

  it('saves, lists and deletes filter presets; deleting the default filter clears it', async () => {
    const headers = await t.auth(EDITOR);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/user/filters', headers, payload: { filters: { stencil: ['story', 'video'], localization: 'de' } } });
    expect(created.statusCode).toBe(201);
    const filter = created.json();
    expect(filter.filters).toEqual({ stencil: ['story', 'video'], localization: 'de' });
    expect(filter._links.self).toEqual({ href: `/api/v1/user/filters/${filter.id}`, methods: ['DELETE'] });
    expect(created.headers.location).toBe(filter._links.self.href);

    const settings = { preferredLocalization: null, defaultSpace: null, defaultFilter: filter.id, useAutoFilter: null };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/user/settings', headers, payload: settings })).statusCode).toBe(200);
    expect((await getUser()).filters.map((f) => f.id)).toContain(filter.id);

    const deleted = await t.app.inject({ method: 'DELETE', url: filter._links.self.href, headers });
    expect(deleted.statusCode).toBe(204);
    const after = await getUser();
    expect(after.filters.map((f) => f.id)).not.toContain(filter.id);
    expect(after.settings.defaultFilter).toBeNull();
  });

  it('refuses a default filter the user does not have', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings',
      headers: await t.auth(EDITOR),
      payload: { preferredLocalization: null, defaultSpace: null, defaultFilter: 'no-such-filter', useAutoFilter: null },
    });
    expect(put.statusCode).toBe(400);
  });

  it("cannot delete another user's filter", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/user/filters', headers: await t.auth(EDITOR), payload: { filters: { q: 'cliff diving' } } });
    const href = created.json()._links.self.href as string;
    const other = await t.app.inject({ method: 'DELETE', url: href, headers: await t.auth(HUB) });
    expect(other.statusCode).toBe(404);
    expect((await getUser()).filters.map((f) => f._links.self.href)).toContain(href);
  });

  it('refuses an empty preset and unknown filter names', async () => {
    const headers = await t.auth(EDITOR);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/filters', headers, payload: { filters: {} } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/filters', headers, payload: { filters: { colour: 'red' } } })).statusCode).toBe(400);
  });

  describe('custom role override', () => {

    it('applies a technical admin override to the request rights', async () => {
      const headers = { ...(await t.auth(TECH_ADMIN)), ...override({ roles: ['translator'], spaces: ['illume'], localizations: ['ko'] }) };
      const allowed = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings',
        headers,
        payload: { preferredLocalization: 'ko', defaultSpace: 'illume', defaultFilter: null, useAutoFilter: null },
      });
      expect(allowed.statusCode).toBe(200);
      // Under the override the admin's own locale is outside the rights.
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings',
        headers,
        payload: { preferredLocalization: 'en', defaultSpace: null, defaultFilter: null, useAutoFilter: null },
      });
      expect(refused.statusCode).toBe(400);
    });

    it('answers the user call with the original rights even when the header is sent', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        headers: { ...(await t.auth(TECH_ADMIN)), ...override({ roles: [], spaces: [], localizations: [] }) },
      });
      expect(response.json().roles).toEqual(TECH_ADMIN.rights.roles);
    });

    it('forbids the header to users without technical-admin-user', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/settings',
        headers: { ...(await t.auth(EDITOR)), ...override({ roles: ['admin'], spaces: ['rbcom'], localizations: ['en'] }) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, messages: ['Only technical admins may override their roles.'] });
    });

    it('refuses a malformed override with 400', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/settings',
        headers: { ...(await t.auth(TECH_ADMIN)), [ROLE_OVERRIDE_HEADER]: '{"roles":["emperor"]' },
      });
      expect(response.statusCode).toBe(400);
    });
  });
});
