import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewResponseSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, TV, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const validStory = (title: string, extra: Record<string, unknown> = {}) => ({
  title: { value: title },
  teaser: { value: 'A teaser for the card' },
  'hero-image': { value: { provider: 'cloudinary', referenceId: 'hero-picture' } },
  'story-content': { value: [{ type: 'text', value: '<p>Opening <strong>words</strong><script>alert(1)</script></p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
  ...extra,
});

/** A crop from its corners, in pixels of the original. */
const crop = (x1: number, y1: number, x2: number, y2: number) => ({ p1: { x: x1, y: y1 }, p2: { x: x2, y: y2 } });

const previewUrl = (id: string, query = '?validate=true') => `/api/v1/assets/${id}/localizations/en/preview${query}`;

describe.each(DIALECTS)('live preview (%s)', (dialect) => {
  let t: TestApp;
  let storyId: string;
  let embeddedId: string;
  let excludedId: string;

  const call = async (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? await t.auth(user) : {}, ...(payload ? { payload } : {}) });
  const create = async (space: string, content: object) => {
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const postPreview = async (content: object, options: { id?: string; user?: TestUser; query?: string } = {}) =>
    call(options.user ?? EDITOR, 'POST', previewUrl(options.id ?? storyId, options.query), { content, id: options.id ?? storyId, stencil: 'story', translations: [] });
  const preview = async (content: object) => {
    const response = await postPreview(content);
    expect(response.statusCode, response.body).toBe(201);
    return previewResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { PREVIEW_EXCLUDED_SPACES: 'global' });
    embeddedId = await create('rbcom', validStory('Glacier diary'));
    storyId = await create('rbcom', validStory('Saved title'));
    excludedId = await create('global', validStory('Not previewed'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders the unsaved title, teaser, hero and sanitised story content as a page of the public site', async () => {
    const { token, links } = await preview(validStory('Unsaved title'));
    expect(links).toEqual({ page: `/preview/${token}/page`, featureCard: `/preview/${token}/feature-card` });
    const page = await call(undefined, 'GET', `${links.page}?format=desktop&skipTracking=true`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(page.body).toContain('<h1 class="title">Unsaved title</h1>');
    expect(page.body).not.toContain('Saved title');
    expect(page.body).toContain('A teaser for the card');
    expect(page.body).toContain('src="/media/image/upload/w_600,f_auto,q_auto/hero-picture"');
    expect(page.body).toContain('<p>Opening <strong>words</strong></p>');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('class="format-desktop"');
  });

  it('draws headlines, quotes, lists and embedded content as a card with the referenced title', async () => {
    const { links } = await preview(
      validStory('With elements', {
        'story-content': {
          value: [
            { type: 'headline', value: { 'headline-text': 'Chapter one', 'headline-chapter': false } },
            { type: 'quote', value: ['Ice remembers', 'An old guide'] },
            { type: 'list', value: ['<p>first</p>', '<p>second</p>'] },
            { type: 'numbered-list', value: ['<p>one</p>'] },
            { type: 'embedded-content', value: { id: embeddedId, stencil: 'story' } },
            { type: 'table', value: { columns: [{ title: 'A' }], rows: [{ cells: [{ value: 'x' }] }] } },
          ],
        },
      }),
    );
    const page = (await call(undefined, 'GET', `${links.page}?format=mobile`)).body;
    expect(page).toContain('<h2 class="headline">Chapter one</h2>');
    expect(page).toContain('<blockquote class="quote"><p>Ice remembers</p><footer>An old guide</footer></blockquote>');
    expect(page).toMatch(/<ul class="list"><li><div class="list-item"><p>first<\/p><\/div><\/li>/);
    expect(page).toContain('<ol class="list">');
    expect(page).toContain('<strong class="embedded-title">Glacier diary</strong>');
    expect(page).toContain('<table class="story-table"><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td><div class="table-cell">x</div></td></tr></tbody></table>');
    expect(page).toContain('class="format-mobile"');
  });

  it('renders the feature card with image, title and teaser', async () => {
    const { links } = await preview(validStory('Card title'));
    const card = await call(undefined, 'GET', `${links.featureCard}?format=mobile&skipTracking=true`);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('<article class="feature-card">');
    expect(card.body).toContain('src="/media/image/upload/w_400,f_auto,q_auto/hero-picture"');
    expect(card.body).toContain('<h2 class="card-title">Card title</h2>');
    expect(card.body).toContain('<p class="card-teaser">A teaser for the card</p>');
    expect(card.body).not.toContain('<h1');
  });

  it('shows hero and inline images through their 16x9 crop (else 2x1, else 3x2) at 600, the card through its 4x3 crop', async () => {
    const hero = { provider: 'cloudinary', referenceId: 'hero-picture', width: 1600, height: 1200, ratios: { '4x3': crop(0, 0, 1600, 1200), '2x1': crop(0, 200, 1600, 1000), '16x9': crop(0, 150, 1600, 1050) } };
    const inline = { provider: 'cloudinary', referenceId: 'inline-picture', width: 1500, height: 1000, ratios: { '1x1': crop(250, 0, 1250, 1000), '3x2': crop(0, 0, 1500, 1000) } };
    const { links } = await preview(validStory('Cropped', { 'hero-image': { value: hero }, 'story-content': { value: [{ type: 'image', value: inline }] } }));
    const page = (await call(undefined, 'GET', `${links.page}?format=desktop`)).body;
    expect(page).toContain('src="/media/image/upload/c_crop,x_0,y_150,w_1600,h_900/w_600,f_auto,q_auto/hero-picture"');
    expect(page).toContain('src="/media/image/upload/c_crop,x_0,y_0,w_1500,h_1000/w_600,f_auto,q_auto/inline-picture"');
    const card = (await call(undefined, 'GET', links.featureCard)).body;
    expect(card).toContain('src="/media/image/upload/c_crop,x_0,y_0,w_1600,h_1200/w_400,f_auto,q_auto/hero-picture"');
  });

  it('carries the tracking marker unless skipTracking=true', async () => {
    const { links } = await preview(validStory('Tracked'));
    expect((await call(undefined, 'GET', links.page)).body).toContain('data-tracking="page-view"');
    expect((await call(undefined, 'GET', `${links.page}?skipTracking=true`)).body).not.toContain('data-tracking');
    expect((await call(undefined, 'GET', `${links.featureCard}?skipTracking=false`)).body).toContain('data-tracking="page-view"');
  });

  it('refuses content with errors with 422 and the errors when asked to validate, and previews it without validate', async () => {
    const broken = validStory('', { authorship: { value: [] } });
    const response = await postPreview(broken);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation-failed');
    expect(body.errors.map((error: { path: string }) => error.path)).toEqual(expect.arrayContaining(['title', 'authorship']));
    expect((await postPreview(broken, { query: '' })).statusCode).toBe(201);
  });

  it('refuses a value of the wrong shape with 400', async () => {
    expect((await postPreview({ title: { value: 42 } })).statusCode).toBe(400);
  });

  it('needs POST on p:preview: not in an excluded space, not signed out; outside the user’s spaces the version is unknown (404)', async () => {
    const version = await call(EDITOR, 'GET', `/api/v1/assets/${excludedId}/localizations/en`);
    expect(version.json()._links['p:preview'].methods).toEqual([]);
    expect((await postPreview(validStory('x'), { id: excludedId })).statusCode).toBe(403);
    expect((await postPreview(validStory('x'), { user: TV })).statusCode).toBe(404);
    expect((await call(undefined, 'POST', previewUrl(storyId), { content: validStory('x') })).statusCode).toBe(401);
    const own = await call(EDITOR, 'GET', `/api/v1/assets/${storyId}/localizations/en`);
    expect(own.json()._links['p:preview'].methods).toEqual(['POST']);
    // A curator reads rbcom: the link's right is theirs too.
    expect((await postPreview(validStory('Curated'), { user: CURATOR })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown token and once a preview expired, and clears expired rows', async () => {
    expect((await call(undefined, 'GET', '/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/page')).statusCode).toBe(404);
    const { token, links } = await preview(validStory('Soon gone'));
    await t.database.db.updateTable('preview').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token', '=', token).execute();
    expect((await call(undefined, 'GET', links.page)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', links.featureCard)).statusCode).toBe(404);
    await preview(validStory('Next one'));
    const left = await t.database.db.selectFrom('preview').select('token').where('token', '=', token).execute();
    expect(left).toEqual([]);
  });
});
