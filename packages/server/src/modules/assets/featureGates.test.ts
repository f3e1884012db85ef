import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';

const CREATE = '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story';
const path = (id: string) => `/api/v1/assets/${id}/localizations/en`;
const CTA = { type: 'cta-fullscreen-engagement', value: { 'cta-label': 'Take the quiz' } };
const TEXT = { type: 'text', value: '<p>Frozen waterfalls all winter.</p>' };
const REFUSAL = 'content: the element "cta-fullscreen-engagement" can only be added while its feature is switched on.';
const story = (elements: unknown[]) => ({ title: { value: 'Ice climbing in Rjukan' }, 'story-content': { value: elements } });

describe.each(DIALECTS)('elements behind a feature flag (spec 002 §5, %s)', (dialect) => {
  let t: TestApp;
  /** A second instance on the same database with the fullscreen-engagement feature on. */
  let flagOn: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    flagOn = await buildApp({ config: { ...t.config, features: ['fullscreen-engagement'] }, database: t.database });
    await flagOn.ready();
  });
  afterAll(async () => {
    await flagOn.close();
    await t.close();
  });

  const create = async (app: TestApp['app'], elements: unknown[]) => app.inject({ method: 'POST', url: CREATE, headers: await t.auth(EDITOR), payload: { content: story(elements) } });
  const save = async (app: TestApp['app'], id: string, version: number, elements: unknown[]) =>
    app.inject({ method: 'PUT', url: path(id), headers: { ...(await t.auth(EDITOR)), 'if-match': `"${version}"` }, payload: { content: story(elements) } });
  const read = async (id: string) => (await t.app.inject({ method: 'GET', url: path(id), headers: await t.auth(EDITOR) })).json<{ _meta: { version: number }; content: Record<string, { value: unknown }> }>();

  it('refuses a new story with the element while the flag is off, and creates it while the flag is on', async () => {
    const refused = await create(t.app, [TEXT, CTA]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ messages: string[] }>().messages).toEqual([REFUSAL]);
    expect((await create(flagOn, [TEXT, CTA])).statusCode).toBe(201);
  });

  it('refuses a save that adds the element while the flag is off, and changes nothing', async () => {
    const created = (await create(t.app, [TEXT])).json<{ id: string; _meta: { version: number } }>();
    const refused = await save(t.app, created.id, created._meta.version, [TEXT, CTA]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ messages: string[] }>().messages).toEqual([REFUSAL]);
    const stored = await read(created.id);
    expect(stored._meta.version).toBe(created._meta.version);
    expect(stored.content['story-content']?.value).toEqual([TEXT]);
  });

  it('keeps an element added while the flag was on: later saves may move or remove it, not add another', async () => {
    const created = (await create(flagOn, [CTA])).json<{ id: string; _meta: { version: number } }>();
    const moved = await save(t.app, created.id, created._meta.version, [TEXT, CTA]);
    expect(moved.statusCode).toBe(200);
    const version = (await read(created.id))._meta.version;
    expect((await save(t.app, created.id, version, [TEXT, CTA, CTA])).statusCode).toBe(400);
    expect((await save(t.app, created.id, version, [TEXT])).statusCode).toBe(200);
  });
});
