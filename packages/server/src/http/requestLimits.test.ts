import http from 'node:http';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, freePort, startTestApp, type TestApp } from '../../test/harness.ts';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH, isNestedDeeperThan } from './requestLimits.ts';

/** How deep a parsed JSON value nests objects and arrays. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

const nested = (depth: number) => `${'['.repeat(depth - 1)}{"a":"]]}}\\"[["}${']'.repeat(depth - 1)}`;

describe('the nesting check of JSON bodies', () => {
  it('measures the depth JSON.parse finds, whatever the strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        expect(isNestedDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
    expect(isNestedDeeperThan(nested(64), 64)).toBe(false);
    expect(isNestedDeeperThan(nested(65), 64)).toBe(true);
  });
});

describe.each(DIALECTS)('request limits (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp(dialect, { PORT: String(port) });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: { ...(await t.auth(EDITOR)), 'content-type': 'application/json' },
      payload,
    });

  it('refuses a body nested deeper than 64 levels with 400 before reading it', async () => {
    const deep = await create(`{"content":{"title":{"value":${nested(MAX_JSON_DEPTH + 10_000)}}}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ status: 400, messages: ['The request body nests deeper than 64 levels.'], code: 'bad-request' });
    const fine = await create(JSON.stringify({ content: { title: { value: 'Not deep at all' } } }));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a body over the size limit with 413 and the error body', async () => {
    const large = await create(JSON.stringify({ content: { title: { value: 'x'.repeat(BODY_LIMIT_BYTES) } } }));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ status: 413, messages: [expect.any(String)] });
  });

  it("answers over-long headers with 431 in the API's error body", async () => {
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/user', headers: { 'x-padding': 'a'.repeat(64 * 1024) } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ status: 431, messages: ['The request headers are too large.'], code: 'headers-too-large' });
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
