import { describe, expect, it } from 'vitest';
import { issuerOf, readConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('defaults to port 8080, SQLite and the embedded sign-in provider', () => {
    const config = readConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(issuerOf(config)).toBe('http://localhost:8080/oidc');
    expect(config.environment).toBe('design');
  });

  it('signs in against a configured issuer', () => {
    const config = readConfig({ OIDC_ISSUER: 'https://login.example.com/realms/media/', OIDC_CLIENT_ID: 'cms' });
    expect(issuerOf(config)).toBe('https://login.example.com/realms/media');
    expect(config.oidcClientId).toBe('cms');
  });

  it('derives the environment from the public host unless APP_ENV names it', () => {
    expect(readConfig({ PUBLIC_URL: 'https://editor-staging.example.com' }).environment).toBe('staging');
    expect(readConfig({ PUBLIC_URL: 'https://editor.example.com' }).environment).toBe('production');
    expect(readConfig({ PUBLIC_URL: 'https://editor.example.com', APP_ENV: 'preview' }).environment).toBe('preview');
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow('PORT must be a port number, got "eighty"');
    expect(() => readConfig({ APP_ENV: 'qa' })).toThrow('APP_ENV must be one of design, staging, preview, production, got "qa"');
  });

  it('reads lists of spaces and locales', () => {
    expect(readConfig({ SPACES: 'a, b,,c', LOCALES: 'en,de' })).toMatchObject({ spaces: ['a', 'b', 'c'], localizations: ['en', 'de'] });
  });

  it('takes worldwide locales (spec 000 §9) and stops on a locale that is none', () => {
    expect(readConfig({ LOCALES: 'en,es-LAT,en-CAR,ar-MEA,sq-KV' }).localizations).toEqual(['en', 'es-LAT', 'en-CAR', 'ar-MEA', 'sq-KV']);
    expect(readConfig({}).localizations).toContain('es-LAT');
    expect(() => readConfig({ LOCALES: 'en,es-latam' })).toThrow('LOCALES: "es-latam" is not a locale id');
  });

  it('configures AI translation only with both an address and a model; the key is optional', () => {
    expect(readConfig({}).ai).toBeUndefined();
    expect(readConfig({ AI_BASE_URL: 'http://localhost:11434/v1' }).ai).toBeUndefined();
    expect(readConfig({ AI_MODEL: 'llama3' }).ai).toBeUndefined();
    expect(readConfig({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3' }).ai).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3' });
    expect(readConfig({ AI_BASE_URL: 'https://api.example.com/v1', AI_MODEL: 'm', AI_API_KEY: 'secret' }).ai?.apiKey).toBe('secret');
    expect(() => readConfig({ AI_BASE_URL: 'api.example.com', AI_MODEL: 'm' })).toThrow('AI_BASE_URL must be an http(s) address, got "api.example.com"');
  });

  it('points image uploads at a Cloudinary account named by CLOUDINARY_URL, or at the embedded service', () => {
    expect(readConfig({}).cloudinary).toBeUndefined();
    expect(readConfig({ CLOUDINARY_URL: 'cloudinary://123456789012345:s3cr%2Ft@demo-cloud' }).cloudinary).toEqual({
      apiKey: '123456789012345',
      apiSecret: 's3cr/t',
      cloudName: 'demo-cloud',
      apiUrl: 'https://api.cloudinary.com/v1_1/demo-cloud',
      deliveryBaseUrl: 'https://res.cloudinary.com/demo-cloud',
    });
    for (const bad of ['https://123:abc@demo', 'cloudinary://123@demo', 'cloudinary://123:abc@']) {
      expect(() => readConfig({ CLOUDINARY_URL: bad }), bad).toThrow('CLOUDINARY_URL must be cloudinary://<api_key>:<api_secret>@<cloud_name>');
    }
  });

  it('gives each allowed import host only the headers IMPORT_SOURCE_HEADERS names for it', () => {
    expect(readConfig({}).importAllowedHosts).toEqual([]);
    const config = readConfig({
      IMPORT_ALLOWED_HOSTS: 'Crepo.Example.com, 127.0.0.1:8081,[::1]:8082',
      IMPORT_SOURCE_HEADERS: 'crepo.example.com=Authorization: Bearer abc.def-ghi_j==, crepo.example.com=X-Api-Key:k1, 127.0.0.1:8081=x-import-token:  t 2',
    });
    expect(config.importAllowedHosts).toEqual([
      { host: 'crepo.example.com', headers: { authorization: 'Bearer abc.def-ghi_j==', 'x-api-key': 'k1' } },
      { host: '127.0.0.1:8081', headers: { 'x-import-token': 't 2' } },
      { host: '[::1]:8082', headers: {} },
    ]);
  });

  it.each([
    ['a host off the allow-list', 'other.example.com=Authorization: Bearer s3cret', 'IMPORT_SOURCE_HEADERS names other.example.com, which is not on IMPORT_ALLOWED_HOSTS'],
    ['a port the list does not name', 'crepo.example.com:8443=Authorization: Bearer s3cret', 'IMPORT_SOURCE_HEADERS names crepo.example.com:8443, which is not on IMPORT_ALLOWED_HOSTS'],
    ['no host', 'Authorization: Bearer s3cret', 'IMPORT_SOURCE_HEADERS entries are host=Header-Name: value; entry 1 is not'],
    ['no header name', 'crepo.example.com=Bearer s3cret', 'IMPORT_SOURCE_HEADERS entries are host=Header-Name: value; entry 1 is not'],
    ['an empty value', 'crepo.example.com=Authorization:', 'IMPORT_SOURCE_HEADERS entries are host=Header-Name: value; entry 1 is not'],
    ['a line break in the value', 'crepo.example.com=Authorization: Bearer s3cret\r\nX-Evil: 1', 'IMPORT_SOURCE_HEADERS entries are host=Header-Name: value; entry 1 is not'],
    ['a header the client writes', 'crepo.example.com=Host: s3cret.example.com', 'IMPORT_SOURCE_HEADERS cannot set host (for crepo.example.com)'],
    ['one header twice', 'crepo.example.com=Authorization: Bearer s3cret,crepo.example.com=authorization: Basic s3cret', 'IMPORT_SOURCE_HEADERS sets authorization twice for crepo.example.com'],
  ])('stops the start on IMPORT_SOURCE_HEADERS with %s, without repeating the secret', (_name, headers, message) => {
    const start = () => readConfig({ IMPORT_ALLOWED_HOSTS: 'crepo.example.com', IMPORT_SOURCE_HEADERS: headers });
    expect(start).toThrow(message);
    expect(start).not.toThrow(/s3cret/);
  });

  it('trusts forwarded headers from no proxy unless TRUSTED_PROXIES names addresses or ranges', () => {
    expect(readConfig({}).trustedProxies).toEqual([]);
    expect(readConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustedProxies).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['*', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', 'true']) {
      expect(() => readConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(`TRUSTED_PROXIES entries are addresses or CIDR ranges (10.0.0.0/8), got "${bad}"`);
    }
  });
});
