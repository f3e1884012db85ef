import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredAssetSchema, deliveredImageSchema, deliveredRichTextSchema, deliveryListResponseSchema, type DeliveredAsset } from '@editor/domain';
import { DIALECTS, EDITOR, insertTaxonomyAsset, startTestApp, type TestApp } from '../../../test/harness.ts';
import { schedulerOn } from '../../../test/schedulerInstance.ts';
import { RENDITION_WIDTHS } from './presenter.ts';
import { EMBARGO_MANAGER, buildKey, buildPublishedStory, buildStory, call, deliver, depublish, publish, save, storyContent } from './deliveryFactories.ts';

const HOUR = 3_600_000;
const item = (id: string, locale = 'en') => `/delivery/v1/assets/${id}/localizations/${locale}`;
const embed = (id: string) => ({ type: 'embedded-content', value: { id, stencil: 'story' } });
const discipline = (id: string) => [{ id, stencil: 'discipline' }];

describe.each(DIALECTS)('delivery API reads (%s)', (dialect) => {
  let t: TestApp;
  let key: Awaited<ReturnType<typeof buildKey>>;
  /** The delivery API's clock (epoch ms); the editor's calls and the publisher keep real time. */
  let now = Date.now();
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
    key = await buildKey(t, { spaces: ['rbcom'], locales: ['en', 'de'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, headers = key.headers) => deliver(t, url, headers);
  const getAsset = async (url: string): Promise<DeliveredAsset> => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return deliveredAssetSchema.strict().parse(response.json());
  };
  const listOf = async (query: string) => {
    const response = await get(`/delivery/v1/assets?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return deliveryListResponseSchema.strict().parse(response.json());
  };
  const idsOf = async (query: string) => (await listOf(query))._embedded.item.map((entry) => entry.id);

  it('answers a published story with its content, and 404 for a draft, an unpublished version and an unknown id alike', async () => {
    const published = await buildPublishedStory(t, { title: 'Ice climbing in Rjukan', extra: { teaser: 'Frozen waterfalls all winter.' } });
    const draft = await buildStory(t, { title: 'Not yet' });
    const unpublished = await buildPublishedStory(t, { title: 'Taken down' });
    await depublish(t, unpublished);

    const asset = await getAsset(item(published));
    expect(asset).toMatchObject({ id: published, locale: 'en', stencil: 'story', title: 'Ice climbing in Rjukan', spaces: ['rbcom'], uriSlugs: [], _links: { self: { href: item(published) } } });
    expect(asset.content.teaser).toBe('Frozen waterfalls all winter.');
    expect(asset.content.authorship).toEqual([{ type: 'author-name', value: 'Jane Doe' }]);
    const [paragraph] = asset.content['story-content'] as Array<{ type: string; value: unknown }>;
    expect(paragraph?.type).toBe('text');
    expect(deliveredRichTextSchema.parse(paragraph?.value)).toEqual({
      html: '<p>Ice climbing in Rjukan: the story.</p>',
      nodes: [{ type: 'element', tag: 'p', children: [{ type: 'text', text: 'Ice climbing in Rjukan: the story.' }] }],
    });

    const refusals = await Promise.all([item(draft), item(unpublished), item(crypto.randomUUID()), item(published, 'fr'), `${item(published)}x`].map((url) => get(url)));
    expect(refusals.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(refusals.slice(0, 4).map((response) => response.body)).size).toBe(1);
    expect(await idsOf('limit=100')).toContain(published);
    expect(await idsOf('limit=100')).not.toEqual(expect.arrayContaining([draft]));
    expect(await idsOf('limit=100')).not.toEqual(expect.arrayContaining([unpublished]));
  });

  it('delivers the published content, title and tags of a version until its draft change is published', async () => {
    const [before, after] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, title] of [[before, 'Bouldering'], [after, 'Canyoning']] as const) await insertTaxonomyAsset(t.database, { id, stencil: 'discipline', space: 'rbcom', title });
    const id = await buildPublishedStory(t, { title: 'Aaa published title', extra: { disciplines: discipline(before) } });
    await save(t, id, storyContent('Zzz draft title', { disciplines: discipline(after), teaser: 'A draft teaser' }));

    const asset = await getAsset(item(id));
    expect(asset.title).toBe('Aaa published title');
    expect(asset.content.teaser).toBeUndefined();
    expect(asset.content.disciplines).toEqual([expect.objectContaining({ id: before, title: 'Bouldering', stencil: 'discipline' })]);
    expect(await idsOf(`tag=${before}`)).toEqual([id]);
    expect(await idsOf(`tag=${after}`)).toEqual([]);

    await publish(t, id);
    expect((await getAsset(item(id))).title).toBe('Zzz draft title');
    expect(await idsOf(`tag=${after}`)).toEqual([id]);
    expect(await idsOf(`tag=${before}`)).toEqual([]);
  });

  it('resolves references one level deep, as summaries, and leaves out every reference and link to an asset that is not live', async () => {
    const deep = await buildPublishedStory(t, { title: 'Two levels down' });
    const target = await buildPublishedStory(t, { title: 'Referenced story', extra: { 'story-content': [{ type: 'text', value: '<p>Target.</p>' }, embed(deep)] } });
    const gone = await buildPublishedStory(t, { title: 'Gone again' });
    const never = await buildStory(t, { title: 'A draft only' });
    const text = `<p>See <a href="/api/v1/assets/${target}">the target</a>, <a href="/api/v1/assets/${never}">a draft</a> and <a href="https://example.com/x?a=1&amp;b=2">elsewhere</a>.</p>`;
    const id = await buildStory(t, { title: 'Referencing story', extra: { 'story-content': [{ type: 'text', value: text }, embed(target), embed(gone), embed(never)] } });
    // Publishing publishes the versions it references with it: these two are unpublished again at once.
    await publish(t, id);
    await depublish(t, gone);
    await depublish(t, never);

    const asset = await getAsset(item(id));
    const elements = asset.content['story-content'] as Array<{ type: string; value: unknown }>;
    expect(elements.map((element) => element.type)).toEqual(['text', 'embedded-content']);
    const embedded = deliveredAssetSchema.strict().parse(elements[1]?.value);
    expect(embedded).toMatchObject({ id: target, locale: 'en', title: 'Referenced story', _links: { self: { href: item(target) } } });
    // A reference comes as its summary: simple inputs, not its story content (with its own reference) or authorship.
    expect(embedded.content).toMatchObject({ title: 'Referenced story', standalone: true });
    expect(Object.keys(embedded.content)).not.toEqual(expect.arrayContaining(['story-content']));
    expect(Object.keys(embedded.content)).not.toEqual(expect.arrayContaining(['authorship']));
    expect(JSON.stringify(embedded)).not.toContain(deep);
    const richText = deliveredRichTextSchema.parse(elements[0]?.value);
    expect(richText.html).toBe(
      `<p>See <a href="${item(target)}" rel="noopener noreferrer">the target</a>, a draft and <a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer">elsewhere</a>.</p>`,
    );
    expect(richText.nodes[0]).toEqual({
      type: 'element',
      tag: 'p',
      children: [
        { type: 'text', text: 'See ' },
        { type: 'element', tag: 'a', href: item(target), assetId: target, children: [{ type: 'text', text: 'the target' }] },
        { type: 'text', text: ', a draft and ' },
        { type: 'element', tag: 'a', href: 'https://example.com/x?a=1&b=2', children: [{ type: 'text', text: 'elsewhere' }] },
        { type: 'text', text: '.' },
      ],
    });
    expect(JSON.stringify(asset)).not.toContain(never);
    expect(JSON.stringify(asset)).not.toContain(gone);
  });

  it('gives images of the image service their rendition URLs, by crop and width, from the service vocabulary', async () => {
    const image = { provider: 'cloudinary', referenceId: 'demo-summit', mediaType: 'image', width: 1600, height: 900, ratios: { '16x9': { p1: { x: 0, y: 0 }, p2: { x: 1600, y: 900 } }, '1x1': { p1: { x: 350, y: 0 }, p2: { x: 1250, y: 900 } } } };
    const id = await buildPublishedStory(t, { title: 'With a hero', extra: { 'hero-image': image } });
    const hero = deliveredImageSchema.parse((await getAsset(item(id))).content['hero-image']);
    expect(Object.keys(hero.renditions)).toEqual(['original', '16x9', '1x1']);
    const widthsOf = (crop: string) => Object.keys(hero.renditions[crop] ?? {}).map(Number);
    expect(widthsOf('original')).toEqual(RENDITION_WIDTHS.filter((width) => width <= 1600));
    expect(widthsOf('1x1')).toEqual(RENDITION_WIDTHS.filter((width) => width <= 900));
    expect(hero.renditions.original?.['400']).toBe('/media/image/upload/w_400,f_auto,q_auto/demo-summit');
    expect(hero.renditions['1x1']?.['400']).toBe('/media/image/upload/c_crop,x_350,y_0,w_900,h_900/w_400,f_auto,q_auto/demo-summit');
    expect(hero.ratios).toEqual(image.ratios);
  });

  it('keeps to the key: other spaces and locales are 404 and not listed', async () => {
    const elsewhere = await buildPublishedStory(t, { title: 'In global only', space: 'global' });
    const german = await buildPublishedStory(t, { title: 'Auf Deutsch', locale: 'de' });
    const french = await buildPublishedStory(t, { title: 'En français', locale: 'fr' });
    expect((await get(item(elsewhere))).statusCode).toBe(404);
    expect((await get(item(french, 'fr'))).statusCode).toBe(404);
    expect((await getAsset(item(german, 'de'))).title).toBe('Auf Deutsch');
    const all = await idsOf('limit=100');
    expect(all).toContain(german);
    expect(all).not.toContain(elsewhere);
    expect(all).not.toContain(french);
    expect(await idsOf('locale=fr')).toEqual([]);
    expect(await idsOf('space=global')).toEqual([]);
    expect(await idsOf('locale=de&limit=100')).toContain(german);
    expect(await idsOf('locale=en&limit=100')).not.toContain(german);
  });

  it('hides a version outside its asset embargo', async () => {
    const id = await buildPublishedStory(t, { title: 'Embargoed later', user: EDITOR });
    expect((await get(item(id))).statusCode).toBe(200);
    const embargo = (startDate: string | null, endDate: string | null) => call(t, EMBARGO_MANAGER, 'POST', `/api/v1/assets/${id}/embargo`, { startDate, endDate });
    expect((await embargo(new Date(now + HOUR).toISOString(), null)).statusCode).toBe(200);
    expect((await get(item(id))).statusCode).toBe(404);
    expect(await idsOf('limit=100')).not.toContain(id);
    expect((await embargo(null, new Date(now - HOUR).toISOString())).statusCode).toBe(200);
    expect((await get(item(id))).statusCode).toBe(404);
    expect((await embargo(new Date(now - HOUR).toISOString(), new Date(now + HOUR).toISOString())).statusCode).toBe(200);
    expect((await get(item(id))).statusCode).toBe(200);
  });

  it('shows a scheduled publish when the scheduler runs it, and hides a version from its unpublish date on', async () => {
    const start = Date.now() + 2 * HOUR;
    const scheduled = await buildStory(t, { title: 'Scheduled for later' });
    await publish(t, scheduled, { schedule: { startDate: new Date(start).toISOString() } });
    const ending = await buildPublishedStory(t, { title: 'Ends soon' });
    await publish(t, ending, { schedule: { endDate: new Date(start).toISOString() } });
    try {
      expect((await get(item(scheduled))).statusCode).toBe(404);
      expect((await get(item(ending))).statusCode).toBe(200);
      // Past the dates, before the scheduler has run: the publish is not there yet, the unpublish already is.
      now = start + HOUR;
      expect((await get(item(scheduled))).statusCode).toBe(404);
      expect((await get(item(ending))).statusCode).toBe(404);
      expect(await idsOf('limit=100')).not.toContain(ending);
      expect(await schedulerOn(t.database.db, dialect, { now: new Date(now) }).runOnce()).toBeGreaterThanOrEqual(2);
      expect((await getAsset(item(scheduled))).title).toBe('Scheduled for later');
      expect((await listOf('limit=1'))._embedded.item[0]?.id).toBe(scheduled);
      expect((await get(item(ending))).statusCode).toBe(404);
    } finally {
      now = Date.now();
    }
  });

  it('finds a live version by its URI slug in a space of the key, and nothing else', async () => {
    const uriTitle = `delivery-slug-${dialect}`;
    const id = await buildStory(t, { title: 'Found by slug', extra: { 'uri-title': uriTitle } });
    const slugId = `rbcom:en-INT:${uriTitle}`;
    const claim = await call(t, EDITOR, 'PATCH', `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`, { data: { id, spaces: ['rbcom'], type: 'story' } });
    expect(claim.statusCode, claim.body).toBe(200);
    expect((await get(`/delivery/v1/slugs/${slugId}`)).statusCode).toBe(404);
    await publish(t, id);
    const asset = await getAsset(`/delivery/v1/slugs/${slugId}`);
    expect(asset).toMatchObject({ id, title: 'Found by slug', uriSlugs: [slugId] });
    expect((await getAsset(`/delivery/v1/slugs/${encodeURIComponent(slugId)}`)).id).toBe(id);
    expect((await get(`/delivery/v1/slugs/rbcom:en-INT:${uriTitle}-nothing`)).statusCode).toBe(404);
    expect((await get('/delivery/v1/slugs/not-a-slug')).statusCode).toBe(400);
    const globalKey = await buildKey(t, { spaces: ['global'], locales: ['en'] });
    expect((await deliver(t, `/delivery/v1/slugs/${slugId}`, globalKey.headers)).statusCode).toBe(404);
  });

  it('lists newest first or by title, filtered, a page at a time through signed cursors, with only the fields asked for', async () => {
    const listKey = await buildKey(t, { spaces: ['rbcom', 'global'], locales: ['it'] });
    const titles = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo'];
    const ids: string[] = [];
    for (const [index, title] of titles.entries()) ids.push(await buildPublishedStory(t, { title, locale: 'it', space: index % 2 === 0 ? 'rbcom' : 'global', extra: { teaser: `Teaser ${title}` } }));
    const page = async (query: string) => {
      const response = await deliver(t, `/delivery/v1/assets?${query}`, listKey.headers);
      expect(response.statusCode, response.body).toBe(200);
      return deliveryListResponseSchema.strict().parse(response.json());
    };
    const walk = async (query: string) => {
      const seen: DeliveredAsset[] = [];
      let next: string | undefined = `/delivery/v1/assets?${query}`;
      while (next) {
        const response = await deliver(t, next, listKey.headers);
        expect(response.statusCode, response.body).toBe(200);
        const body = deliveryListResponseSchema.strict().parse(response.json());
        expect(body.size).toBe(body._embedded.item.length);
        seen.push(...body._embedded.item);
        next = body._links.next?.href;
      }
      return seen;
    };
    expect((await walk('limit=2')).map((entry) => entry.id)).toEqual(ids.toReversed());
    expect((await walk('sort=title&limit=2')).map((entry) => entry.title)).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect((await walk('space=global')).map((entry) => entry.title)).toEqual(['Bravo', 'alpha']);
    expect((await walk('stencil=video')).length).toBe(0);

    const first = await page('limit=2&fields=teaser');
    expect(first._embedded.item.map((entry) => entry.content)).toEqual([{ teaser: 'Teaser Echo' }, { teaser: 'Teaser Bravo' }]);
    expect(first._links.self.href).toBe('/delivery/v1/assets?sort=newest&limit=2&fields=teaser');
    expect(first._links.next?.href).toMatch(/^\/delivery\/v1\/assets\?sort=newest&limit=2&fields=teaser&cursor=/);
    expect((await page('limit=1&fields='))._embedded.item[0]?.content).toEqual({});

    const published = await t.database.db.selectFrom('asset_localization').select(['asset_id', 'first_published_at']).where('asset_id', 'in', ids).execute();
    const dates = published.map((row) => row.first_published_at ?? '').toSorted();
    expect((await walk(`publishedFrom=${dates[1]}&publishedTo=${dates[3]}`)).length).toBe(3);
    expect((await walk(`publishedFrom=${dates[4]?.slice(0, 10)}`)).length).toBeGreaterThanOrEqual(1);
    expect((await deliver(t, '/delivery/v1/assets?publishedFrom=2026-02-30', listKey.headers)).statusCode).toBe(400);
    expect((await deliver(t, '/delivery/v1/assets?fields=Not%20An%20Input', listKey.headers)).statusCode).toBe(400);
  });
});
