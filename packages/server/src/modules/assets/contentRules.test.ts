import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_LENGTH_CAP, TEXT_LENGTH_CAP, childInputs, isExternalUrlInput, publishCheckResponseSchema, type InputDefinition } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';

const INVALID_URL = 'Please enter a valid URL!';
const CHARACTERS = 'The number of characters is not in the allowed range.';
const PRIVATE_ADDRESSES = [
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1/',
  'http://[::1]/',
  'http://10.0.0.1/',
  'http://localhost/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f000001/',
];
const TITLE_MAX_LENGTH = 120;

const path = (id: string) => `/api/v1/assets/${id}/localizations/en`;
/** A publishable story whose promotion address and text link are `address`. */
const storyLinkingTo = (address: string, title = 'Ice climbing in Rjukan') => ({
  title: { value: title },
  'story-content': {
    value: [
      { type: 'text', value: `<p>Frozen waterfalls <a href="${address}" target="_blank" rel="noopener noreferrer nofollow">all winter</a>.</p>` },
      { type: 'cta-promotion', value: { 'cta-promotion-kind': 'e-reader-promotion', 'cta-promotion-url': address } },
    ],
  },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

/** Every call that stores or previews content, with `content` as its payload; each must refuse it alike. */
const writesOf = (id: string, content: Record<string, unknown>) =>
  [
    ['save', 'PUT', path(id), { content: { ...storyLinkingTo('https://example.com/'), ...content } }],
    ['patch', 'PATCH', path(id), { content }],
    ['preview', 'POST', `${path(id)}/preview`, { content: { ...storyLinkingTo('https://example.com/'), ...content } }],
    ['bulk patch', 'POST', `/api/v1/assets/${id}/actions/bulk-patch`, { locales: ['en'], content, publish: false }],
    ['create', 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: 'Refused' }, ...content } }],
  ] as const;

const CLIMBING = '../../etc/passwd';
const notAnId = (where: string, id = CLIMBING) => `${where}: ${JSON.stringify(id)} is not an id: an id is no path: no leading, trailing or doubled "/" and no "." or ".." parts`;
const media = (provider: string, referenceId = CLIMBING) => ({ provider, referenceId });
const hero = (referenceId: string) => ({ 'hero-image': { value: media('cloudinary', referenceId) } });
const locatedAt = (altitude: number) => ({ geolocation: { value: { latitude: 47.8, longitude: 13.04, altitude } } });
const ctaLink = (address: string) => ({ 'story-content': { value: [{ type: 'cta-link', value: { 'cta-label': 'Buy', 'cta-url': ['custom', address] } }] } });
const ctaPromotion = (address: string) => ({ 'story-content': { value: [{ type: 'cta-promotion', value: { 'cta-promotion-kind': 'e-reader-promotion', 'cta-promotion-url': address } }] } });
const runsCode = (where: string, scheme: string) => `${where}: a "${scheme}:" address runs code where it is opened and is never stored; enter an http:// or https:// address`;

