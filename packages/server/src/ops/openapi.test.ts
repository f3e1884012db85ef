import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';
import { API_REFERENCE_PREFIX, OPENAPI_PATH } from './openapi.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown>; requestBody?: unknown }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`; `::` is a literal colon, `*` a wildcard. */
const openApiPathOf = (url: string) =>
  url
    .split('::')
    .map((part) => part.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))
    .join(':')
    .replace(/\*$/, '{*}');

describe('the API reference', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is an OpenAPI 3.1 document with the bearer scheme and the error body', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['status', 'messages'] });
  });

  it('names every registered route', () => {
    const documented = t.app.routeTable.filter((route) => !route.isHidden && route.method !== 'head' && route.method !== 'options');
    expect(documented.length).toBeGreaterThan(60);
    const missing = documented.filter((route) => !document.paths[openApiPathOf(route.url)]?.[route.method]).map((route) => `${route.method.toUpperCase()} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths)).toContain("/oidc/{*}");
  });

  it('hides only its own pages and the embedded provider', () => {
    const hidden = t.app.routeTable.filter((route) => route.isHidden).map((route) => route.url);
    expect(hidden.every((url) => url.startsWith(API_REFERENCE_PREFIX) || url === OPENAPI_PATH || url === '/documentation/json')).toBe(true);
  });

  it('documents the calls with their parameters, bodies, responses and the bearer scheme', () => {
    const save = document.paths['/api/v1/assets/{id}/localizations/{locale}']?.put;
    expect(save?.security).toEqual([{ bearer: [] }]);
    expect(save?.requestBody).toBeDefined();
    expect(save?.responses?.['4XX']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
    const user = document.paths['/api/v1/user']?.get;
    expect(user?.responses?.['200']).toBeDefined();
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();
  });

  it('answers the document at /documentation/json instead of the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/documentation/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('serves the browsable page under /api/ with a policy that lets it run', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("default-src 'none'; frame-ancestors 'none'");
    const script = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/static/swagger-ui-bundle.js` });
    expect(script.statusCode).toBe(200);
    const spec = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/json`, headers: await t.auth(EDITOR) });
    expect(spec.json()).toMatchObject({ openapi: '3.1.0' });
  });
});
