import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, parseEaql } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { listEngineOf } from '../../../db/dialects/listEngines.ts';
import { compileEaql } from './eaqlSql.ts';

const WRITER: TestUser = {
  sub: 'writer',
  name: 'Wanda Writer',
  rights: { roles: ['content-manager'], spaces: ['rbcom'], localizations: ['en', 'de'] },
};

describe.each(DIALECTS)('content sub-field conditions through the index of content values (%s)', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(WRITER)), ...headers }, ...(payload ? { payload } : {}) });
  const titlesOf = async (query: string) => {
    const response = await call('GET', `/api/v1/assets?q=${encodeURIComponent(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = assetListResponseSchema.parse(response.json());
    return { total: body.total, titles: body._embedded.item.map((asset) => asset.title).toSorted() };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const stories = [
      { title: 'Summit fever', series: 'wrc' },
      { title: 'Summit fever, the return', series: 'wrc' },
      { title: 'Harbour nights', series: 'erc' },
      { title: 'Desert rally', series: undefined },
    ];
    for (const story of stories) {
      const content = { title: { value: story.title }, ...(story.series ? { 'motorsport-series-id': { value: story.series } } : {}) };
      const response = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds exactly the versions that hold the value, alone, with other conditions, in a list, negated', async () => {
    expect(await titlesOf('content.title = "Summit fever"')).toEqual({ total: 1, titles: ['Summit fever'] });
    expect(await titlesOf('content.title = "summit fever"')).toEqual({ total: 0, titles: [] });
    expect(await titlesOf('content.motorsport-series-id = wrc AND status = draft')).toEqual({ total: 2, titles: ['Summit fever', 'Summit fever, the return'] });
    expect(await titlesOf('content.motorsport-series-id = wrc OR content.motorsport-series-id = erc')).toEqual({ total: 3, titles: ['Harbour nights', 'Summit fever', 'Summit fever, the return'] });
    expect(await titlesOf('NOT content.motorsport-series-id = wrc')).toEqual({ total: 2, titles: ['Desert rally', 'Harbour nights'] });
    expect(await titlesOf('content.motorsport-series-id = wrc OR content.title = "Desert rally"')).toEqual({ total: 3, titles: ['Desert rally', 'Summit fever', 'Summit fever, the return'] });
  });

  it('finds a saved value in the next list call, and no longer the value it replaced', async () => {
    const id = ids[2]!;
    const read = await call('GET', `/api/v1/assets/${id}/localizations/en`);
    const saved = await call('PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: 'Harbour days' }, 'motorsport-series-id': { value: 'erc' } } }, { 'if-match': read.headers.etag as string });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titlesOf('content.title = "Harbour nights"')).toEqual({ total: 0, titles: [] });
    expect(await titlesOf('content.title = "Harbour days"')).toEqual({ total: 1, titles: ['Harbour days'] });
  });

  it('reads the versions through the index, not every version', async () => {
    const parsed = parseEaql('content.title = "Summit fever"');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const condition = compileEaql(listEngineOf(dialect), parsed.query, 'writer');
    const query = sql`SELECT l.asset_id FROM asset_localization l WHERE ${condition}`;
    // PostgreSQL reads a table of a few rows whole whatever its indexes; priced out, it shows the plan of a large one.
    const plan =
      dialect === 'sqlite'
        ? (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(t.database.db)).rows.map((row) => row.detail).join('\n')
        : await t.database.db.transaction().execute(async (trx) => {
            await sql`SET LOCAL enable_seqscan = off`.execute(trx);
            return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)).rows.map((row) => row['QUERY PLAN']).join('\n');
          });
    expect(plan).toMatch(dialect === 'sqlite' ? /SEARCH v USING PRIMARY KEY \(path=\? AND value=\?\)/ : /asset_content_value/);
    // Every version read comes from the index: no scan of the versions table.
    expect(plan).not.toMatch(/SCAN l\b|Seq Scan on asset_localization/);
  });
});
