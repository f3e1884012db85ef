import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATOR, DIALECTS, EDITOR, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/** Reads and writes wrc, which EDITOR does not hold. */
const WRC_ADMIN: TestUser = {
  sub: 'wrc-admin',
  name: 'Walter Rally',
  rights: { roles: ['admin', 'content-manager', 'translator'], spaces: ['wrc', 'rbcom', 'global'], localizations: ['en', 'de'] },
};
const SECRET = 'Secret rally plan';
const SECRET_LINKED = 'Secret service park';
const SECRET_TAG = 'Secret stage';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const path = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;

/** A story that embeds `embedded`, links `linked` from its rich text and is tagged with `tag`; with an author when `isComplete`. */
const storyContent = (refs: { embedded: string; linked: string; tag: string }, isComplete: boolean) => ({
  title: { value: 'Rally weekend' },
  'story-content': {
    value: [
      { type: 'text', value: `<p>See <a href="/api/v1/assets/${refs.linked}">the park</a>.</p>` },
      { type: 'embedded-content', value: { id: refs.embedded, stencil: 'story' } },
    ],
  },
  tags: { value: [{ id: refs.tag, stencil: 'tag' }] },
  ...(isComplete ? { authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] } } : {}),
});

/** A body with the given ids replaced by names and every timestamp by DATE, so two answers compare as text. */
function normalised(body: string, names: Record<string, string>): string {
  let text = body;
  for (const [id, name] of Object.entries(names)) text = text.replaceAll(id, name);
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, 'DATE');
}

