import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaAttributesResponseSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';

const PATH = '/api/crepo/schemas/attributes';

describe.each(DIALECTS)('schema attributes call (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the stencils with a page, each with its top-level inputs, to any signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: PATH, headers: await t.auth(CURATOR) });
    expect(response.statusCode).toBe(200);
    const { data } = schemaAttributesResponseSchema.parse(response.json());
    const stencils = data.map((entry) => entry.stencil);
    expect(stencils).toEqual(expect.arrayContaining(['story', 'video', 'athlete', 'event-profile', 'occasion-campaign']));
    // Taxonomy, images and support stencils have no page to link to.
    for (const name of ['tag', 'discipline', 'image', 'author', 'energy-drink', 'external-content-resource']) expect(stencils).not.toContain(name);
    const story = data.find((entry) => entry.stencil === 'story');
    expect(story).toMatchObject({ label: 'Story' });
    expect(story?.attributes).toEqual(
      expect.arrayContaining([
        { name: 'title', type: 'text', label: 'Title' },
        { name: 'uri-title', type: expect.any(String), label: expect.any(String) },
        { name: 'story-content', type: 'one-of-container', label: 'Story' },
      ]),
    );
  });

  it('answers the same to an editor, and 401 without sign-in', async () => {
    const editor = await t.app.inject({ method: 'GET', url: PATH, headers: await t.auth(EDITOR) });
    const curator = await t.app.inject({ method: 'GET', url: PATH, headers: await t.auth(CURATOR) });
    expect(editor.json()).toEqual(curator.json());
    const anonymous = await t.app.inject({ method: 'GET', url: PATH });
    expect(anonymous.statusCode).toBe(401);
  });
});
