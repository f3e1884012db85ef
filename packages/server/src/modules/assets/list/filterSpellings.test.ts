import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEaql, type EaqlNode } from '@editor/domain';
import { DIALECTS, insertTaxonomyAsset, openTestDatabase, type TestDatabase } from '../../../../test/harness.ts';
import { searchTerms } from '../../../db/dialects/fullText.ts';
import { listEngineOf } from '../../../db/dialects/listEngines.ts';
import { splitFullText, splitWorded } from './eaqlSql.ts';
import { listQuerySchema } from './listQuery.ts';
import { listFrom, type ListScope } from './listRepository.ts';

const SPACES = ['rbcom', 'global'];
const eaql = (query: string): EaqlNode => {
  const parsed = parseEaql(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query;
};

/** The same list in its two spellings (issue "Lists and search under concurrent load", point 2). */
const SPELLINGS = {
  parameters: { query: { stencil: 'story', localization: 'en', publishstatus: 'published' }, q: 'title ~ summit' },
  eaql: { query: {}, q: 'title ~ summit AND stencil = story AND localization = en AND status = published' },
};

describe.each(DIALECTS)('filter parameters and EAQL, one compiled path (%s)', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  const scopeOf = (spelling: keyof typeof SPELLINGS): ListScope => ({
    query: listQuerySchema.parse({ ...SPELLINGS[spelling].query, q: SPELLINGS[spelling].q }),
    engine: listEngineOf(dialect),
    userId: 'reader',
    spaces: ['rbcom'],
    allSpaces: SPACES,
    advanced: eaql(SPELLINGS[spelling].q),
  });
  /** The statement of a page walked newest first, as the list runs it. */
  const pageOf = (scope: ListScope) => {
    const { query, recency } = listFrom(database.db, scope, { route: 'newest' });
    return query.select(['l.asset_id', 'l.locale']).orderBy(recency, 'desc').orderBy('l.asset_id').limit(13);
  };
  const planOf = async (scope: ListScope) => {
    const compiled = pageOf(scope).compile();
    const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN (COSTS OFF)';
    const plan = await database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
    return plan.rows.map((row) => (dialect === 'sqlite' ? String(row.detail) : String(row['QUERY PLAN']))).join('\n');
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filter-spellings-'));
    database = await openTestDatabase(dialect, dir);
    const versions = [
      ['story', 'en', 'rbcom', 'Summit at dawn'],
      ['story', 'de', 'rbcom', 'Summit im Morgengrauen'],
      ['video', 'en', 'rbcom', 'Summit film'],
      ['story', 'en', 'global', 'Summit elsewhere'],
      ['story', 'en', 'rbcom', 'Harbour nights'],
      ['story', 'en', 'rbcom', 'The last summit push'],
    ] as const;
    for (const [stencil, locale, space, title] of versions) await insertTaxonomyAsset(database, { id: crypto.randomUUID(), stencil, locale, space, title });
  });

  afterAll(async () => {
    await database?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compiles both spellings to the same statement, read along the same plan, with the same rows', async () => {
    const [parameters, advanced] = [pageOf(scopeOf('parameters')).compile(), pageOf(scopeOf('eaql')).compile()];
    expect(parameters.sql).toBe(advanced.sql);
    expect(parameters.parameters).toEqual(advanced.parameters);
    const plan = await planOf(scopeOf('parameters'));
    expect(plan.length).toBeGreaterThan(0);
    expect(plan).toBe(await planOf(scopeOf('eaql')));
    const rows = await pageOf(scopeOf('parameters')).execute();
    expect(rows).toHaveLength(2);
    expect(await pageOf(scopeOf('eaql')).execute()).toEqual(rows);
  });

  it('leaves a filter parameter out of its own facet\'s counted set, and only that one', async () => {
    const scope = scopeOf('parameters');
    const withoutStencil = { ...scopeOf('eaql'), advanced: eaql('title ~ summit AND localization = en AND status = published') };
    const counted = (of: ListScope, except?: 'stencil') => listFrom(database.db, of, { except, route: 'newest' }).query.select(['l.asset_id']).orderBy('l.asset_id').compile();
    expect(counted(scope, 'stencil').sql).toBe(counted(withoutStencil).sql);
    expect(counted(scope, 'stencil').parameters).toEqual(counted(withoutStencil).parameters);
    expect(await listFrom(database.db, scope, { except: 'stencil', route: 'newest' }).query.select(['l.asset_id']).execute()).toHaveLength(3);
  });

  it('compiles a search by words in both spellings to the same statement, its filters asked of the search index alike', async () => {
    const search = await listEngineOf(dialect).prepareSearch(database.db, searchTerms('summit'));
    const searchScopeOf = (query: Record<string, string>, q: string): ListScope => {
      const { rest: unsearched } = splitFullText(eaql(q));
      const { words, rest } = splitWorded(unsearched);
      return { query: listQuerySchema.parse({ ...query, q }), engine: listEngineOf(dialect), userId: 'reader', spaces: ['rbcom'], allSpaces: SPACES, search, advanced: rest, advancedWords: words };
    };
    const parameters = searchScopeOf({ stencil: 'story', localization: 'en' }, 'fulltext ~ summit');
    const advanced = searchScopeOf({}, 'fulltext ~ summit AND stencil = story AND localization = en');
    for (const route of dialect === 'sqlite' ? (['newest', 'byMatches', 'bySearch'] as const) : (['newest', 'bySearch'] as const)) {
      const statementOf = (scope: ListScope) => listFrom(database.db, scope, { route }).query.select(['l.asset_id', 'l.locale']).compile();
      expect(statementOf(parameters).sql, route).toBe(statementOf(advanced).sql);
      expect(statementOf(parameters).parameters, route).toEqual(statementOf(advanced).parameters);
      const found = await listFrom(database.db, parameters, { route }).query.select(['l.asset_id']).execute();
      expect(found, route).toHaveLength(2);
    }
  });
});