describe.each(DIALECTS)('assets outside the user spaces (%s)', (dialect) => {
  let t: TestApp;
  /** wrc assets EDITOR may not read: an embedded story, a story linked from rich text, a tag. */
  const hidden = { embedded: '', linked: '', tag: crypto.randomUUID() };
  /** Ids that exist nowhere. */
  const missing = { embedded: crypto.randomUUID(), linked: crypto.randomUUID(), tag: crypto.randomUUID() };
  /** EDITOR's story referencing the hidden assets, and its twin referencing the missing ones. */
  let withHidden = '';
  let withMissing = '';

  const call = async (user: TestUser | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? await t.auth(user) : {}, ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, space: string, content: object) => {
    const response = await call(user, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** The two stories' names for their own ids and the ids they reference. */
  const names = () => ({
    [withHidden]: 'STORY',
    [withMissing]: 'STORY',
    [hidden.embedded]: 'EMBEDDED',
    [missing.embedded]: 'EMBEDDED',
    [hidden.linked]: 'LINKED',
    [missing.linked]: 'LINKED',
    [hidden.tag]: 'TAG',
    [missing.tag]: 'TAG',
  });
  /**
   * Makes the same call about both stories (`url` and `payload` built from a story's id and the ids it references)
   * and expects the same answer once the ids are named alike; answers the story with hidden references' answer.
   */
  const sameForBoth = async (
    method: Method,
    url: (story: string, refs: typeof hidden) => string,
    payload?: (story: string, refs: typeof hidden) => object,
    user: TestUser | undefined = EDITOR,
  ) => {
    const [seen, unseen] = await Promise.all(
      [
        [withHidden, hidden],
        [withMissing, missing],
      ].map(([story, refs]) => call(user, method, url(story as string, refs as typeof hidden), payload?.(story as string, refs as typeof hidden))),
    );
    expect(seen!.statusCode, seen!.body).toBe(unseen!.statusCode);
    expect(normalised(seen!.body, names())).toBe(normalised(unseen!.body, names()));
    for (const secret of [SECRET, SECRET_LINKED, SECRET_TAG]) expect(seen!.body).not.toContain(secret);
    return seen!;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // Drafts with validation errors (no author), which a publish check would describe if it could see them.
    hidden.embedded = await create(WRC_ADMIN, 'wrc', { title: { value: SECRET } });
    hidden.linked = await create(WRC_ADMIN, 'wrc', { title: { value: SECRET_LINKED } });
    await insertTaxonomyAsset(t.database, { id: hidden.tag, stencil: 'tag', space: 'wrc', title: SECRET_TAG });
    withHidden = await create(EDITOR, 'rbcom', storyContent(hidden, false));
    withMissing = await create(EDITOR, 'rbcom', storyContent(missing, false));
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the story itself the same whether its references are hidden or missing', async () => {
    expect((await sameForBoth('GET', (story) => path(story))).statusCode).toBe(200);
    await sameForBoth('GET', (story) => `${path(story)}?raw=true&includeHistory=true`);
    await sameForBoth('GET', (story) => `/api/v1/assets/${story}`);
    await sameForBoth('GET', (story) => `${path(story)}/usage`);
  });

  it('checks and refuses a publish without describing a hidden reference', async () => {
    const check = await sameForBoth('GET', (story) => `${path(story)}/publish-check`);
    expect(check.json().items.map((item: { id: string }) => item.id)).toEqual([withHidden]);
    expect(check.json().errorItems.map((item: { id: string }) => item.id)).toEqual([withHidden]);
    const refused = await sameForBoth('POST', (story) => `${path(story)}/publish`, () => ({}));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('not-ready-to-publish');
  });

  it('publishes a story with hidden references as one with missing references, leaving the hidden ones alone', async () => {
    await sameForBoth('PUT', (story) => path(story), (_story, refs) => ({ content: storyContent(refs, true) }));
    const check = await sameForBoth('GET', (story) => `${path(story)}/publish-check`);
    expect(check.json()).toMatchObject({ readyToPublish: true, errorItems: [], items: [{ id: withHidden }] });
    const published = await sameForBoth('POST', (story) => `${path(story)}/publish`, () => ({}));
    expect(published.statusCode, published.body).toBe(200);
    for (const id of [hidden.embedded, hidden.linked]) {
      expect((await call(WRC_ADMIN, 'GET', path(id))).json()._meta.status).toBe('draft');
    }
  });

  it('answers bulk get, usage and the list by id for a hidden asset as for a missing one', async () => {
    const bulk = await sameForBoth('POST', () => '/api/v1/assets/localizations/bulk-get', (_story, refs) => ({
      assetLocalizationIdentifiers: [
        { id: refs.embedded, localization: 'en' },
        { id: refs.linked, localization: 'en' },
        { id: refs.tag, localization: 'en' },
      ],
    }));
    expect(bulk.json().data.map((entry: { status: number }) => entry.status)).toEqual([404, 404, 404]);
    await sameForBoth('GET', (_story, refs) => `${path(refs.embedded)}/usage`);
    await sameForBoth('GET', (_story, refs) => `${path(refs.tag)}/usage`);
    const listed = await sameForBoth('GET', (_story, refs) => `/api/v1/assets?tagging=${refs.tag}`);
    expect(listed.json()._embedded.item.map((item: { id: string }) => item.id)).toEqual([withHidden]);
    // The tag bucket of the hidden tag is labelled by its id, as the missing one is.
    const bucket = listed.json().facets.find((facet: { name: string }) => facet.name === 'tagging').buckets.find((entry: { name: string }) => entry.name === hidden.tag);
    expect(bucket).toMatchObject({ name: hidden.tag, label: hidden.tag });
    await sameForBoth('GET', (_story, refs) => `/api/v1/assets?authorshipId=${refs.embedded}`);
  });

  it('previews a hidden embedded asset as an unavailable one, in the call and the rendered documents', async () => {
    const previews = await Promise.all(
      [
        [withHidden, hidden],
        [withMissing, missing],
      ].map(async ([story, refs]) => {
        const response = await call(EDITOR, 'POST', `${path(story as string)}/preview?validate=true`, { content: storyContent(refs as typeof hidden, true), id: story, stencil: 'story' });
        expect(response.statusCode, response.body).toBe(201);
        const token = response.json().token as string;
        return { token, body: response.body.replaceAll(token, 'TOKEN') };
      }),
    );
    expect(previews[0]!.body).toBe(previews[1]!.body);
    for (const document of ['page', 'feature-card']) {
      const [seen, unseen] = await Promise.all(previews.map(({ token }) => call(undefined, 'GET', `/preview/${token}/${document}?format=desktop&skipTracking=true`)));
      expect(seen!.statusCode).toBe(200);
      expect(seen!.body).not.toContain(SECRET);
      expect(normalised(seen!.body, names())).toBe(normalised(unseen!.body, names()));
    }
    const page = await call(undefined, 'GET', `/preview/${previews[0]!.token}/page`);
    expect(page.body).toContain('This content is not available.');
  });

  it('answers every call on a hidden version 404 with the body of an unknown id', async () => {
    const hiddenId = hidden.embedded;
    const unknownId = crypto.randomUUID();
    const slug = `/api/crepo/urislug-registry/uriSlugs/wrc:en-INT:rally-${dialect}/relationships/claimingResource`;
    const calls: Array<[Method, (id: string) => string, ((id: string) => object)?]> = [
      ['GET', (id) => path(id)],
      ['PUT', (id) => path(id), () => ({ content: { title: { value: 'Taken over' } } })],
      ['PATCH', (id) => path(id), () => ({ content: { title: { value: 'Taken over' } } })],
      ['DELETE', (id) => path(id)],
      ['POST', (id) => path(id, 'de'), () => ({ reference: 'en' })],
      ['GET', (id) => `/api/v1/assets/${id}`],
      ['GET', (id) => `/api/v1/assets/${id}/localization?localization=en`],
      ['GET', (id) => `/api/v1/assets/${id}/image-url`],
      ['GET', (id) => `${path(id)}/usage`],
      ['PUT', (id) => `${path(id)}/bookmark`],
      ['DELETE', (id) => `${path(id)}/bookmark`],
      ['PATCH', (id) => `${path(id)}/actions/ship`, () => ({ propertiesToShip: ['title'] })],
      ['PATCH', (id) => `/api/v1/assets/${id}/actions/bulk-ship`, () => ({ sourceLocale: 'en', localesToShip: ['de'], propertiesToShip: ['title'] })],
      ['POST', (id) => `/api/v1/assets/${id}/actions/bulk-patch`, () => ({ locales: ['en'], content: { title: { value: 'Taken over' } } })],
      ['PUT', (id) => `/api/v1/assets/${id}/spaces`, () => ({ spaces: ['rbcom'] })],
      ['POST', (id) => `/api/v1/assets/${id}/embargo`, () => ({ startDate: null, endDate: null })],
      ['GET', (id) => `${path(id)}/publish-check`],
      ['POST', (id) => `${path(id)}/publish`, () => ({})],
      ['POST', (id) => `${path(id)}/depublish`],
      ['POST', (id) => `${path(id)}/preview`, (id) => ({ content: { title: { value: 'Peek' } }, id, stencil: 'story' })],
      ['GET', (id) => `/api/crepo/lifecycles/${id}?localization=en`],
      ['GET', (id) => `${path(id)}/ai-translations/available-ai-translations`],
      ['POST', (id) => `${path(id, 'de')}/ai-translations?reference=en`],
      ['PATCH', () => slug, (id) => ({ data: { id, spaces: ['wrc'], type: 'story' } })],
    ];
    for (const [method, url, payload] of calls) {
      const [seen, unseen] = await Promise.all([hiddenId, unknownId].map((id) => call(EDITOR, method, url(id), payload?.(id))));
      const what = `${method} ${url('{id}')}`;
      expect(seen!.statusCode, `${what}: ${seen!.body}`).toBe(unseen!.statusCode);
      expect(seen!.body.replaceAll(hiddenId, '{id}'), what).toBe(unseen!.body.replaceAll(unknownId, '{id}'));
      expect(seen!.body, what).not.toContain(SECRET);
    }
    const get = await call(EDITOR, 'GET', path(hiddenId));
    expect(get.json()).toEqual({ status: 404, code: 'not-found', messages: [`No asset ${hiddenId} in locale en.`] });
    // Nothing was written by any of them.
    const stored = await call(WRC_ADMIN, 'GET', path(hiddenId));
    expect(stored.json()._meta).toMatchObject({ title: SECRET, version: 1, status: 'draft' });
  });

  it('still answers 403 to a write by a user who may read the version but not edit it', async () => {
    const refused = await call(CURATOR, 'PUT', path(withHidden), { content: { title: { value: 'Curated' } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
  });
});
