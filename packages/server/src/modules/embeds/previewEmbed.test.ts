import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKAROO_CLIENT_ID, previewResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';

const TICKAROO_ID = `clientId=${TICKAROO_CLIENT_ID}&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=WRC`;

const story = (items: unknown[]) => ({
  title: { value: 'Embeds in a story' },
  teaser: { value: 'A teaser for the card' },
  'hero-image': { value: { provider: 'cloudinary', referenceId: 'hero-picture' } },
  'story-content': { value: items },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

/** Decodes the HTML entities React writes into an attribute. */
const unescape = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

describe.each(DIALECTS)('service embeds in the live preview (%s)', (dialect) => {
  let t: TestApp;
  let storyId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers: await t.auth(EDITOR), payload: { content: story([]) } });
    expect(created.statusCode, created.body).toBe(201);
    storyId = created.json().id as string;
  });
  afterAll(async () => {
    await t.close();
  });

  const pageOf = async (items: unknown[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assets/${storyId}/localizations/en/preview`,
      headers: await t.auth(EDITOR),
      payload: { content: story(items), id: storyId, stencil: 'story', translations: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { links } = previewResponseSchema.parse(response.json());
    return (await t.app.inject({ method: 'GET', url: `${links.page}?format=desktop` })).body;
  };

  it('renders YouTube and Tickaroo embeds as sandboxed frames built from provider and id, never from the stored HTML', async () => {
    const body = await pageOf([
      { type: 'service-embed', value: { provider: 'youtube', referenceId: 'dQw4w9WgXcQ', embedHtml: '<script>alert(1)</script><iframe src="https://evil.example/"></iframe>' } },
      { type: 'service-embed', value: { provider: 'tickaroo', referenceId: TICKAROO_ID } },
    ]);
    const frames = [...body.matchAll(/<iframe class="service-embed" title="([^"]*)" srcDoc="([^"]*)" sandbox="([^"]*)"/g)];
    expect(frames.map((frame) => frame[1])).toEqual(['YouTube embed', 'Tickaroo embed']);
    expect(frames.every((frame) => frame[3] === 'allow-scripts allow-same-origin allow-popups')).toBe(true);
    expect(unescape(frames[0]?.[2] ?? '')).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(unescape(frames[1]?.[2] ?? '')).toContain(`https://cdn.tickaroo.com/webng/embed/liveblog.html?${TICKAROO_ID.replaceAll('&', '&amp;')}`);
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('alert(1)');
  });

  it('shows the label of an embed whose id no longer parses', async () => {
    const body = await pageOf([{ type: 'service-embed', value: { provider: 'youtube', referenceId: 'broken id' } }]);
    expect(body).not.toContain('<iframe');
    expect(body).toContain('<div class="placeholder">Social or media embed</div>');
  });
});
