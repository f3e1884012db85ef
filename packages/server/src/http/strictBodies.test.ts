import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';
import { strictBodyOf } from './strictBodies.ts';

describe.each(DIALECTS)('strict request bodies (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a create whose body names a field the call does not know, naming it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await t.auth(EDITOR),
      payload: { title: 'A story' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.join(' ')).toContain('"title"');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/assets?space=rbcom', headers: await t.auth(EDITOR) });
    expect(list.json()._embedded?.item ?? []).toEqual([]);
  });

  it('refuses an unknown field beside known ones', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/user/settings', headers: await t.auth(EDITOR), payload: { language: 'en', colour: 'red' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'validation' });
    expect(response.json().messages.join(' ')).toContain('"colour"');
  });

  it('still takes a body with only known fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story',
      headers: await t.auth(EDITOR),
      payload: { content: { title: { value: 'A story' } } },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('strictBodyOf', () => {
  it('makes plain objects and the objects of a union strict, and leaves loose ones loose', () => {
    const plain = strictBodyOf(z.object({ a: z.string() })) as z.ZodType;
    expect(plain.safeParse({ a: 'x', b: 1 }).success).toBe(false);
    const union = strictBodyOf(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])) as z.ZodType;
    expect(union.safeParse({ b: 1 }).success).toBe(true);
    expect(union.safeParse({ b: 1, c: 2 }).success).toBe(false);
    const loose = strictBodyOf(z.looseObject({ a: z.string() })) as z.ZodType;
    expect(loose.safeParse({ a: 'x', b: 1 }).success).toBe(true);
  });
});
