import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EAQL_PROPERTIES, assetListResponseSchema, type AssetListResponse } from '@editor/domain';
import { DIALECTS, EDITOR, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';

const WRITER: TestUser = {
  sub: 'writer',
  name: 'Wanda Writer',
  rights: { roles: ['content-manager', 'translator', 'rbtv-content-creator'], spaces: ['rbcom', 'global', 'rbtv'], localizations: ['en', 'de', 'fr'] },
};

describe.each(DIALECTS)('asset list (%s)', (dialect) => {
  let t: TestApp;
  const created: Array<{ id: string; locale: string; stencil: string; space: string; title: string }> = [];
  const disciplineId = 'd15c1b11-0000-4000-8000-00000000c11f';

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const list = async (query: string, user: TestUser = WRITER): Promise<AssetListResponse> => {
    const response = await call(user, 'GET', `/api/v1/assets${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return assetListResponseSchema.parse(response.json());
  };
  const create = async (input: { stencil: string; space: string; locale?: string; content: object; user?: TestUser }) => {
    const locale = input.locale ?? 'en';
    const response = await call(input.user ?? WRITER, 'POST', `/api/v1/assets/-/localizations/${locale}?space=${input.space}&container.stencil=${input.stencil}`, { content: input.content });
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json();
    created.push({ id: asset.id, locale, stencil: input.stencil, space: input.space, title: asset._meta.title });
    return asset.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await insertTaxonomyAsset(t.database, { id: disciplineId, stencil: 'discipline', space: 'global', title: 'Cliff Diving' });
    // 12 stories in rbcom (3 with the discipline), 4 videos in global, 2 films in rbtv (which EDITOR does not hold).
    for (let n = 1; n <= 12; n++) {
      await create({
        stencil: 'story',
        space: 'rbcom',
        content: {
          title: { value: n === 1 ? 'Cliff diving world series opens in Mostar' : `Mountain bike diary, stage ${n}` },
          teaser: { value: n === 2 ? 'The riders reach Mostar after nine days.' : 'A week in the saddle.' },
          ...(n <= 3 ? { disciplines: { value: [{ id: disciplineId, stencil: 'discipline' }] } } : {}),
        },
      });
    }
    for (let n = 1; n <= 4; n++) await create({ stencil: 'video', space: 'global', content: { title: { value: `Snowboard session ${n}` } } });
    for (let n = 1; n <= 2; n++) await create({ stencil: 'film', space: 'rbtv', content: { title: { value: `Documentary ${n}` } } });
    // Two stories get a German version; one is published, one unpublished (status set directly: publishing is its own call).
    for (const story of created.filter((c) => c.stencil === 'story').slice(0, 2)) {
      expect((await call(WRITER, 'POST', `/api/v1/assets/${story.id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    }
    const stories = created.filter((c) => c.stencil === 'story');
    await t.database.db.updateTable('asset_localization').set({ status: 'published', first_published_at: '2026-11-02T10:00:00.000Z', last_published_at: '2026-11-02T10:00:00.000Z' }).where('asset_id', '=', stories[3]!.id).execute();
    await t.database.db.updateTable('asset_localization').set({ status: 'unpublished' }).where('asset_id', '=', stories[4]!.id).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the versions in the user spaces, last edited first, 12 at a time', async () => {
    const page = await list('');
    // 1 discipline + 12 stories + 2 German stories + 4 videos + 2 films = 21 versions.
    expect(page.total).toBe(21);
    expect(page.size).toBe(12);
    expect(page.sortBy).toBe('lastEdited');
    const dates = page._embedded.item.map((item) => item._meta.updatedDate);
    expect(dates).toEqual(dates.toSorted().toReversed());
    expect(page._links.next?.href).toMatch(/^\/api\/v1\/assets\?next=/);
    const editorView = await list('', EDITOR);
    expect(editorView.total).toBe(19);
    expect(editorView._embedded.item.some((item) => item.stencil === 'film')).toBe(false);
  });

  it('pages with a cursor that returns every version exactly once', async () => {
    const seen: string[] = [];
    let href: string | undefined = '/api/v1/assets?limit=5';
    while (href) {
      const response = await call(WRITER, 'GET', href);
      const page = assetListResponseSchema.parse(response.json());
      seen.push(...page._embedded.item.map((item) => `${item.id}-${item.localization}`));
      expect(page.total).toBe(21);
      href = page._links.next?.href;
    }
    expect(seen).toHaveLength(21);
    expect(new Set(seen).size).toBe(21);
  });

  it('filters by stencil, locale, status, space and bookmark', async () => {
    expect((await list('?stencil=video,film')).total).toBe(6);
    expect((await list('?stencil=story&localization=de')).total).toBe(2);
    // The imported discipline is published too.
    expect((await list('?publishstatus=published')).total).toBe(2);
    expect((await list('?publishstatus=published,unpublished')).total).toBe(3);
    expect((await list('?space=global')).total).toBe(5);
    const story = created.find((c) => c.stencil === 'story')!;
    await call(WRITER, 'PUT', `/api/v1/assets/${story.id}/localizations/en/bookmark`);
    const favorites = await list('?bookmarked=true');
    expect(favorites._embedded.item.map((item) => item.id)).toEqual([story.id]);
    expect(favorites._embedded.item[0]?._embedded.about._meta.bookmarked).toBe(true);
  });

  it("shows on each card its asset's spaces in order, every locale with its status, and the user's bookmark of that version alone", async () => {
    const story = created.filter((c) => c.stencil === 'story')[1]!;
    await call(WRITER, 'PUT', `/api/v1/assets/${story.id}/localizations/de/bookmark`);
    await t.database.db.insertInto('asset_space').values({ asset_id: story.id, space: 'global' }).execute();
    try {
      const cardOf = async (locale: string) => (await list(`?stencil=story&localization=${locale}&limit=50`))._embedded.item.find((item) => item.id === story.id)!;
      const [german, english] = [await cardOf('de'), await cardOf('en')];
      for (const card of [german, english]) {
        expect(card._embedded.about._meta.spaces).toEqual(['global', 'rbcom']);
        expect(card._embedded.about._meta.localizations).toEqual([
          { localization: 'en', status: 'draft' },
          { localization: 'de', status: 'draft' },
        ]);
      }
      expect([german._embedded.about._meta.bookmarked, english._embedded.about._meta.bookmarked]).toEqual([true, false]);
      expect(german._meta).toMatchObject({ status: 'draft', createdBy: WRITER.name, errorCount: expect.any(Number) });
    } finally {
      await t.database.db.deleteFrom('asset_space').where('asset_id', '=', story.id).where('space', '=', 'global').execute();
      await call(WRITER, 'DELETE', `/api/v1/assets/${story.id}/localizations/de/bookmark`);
    }
  });

  it('filters by author, by tag and by the created-date range only when both dates are set', async () => {
    await call(EDITOR, 'PUT', `/api/v1/assets/${created.find((c) => c.stencil === 'video')!.id}/localizations/en`, { content: { title: { value: 'Snowboard session, edited' } } });
    const byEditor = await list('?author=Emma%20Editor');
    expect(byEditor._embedded.item.map((item) => item.title), JSON.stringify(byEditor._embedded.item.map((i) => [i.title, i.localization]))).toEqual(['Snowboard session, edited']);
    expect((await list(`?tagging=${disciplineId}`)).total).toBe(5);
    expect((await list('?createdDateFrom=2000-01-01')).total).toBe(21);
    expect((await list('?createdDateFrom=2000-01-01&createdDateTo=2000-12-31')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?createdDateFrom=${today}&createdDateTo=${today}`)).total).toBe(21);
    expect((await list('?publishDateFrom=2026-11-02&publishDateTo=2026-11-02')).total).toBe(1);
  });

  it('refuses a date filter naming a day that does not exist with 400', async () => {
    for (const query of ['createdDateFrom=2026-13-45', 'createdDateTo=2026-02-30', 'publishDateFrom=2026-04-31T10:00:00Z', 'publishDateTo=Feb%2030%202026', 'createdDateFrom=2026-02-29']) {
      const response = await call(WRITER, 'GET', `/api/v1/assets?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation' });
    }
    expect((await list('?createdDateFrom=2028-02-29&createdDateTo=2028-03-01T10:00:00%2B02:00')).total).toBe(0);
  });

  it('counts facet buckets under every filter but their own', async () => {
    const page = await list('?stencil=story');
    const facet = (name: string) => Object.fromEntries(page.facets.find((f) => f.name === name)!.buckets.map((b) => [b.name, b.count]));
    expect(facet('stencil')).toEqual({ story: 14, video: 4, film: 2, discipline: 1 });
    expect(facet('localization')).toEqual({ en: 12, de: 2 });
    expect(facet('publishstatus')).toEqual({ draft: 12, published: 1, unpublished: 1 });
    expect(facet('space')).toEqual({ rbcom: 14 });
    expect(page.facets.find((f) => f.name === 'stencil')?.buckets.find((b) => b.name === 'story')?.label).toBe('Story');
    expect(page.facets.find((f) => f.name === 'tagging')?.buckets).toEqual([{ name: disciplineId, label: 'Cliff Diving', count: 3 + 2 }]);
  });

  it('searches titles and text by word prefixes, most relevant first', async () => {
    const page = await list('?q=mostar');
    expect(page.sortBy).toBe('relevance');
    expect(page._embedded.item.map((item) => item.title)).toEqual(['Cliff diving world series opens in Mostar', 'Cliff diving world series opens in Mostar', 'Mountain bike diary, stage 2', 'Mountain bike diary, stage 2']);
    expect((await list('?q=cliff%20div&localization=en')).total).toBe(2);
    expect((await list('?q=%22%3B%20drop%20table')).total).toBe(0);
  });

  it('pages a search through its relevance tiers with the cursor', async () => {
    const first = await list('?q=mostar');
    // One a page stays in the title tier; three a page takes the first of the others on the first page.
    for (const limit of [1, 3]) {
      const seen: string[] = [];
      let href: string | undefined = `/api/v1/assets?q=mostar&limit=${limit}`;
      while (href) {
        const page = assetListResponseSchema.parse((await call(WRITER, 'GET', href)).json());
        expect(page.total).toBe(4);
        seen.push(...page._embedded.item.map((item) => `${item.id}-${item.localization}`));
        href = page._links.next?.href;
      }
      expect(seen).toEqual(first._embedded.item.map((item) => `${item.id}-${item.localization}`));
    }
    const german = await list('?q=mostar&localization=de');
    expect(german._embedded.item.map((item) => [item.title, item.localization])).toEqual([
      ['Cliff diving world series opens in Mostar', 'de'],
      ['Mountain bike diary, stage 2', 'de'],
    ]);
    const next = new URL((await list('?q=mostar&limit=1'))._links.next!.href, 'http://x').searchParams.get('next')!;
    const [payload = '', signature = ''] = next.split('.');
    const forged = Buffer.from(JSON.stringify(['relevance', 12, 'x', 'en', 4])).toString('base64url');
    // A made-up cursor, one with the signature of another, and an altered one (a larger total) are all refused.
    for (const tampered of [forged, `${forged}.${signature}`, `${Buffer.from(Buffer.from(payload, 'base64url').toString().replace(/,4\]$/, ',999999]')).toString('base64url')}.${signature}`]) {
      expect((await call(WRITER, 'GET', `/api/v1/assets?q=mostar&next=${tampered}`)).statusCode).toBe(400);
    }
    expect((await call(WRITER, 'GET', `/api/v1/assets?q=mostar&next=${next}`)).statusCode).toBe(200);
    // A link of this list does not fit another one.
    expect((await call(WRITER, 'GET', `/api/v1/assets?q=mostar&stencil=video&next=${next}`)).statusCode).toBe(400);
  });

  it('answers cards with what they need', async () => {
    const page = await list('?stencil=story&publishstatus=published');
    expect(page._embedded.item[0]).toMatchObject({ stencilLabel: 'Story', stencilIcon: expect.any(String), _meta: { status: 'published', errorCount: expect.any(Number) } });
    expect(page._embedded.item[0]?._links.self.methods).toContain('PUT');
  });

  it('refuses a broken or foreign page link with 400', async () => {
    expect((await call(WRITER, 'GET', '/api/v1/assets?next=garbage')).statusCode).toBe(400);
    const first = await list('?limit=2');
    const next = new URL(first._links.next!.href, 'http://x').searchParams.get('next')!;
    expect((await call(WRITER, 'GET', `/api/v1/assets?sortBy=lastCreated&next=${next}`)).statusCode).toBe(400);
    expect((await call(WRITER, 'GET', '/api/v1/assets?limit=1000')).statusCode).toBe(400);
  });

  it('searches users by name for the author filter', async () => {
    await list('', EDITOR);
    const response = await call(WRITER, 'GET', '/api/v1/users?q=emm');
    expect(response.json()._embedded.item).toEqual([{ id: 'editor', name: 'Emma Editor' }]);
  });

  const tagBuckets = async (user: TestUser) => (await list('?stencil=story', user)).facets.find((f) => f.name === 'tagging')!.buckets.map((b) => b.label);
  const eaql = async (query: string) => (await list(`?q=${encodeURIComponent(query)}`)).total;

  describe('advanced queries (EAQL)', () => {
    it('compiles comparisons, in, NOT, AND, OR and parentheses', async () => {
      expect(await eaql('stencil in (story, video)')).toBe(18);
      expect(await eaql('stencil = story AND localization = de')).toBe(2);
      expect(await eaql('NOT status = draft')).toBe(3);
      expect(await eaql('status != draft')).toBe(3);
      expect(await eaql('(stencil = video OR stencil = film) AND NOT spaces = rbtv')).toBe(4);
      expect(await eaql('spaces = global')).toBe(5);
      expect(await eaql('spaces != global')).toBe(16);
    });

    it('compares text, dates, booleans and content values', async () => {
      expect(await eaql('title ~ "SNOWBOARD"')).toBe(4);
      expect(await eaql('fulltext ~ mostar')).toBe(4);
      expect(await eaql('content.title = "Documentary 1"')).toBe(1);
      expect(await eaql('content.teaser exists')).toBe(14);
      expect(await eaql('_meta.createdDate >= 2000-01-01')).toBe(21);
      expect(await eaql('_meta.createdDate < 2000-01-01')).toBe(0);
      expect(await eaql('_meta.lastPublished = 2026-11-02')).toBe(1);
      expect(await eaql('_meta.published = true')).toBe(2);
      expect(await eaql('_meta.aiTranslationNeedsConfirmation = false')).toBe(21);
      expect(await eaql('_meta.version >= 1')).toBe(21);
    });

    it('answers a malformed query with 400 naming the position', async () => {
      const response = await call(WRITER, 'GET', `/api/v1/assets?q=${encodeURIComponent('stencil = story AND title ~')}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'eaql-syntax', position: expect.any(Number) });
      expect(response.json().messages[0]).toMatch(/position \d+/);
    });

    it('never fails with a server error, whatever the query', async () => {
      const property = fc.constantFrom(...Object.keys(EAQL_PROPERTIES), 'content.title', 'content.story-content', 'content.hero-image.width', 'colour');
      const operator = fc.constantFrom('=', '!=', '<', '<=', '>', '>=', '~', 'in', 'exists');
      const value = fc.oneof(
        fc.constantFrom('story', 'true', 'false', '2026-01-31', '2026-01-31T10:00:00Z', '42', '-1.5', '"quoted \\" text"', '(a, b)', '(story, video)', '%', "'"),
        fc.string({ maxLength: 6 }),
      );
      const condition = fc.tuple(property, operator, value).map(([p, o, v]) => (o === 'exists' ? `${p} exists` : o === 'in' ? `${p} in ${v.startsWith('(') ? v : `(${v})`}` : `${p} ${o} ${v}`));
      const query = fc.array(fc.tuple(fc.constantFrom('', 'NOT ', '('), condition, fc.constantFrom('', ')')), { minLength: 1, maxLength: 4 }).chain((parts) =>
        fc.constantFrom(' AND ', ' OR ').map((joiner) => parts.map(([prefix, cond, suffix]) => `${prefix}${cond}${suffix}`).join(joiner)),
      );
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const response = await call(WRITER, 'GET', `/api/v1/assets?q=${encodeURIComponent(q)}`);
          expect([200, 400], `${q} -> ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        }),
        { numRuns: 150 },
      );
    });
  });

  // Last: it adds an asset, which would change the counts above.
  it('hides restricted buckets from users without the role (spec 000 §6 facet restrictors)', async () => {
    const cartoons = 'ca270075-0000-4000-8000-00000000ca27';
    await insertTaxonomyAsset(t.database, { id: cartoons, stencil: 'content-category', space: 'global', title: 'Cartoons' });
    const story = created.find((c) => c.stencil === 'story' && c.locale === 'en')!;
    const current = await call(WRITER, 'GET', `/api/v1/assets/${story.id}/localizations/en?raw=true`);
    const content = Object.fromEntries(Object.entries(current.json().content as Record<string, unknown>).map(([name, value]) => [name, { value }]));
    const saved = await call(WRITER, 'PUT', `/api/v1/assets/${story.id}/localizations/en`, { content: { ...content, 'content-categories': { value: [{ id: cartoons, stencil: 'content-category' }] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await tagBuckets(WRITER)).not.toContain('Cartoons');
    const manager = { ...WRITER, sub: 'taxonomist', name: 'Tom Taxonomist', rights: { ...WRITER.rights, roles: [...WRITER.rights.roles, 'taxonomy-manager'] } };
    expect(await tagBuckets(manager)).toContain('Cartoons');
  });
});
