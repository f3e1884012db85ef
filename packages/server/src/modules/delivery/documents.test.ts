import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '../../config.ts';
import crypto from 'node:crypto';
import { deliveryListResponseSchema } from '@editor/domain';
import { DIALECTS, insertTaxonomyAsset, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildKey, buildPublishedStory, deliver, depublish, publish, save, storyContent } from './deliveryFactories.ts';

const item = (id: string) => `/delivery/v1/assets/${id}/localizations/en`;
const embed = (id: string) => ({ type: 'embedded-content', value: { id, stencil: 'story' } });
const discipline = (id: string) => [{ id, stencil: 'discipline' }];

/** Waits until the background maker has made every queued document. */
async function documentsMade(t: TestApp): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM delivery_document_queue`.execute(t.database.db);
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the ready documents were not made within 10 s');
}

describe.each(DIALECTS)('ready delivery documents (%s)', (dialect) => {
  let t: TestApp;
  let all: Awaited<ReturnType<typeof buildKey>>;
  let narrow: Awaited<ReturnType<typeof buildKey>>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DELIVERY_CACHE_MS: '0' });
    all = await buildKey(t, { spaces: DEFAULT_SPACES, locales: DEFAULT_LOCALES });
    narrow = await buildKey(t, { spaces: ['rbcom'], locales: ['en'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const answersOf = async (urls: readonly string[], key: typeof all) =>
    Promise.all(
      urls.map(async (url) => {
        const response = await deliver(t, url, key.headers);
        return { status: response.statusCode, body: response.body, etag: response.headers.etag, keys: response.headers['surrogate-key'] };
      }),
    );

  it('answers from a document exactly what it makes for the request, and never a document something changed since', async () => {
    const target = await buildPublishedStory(t, { title: 'Target story', space: 'global' });
    const linked = await buildPublishedStory(t, { title: 'Showing story', extra: { 'story-content': [embed(target), { type: 'text', value: `<p>See <a href="/api/v1/assets/${target}">it</a>.</p>` }] } });
    const urls = [item(target), item(linked), '/delivery/v1/assets?locale=en&limit=50', '/delivery/v1/assets?locale=en&limit=50&fields=title,story-content', `${item(linked)}?fields=title`];
    await documentsMade(t);
    // A version that shows or links to another asset gets its ready document too (migration 039's change stamps).
    const made = await sql<{ asset_id: string }>`SELECT asset_id FROM delivery_document WHERE asset_id IN (${target}, ${linked}) ORDER BY asset_id`.execute(t.database.db);
    expect(made.rows.map((row) => row.asset_id)).toEqual([target, linked].toSorted());

    const fromDocuments = await answersOf(urls, all);
    const narrowFromDocuments = await answersOf(urls, narrow);
    expect(fromDocuments.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(fromDocuments[1]?.body).toContain(`/delivery/v1/assets/${target}/localizations/en`);
    // Made for each request instead: documents of another fingerprint are never read.
    await sql`UPDATE delivery_document SET fingerprint = ${'another'}`.execute(t.database.db);
    expect(await answersOf(urls, all)).toEqual(fromDocuments);
    expect(await answersOf(urls, narrow)).toEqual(narrowFromDocuments);
    // The narrow key reads no `global` space: the target is not shown to it.
    expect(narrowFromDocuments[1]?.body).not.toContain(target);

    await sql`DELETE FROM delivery_document`.execute(t.database.db);
    await publish(t, linked);
    await documentsMade(t);
    await depublish(t, target);
    // The unpublish dropped the showing story's document in its own transaction: the read makes the answer anew.
    const after = await answersOf([item(linked)], all);
    expect(after[0]?.status).toBe(200);
    expect(after[0]?.body).not.toContain(target);
    await documentsMade(t);
    expect(await answersOf([item(linked)], all)).toEqual(after);
  });

  it('lists one locale by one tag or one stencil along their indexes, following each publish of the tags', async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [id, title] of [[first, 'Kayaking'], [second, 'Rafting']] as const) await insertTaxonomyAsset(t.database, { id, stencil: 'discipline', space: 'rbcom', title });
    const older = await buildPublishedStory(t, { title: 'B older story', extra: { disciplines: discipline(first) } });
    const newer = await buildPublishedStory(t, { title: 'A newer story', extra: { disciplines: [...discipline(first), ...discipline(second)] } });
    const idsOf = async (query: string) => {
      const response = await deliver(t, `/delivery/v1/assets?${query}`, all.headers);
      expect(response.statusCode, response.body).toBe(200);
      return deliveryListResponseSchema.parse(response.json())._embedded.item.map((entry) => entry.id);
    };
    expect(await idsOf(`locale=en&tag=${first}`)).toEqual([newer, older]);
    expect(await idsOf(`locale=en&tag=${first}&sort=title`)).toEqual([newer, older]);
    expect(await idsOf(`locale=en&tag=${second}`)).toEqual([newer]);
    expect(await idsOf(`locale=de&tag=${first}`)).toEqual([]);
    expect((await idsOf('locale=en&stencil=story&limit=100')).slice(0, 2)).toEqual([newer, older]);

    // A draft change moves nothing; its publish does.
    await save(t, older, storyContent('B older story', { disciplines: discipline(second) }));
    expect(await idsOf(`locale=en&tag=${second}`)).toEqual([newer]);
    await publish(t, older);
    expect(await idsOf(`locale=en&tag=${second}`)).toEqual([newer, older]);
    expect(await idsOf(`locale=en&tag=${first}`)).toEqual([newer]);
    await depublish(t, newer);
    expect(await idsOf(`locale=en&tag=${first}`)).toEqual([]);
    expect(await idsOf(`locale=en&tag=${second}&limit=1`)).toEqual([older]);
  });
});