describe.each(DIALECTS)('content rules on the server (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object | string) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(EDITOR)), 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload }) });
  const createStory = async (content: object) => {
    const response = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const stored = (id: string) =>
    t.database.db.selectFrom('asset_localization').select(['version', 'title', 'content', 'error_count']).where('asset_id', '=', id).where('locale', '=', 'en').executeTakeFirstOrThrow();
  const checkErrors = async (id: string) => {
    const response = await call('GET', `${path(id)}/publish-check`);
    expect(response.statusCode, response.body).toBe(200);
    const check = publishCheckResponseSchema.parse(response.json());
    return check.errorItems.flatMap((item) => item.errorMessages);
  };

  describe('external URLs (spec 000 §5)', () => {
    it.each(PRIVATE_ADDRESSES)('saves %s in a URL input and a text link as rule errors, which the publish check and publishing refuse', async (address) => {
      const id = await createStory(storyLinkingTo('https://www.redbull.com/int-en/'));
      expect((await stored(id)).error_count).toBe(0);

      const saved = await call('PUT', path(id), { content: storyLinkingTo(address) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await stored(id)).error_count).toBe(2);
      expect(await checkErrors(id)).toEqual([
        { path: 'story-content.0.text', message: INVALID_URL },
        { path: 'story-content.1.cta-promotion.cta-promotion-url', message: INVALID_URL },
      ]);
      const published = await call('POST', `${path(id)}/publish`, { publishSchedule: {} });
      expect(published.statusCode, published.body).toBe(409);
      expect(published.json()).toMatchObject({ code: 'not-ready-to-publish' });
      expect(published.json().messages).toEqual([
        `Ice climbing in Rjukan (en) story-content.0.text: ${INVALID_URL}`,
        `Ice climbing in Rjukan (en) story-content.1.cta-promotion.cta-promotion-url: ${INVALID_URL}`,
      ]);
      expect((await call('GET', path(id))).json()._meta.status).toBe('draft');
    });

    it('publishes the same story with public addresses', async () => {
      const id = await createStory(storyLinkingTo('https://www.redbull.com/int-en/energydrink?from=story&x=1'));
      expect(await checkErrors(id)).toEqual([]);
      const published = await call('POST', `${path(id)}/publish`, { publishSchedule: {} });
      expect(published.statusCode, published.body).toBe(200);
    });

    it('reports a patched link the same way', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const patched = await call('PATCH', path(id), { content: { 'story-content': { value: [{ type: 'text', value: '<p><A HREF=http&#58;//169.254.169.254/>metadata</A></p>' }] } } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(await checkErrors(id)).toEqual([{ path: 'story-content.0.text', message: INVALID_URL }]);
    });
  });

  describe('text sizes', () => {
    it('refuses a 9 MB title before reading it and changes nothing', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const before = await stored(id);
      const response = await call('PUT', path(id), { content: { ...storyLinkingTo('https://example.com/'), title: { value: 'a'.repeat(9 * 1024 * 1024) } } });
      // Larger than any request body the server reads, so it is refused before it is parsed.
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status: 413 });
      expect(await stored(id)).toEqual(before);
    });

    it('refuses a title over its cap with 400 naming the input, and changes nothing', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const before = await stored(id);
      const title = 'a'.repeat(TEXT_LENGTH_CAP + 1);
      for (const [method, payload] of [['PUT', { content: { ...storyLinkingTo('https://example.com/'), title: { value: title } } }], ['PATCH', { content: { title: { value: title } } }]] as const) {
        const response = await call(method, path(id), payload);
        expect(response.statusCode, method).toBe(400);
        expect(response.json().messages).toEqual([`title: expected at most ${TEXT_LENGTH_CAP} characters, got ${TEXT_LENGTH_CAP + 1}`]);
      }
      const created = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: title } } });
      expect(created.statusCode).toBe(400);
      expect(await stored(id)).toEqual(before);
    });

    it('refuses rich text over its cap with 400 naming the input, and changes nothing', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const before = await stored(id);
      const text = `<p>${'a'.repeat(RICH_TEXT_LENGTH_CAP - 6)}</p>`;
      const response = await call('PATCH', path(id), { content: { 'story-content': { value: [{ type: 'text', value: text }] } } });
      expect(response.statusCode).toBe(400);
      expect(response.json().messages).toEqual([`story-content.0.text: expected at most ${RICH_TEXT_LENGTH_CAP} characters, got ${RICH_TEXT_LENGTH_CAP + 1}`]);
      expect(await stored(id)).toEqual(before);
    });

    it('keeps a title at exactly its maxLength without errors, and one over it as a rule error that blocks publishing', async () => {
      const exact = 'é'.repeat(TITLE_MAX_LENGTH);
      const id = await createStory(storyLinkingTo('https://example.com/', exact));
      expect(await stored(id)).toMatchObject({ title: exact, error_count: 0 });
      expect(await checkErrors(id)).toEqual([]);

      const longer = await call('PATCH', path(id), { content: { title: { value: `${exact}x` } } });
      expect(longer.statusCode, longer.body).toBe(200);
      expect((await stored(id)).error_count).toBe(1);
      expect(await checkErrors(id)).toEqual([{ path: 'title', message: CHARACTERS }]);
      expect((await call('POST', `${path(id)}/publish`, { publishSchedule: {} })).statusCode).toBe(409);
    });
  });

  const assetCount = async () => Number((await t.database.db.selectFrom('asset').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);
  const previewCount = async () => Number((await t.database.db.selectFrom('preview').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

  /** Sends `content` through every write; each answers 400 with `message` and nothing is stored. */
  const expectRefusedEverywhere = async (content: Record<string, unknown>, message: string) => {
    const id = await createStory(storyLinkingTo('https://example.com/'));
    const before = { version: await stored(id), assets: await assetCount(), previews: await previewCount() };
    for (const [name, method, url, payload] of writesOf(id, content)) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().messages, name).toEqual([message]);
    }
    expect({ version: await stored(id), assets: await assetCount(), previews: await previewCount() }).toEqual(before);
  };

  describe('the ids media values and references name (spec 000 §3, 002 §3)', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a hero image', { 'hero-image': { value: media('cloudinary') } }, notAnId('hero-image.referenceId')],
      ['an image element', { 'story-content': { value: [{ type: 'image', value: media('cloudinary') }] } }, notAnId('story-content.0.image.referenceId')],
      ['a video element', { 'story-content': { value: [{ type: 'video', value: media('rbmn-video') }] } }, notAnId('story-content.0.video.referenceId')],
      ['an audio element', { 'story-content': { value: [{ type: 'audio', value: media('rbmn-audio', '/etc/passwd') }] } }, notAnId('story-content.0.audio.referenceId', '/etc/passwd')],
      ['an embed', { 'story-content': { value: [{ type: 'service-embed', value: media('giphy', 'a/../../b') }] } }, notAnId('story-content.0.service-embed.referenceId', 'a/../../b')],
      ['a gallery element', { 'story-content': { value: [{ type: 'image-gallery', value: { id: CLIMBING, stencil: 'image-gallery' } }] } }, notAnId('story-content.0.image-gallery.id')],
      [
        'an image of a couple',
        { 'story-content': { value: [{ type: 'couple', value: { 'couple-left-image': media('cloudinary', 'left-1'), 'couple-right-image': media('cloudinary') } }] } },
        notAnId('story-content.0.couple.couple-right-image.referenceId'),
      ],
      ['a tag', { tags: { value: [{ id: CLIMBING, stencil: 'tag' }] } }, notAnId('tags.0.id')],
    ])('refuses the id of %s with 400 naming it, and stores nothing', async (_name, content, message) => {
      await expectRefusedEverywhere(content, message);
    });

    it('refuses an encoded climbing id and a backslash path as well', async () => {
      await expectRefusedEverywhere(hero('%2e%2e%2fetc%2fpasswd'), `hero-image.referenceId: "%2e%2e%2fetc%2fpasswd" is not an id: an id has no encoded ".", "/" or "\\"`);
      await expectRefusedEverywhere(hero('..\\..\\etc\\passwd'), 'hero-image.referenceId: "..\\\\..\\\\etc\\\\passwd" is not an id: an id has no backslashes');
    });

    it('keeps the ids of images, archive media, embeds and galleries', async () => {
      const gallery = await createStory(storyLinkingTo('https://example.com/'));
      const content = {
        'hero-image': { value: media('cloudinary', 'mostar-bridge-3f9a1c') },
        'story-content': {
          value: [
            { type: 'video', value: media('rbmn-video', '7c1f3a52-0001-4b8e-9a10-5d0a1e000006') },
            { type: 'service-embed', value: media('facebook', 'redbull/posts/10161234567') },
            { type: 'image-gallery', value: { id: gallery, stencil: 'image-gallery' } },
          ],
        },
      };
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const saved = await call('PATCH', path(id), { content });
      expect(saved.statusCode, saved.body).toBe(200);
    });
  });

  describe('geodata altitude', () => {
    it.each([100_000, -20_000, 9_000.5])('refuses an altitude of %s m with 400, and stores nothing', async (altitude) => {
      await expectRefusedEverywhere(locatedAt(altitude), `geolocation: altitude is between -11000 and 9000 metres, got ${altitude}`);
    });

    it('keeps the altitude of a summit and of the Dead Sea shore', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      for (const altitude of [8848.86, -430.5]) {
        const saved = await call('PATCH', path(id), { content: locatedAt(altitude) });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(JSON.parse((await stored(id)).content).geolocation.value.altitude).toBe(altitude);
      }
    });
  });

  describe("a call to action's address", () => {
    it.each([
      ['javascript:alert(document.cookie)', 'javascript'],
      ['  JaVaScRiPt:alert(1)', 'javascript'],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
      ['vbscript:msgbox(1)', 'vbscript'],
    ])('refuses %j with 400 in a link and a promotion, and stores nothing', async (address, scheme) => {
      await expectRefusedEverywhere(ctaLink(address), runsCode('story-content.0.cta-link.cta-url.1', scheme));
      await expectRefusedEverywhere(ctaPromotion(address), runsCode('story-content.0.cta-promotion.cta-promotion-url', scheme));
    });

    it('draws an http(s) address as a link in the preview', async () => {
      const id = await createStory(storyLinkingTo('https://example.com/'));
      const response = await call('POST', `${path(id)}/preview`, { content: { ...storyLinkingTo('https://example.com/'), ...ctaLink('https://shop.example.com/cans') } });
      expect(response.statusCode, response.body).toBe(201);
      const page = await t.app.inject({ method: 'GET', url: response.json().links.page });
      expect(page.body).toContain('<a class="cta-button" href="https://shop.example.com/cans">Buy</a>');
    });
  });
});

const allInputs = (inputs: readonly InputDefinition[]): InputDefinition[] => inputs.flatMap((input) => [input, ...allInputs(childInputs(input))]);

describe('stencils', () => {
  it('mark every input that asks for an http(s) address as a URL input', () => {
    const stencils = loadStencils(STENCILS_DIR);
    const unmarked: string[] = [];
    const urlInputs: string[] = [];
    for (const stencil of stencils) {
      for (const input of allInputs(stencil.inputs)) {
        if (isExternalUrlInput(input)) urlInputs.push(`${stencil.name}.${input.name}`);
        else if (input.constraints?.pattern?.includes('https?://')) unmarked.push(`${stencil.name}.${input.name}`);
      }
    }
    expect(unmarked).toEqual([]);
    expect(urlInputs).toEqual(expect.arrayContaining(['external-content-resource.url', 'story.cta-url-href', 'onsite-promotion.link', 'podcast-show.feed-url']));
  });
});
