import { describe, expect, it } from 'vitest';
import { ROLE_OVERRIDE_HEADER, type RoleOverride } from '@editor/domain';
import { installFakeApi } from '../test/fakeApi.ts';
import { ApiError, createApiClient, type Credentials } from './client.ts';

const override: RoleOverride = { roles: ['translator'], spaces: ['wrc'], localizations: ['fr'] };
const settings = { preferredLocalization: 'de', defaultSpace: 'rbcom', defaultFilter: null, useAutoFilter: true };

function clientWith(credentials: Credentials) {
  return createApiClient({ getCredentials: async () => credentials, validateResponses: true });
}

describe('the API client', () => {
  it('sends the ID token as bearer on every call', async () => {
    const api = installFakeApi({ 'GET /api/v1/user/settings': { status: 200, body: settings } });
    await clientWith({ idToken: 'id-token-1', roleOverride: null }).request({ path: '/api/v1/user/settings', response: 'userSettings' });
    expect(api.requests[0]?.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(api.requests[0]?.headers.has(ROLE_OVERRIDE_HEADER)).toBe(false);
  });

  it('sends the role override on every call but the user call (spec 000 §6)', async () => {
    const api = installFakeApi({
      'GET /api/v1/user': { status: 200, body: { any: 'thing' } },
      'PUT /api/v1/user/settings': { status: 200, body: settings },
      'DELETE /api/v1/user/filters/f1': { status: 204 },
    });
    const client = clientWith({ idToken: 'id-token-1', roleOverride: override });
    await client.send({ path: '/api/v1/user' });
    await client.request({ method: 'PUT', path: '/api/v1/user/settings', body: settings, response: 'userSettings' });
    await client.send({ method: 'DELETE', path: '/api/v1/user/filters/f1' });

    const [userCall, settingsCall, deleteCall] = api.requests;
    expect(userCall?.headers.has(ROLE_OVERRIDE_HEADER)).toBe(false);
    expect(userCall?.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(JSON.parse(settingsCall?.headers.get(ROLE_OVERRIDE_HEADER) ?? 'null')).toEqual(override);
    expect(settingsCall?.body).toEqual(settings);
    expect(JSON.parse(deleteCall?.headers.get(ROLE_OVERRIDE_HEADER) ?? 'null')).toEqual(override);
  });

  it('uses an error body with a status as it is (spec 000 §8)', async () => {
    const body = { status: 400, messages: ['defaultSpace: "wrc" is not one of your spaces.'], code: 'bad-request' };
    installFakeApi({ 'PUT /api/v1/user/settings': { status: 400, body } });
    const failure = clientWith({ idToken: 't', roleOverride: null }).request({ method: 'PUT', path: '/api/v1/user/settings', body: settings, response: 'userSettings' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, messages: body.messages, code: 'bad-request', message: body.messages[0] });
  });

  it('turns an error with a statusCode into messages plus status', async () => {
    installFakeApi({ 'GET /api/v1/user/settings': { status: 415, body: { statusCode: 415, error: 'Unsupported Media Type', message: 'Unsupported Media Type: text/plain' } } });
    const failure = clientWith({ idToken: 't', roleOverride: null }).request({ path: '/api/v1/user/settings', response: 'userSettings' });
    await expect(failure).rejects.toMatchObject({ status: 415, messages: ['Unsupported Media Type: text/plain'] });
  });

  it('throws anything else as a plain error', async () => {
    installFakeApi({ 'GET /api/v1/user/settings': { status: 502, body: 'Bad Gateway' } });
    const failure = clientWith({ idToken: 't', roleOverride: null }).request({ path: '/api/v1/user/settings', response: 'userSettings' });
    await expect(failure).rejects.not.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Request failed: 502');
  });

  it('refuses an answer that does not match its schema', async () => {
    installFakeApi({ 'GET /api/v1/user/settings': { status: 200, body: { preferredLocalization: 42 } } });
    const answer = clientWith({ idToken: 't', roleOverride: null }).request({ path: '/api/v1/user/settings', response: 'userSettings' });
    await expect(answer).rejects.toThrow(/preferredLocalization/);
  });

  it('leaves the answer unchecked when told to', async () => {
    installFakeApi({ 'GET /api/v1/user/settings': { status: 200, body: { preferredLocalization: 42 } } });
    const client = createApiClient({ getCredentials: async () => ({ idToken: 't', roleOverride: null }), validateResponses: false });
    await expect(client.request({ path: '/api/v1/user/settings', response: 'userSettings' })).resolves.toEqual({ preferredLocalization: 42 });
  });
});
