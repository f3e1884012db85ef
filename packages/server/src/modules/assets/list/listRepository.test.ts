import { describe, expect, it } from 'vitest';
import { postgresListEngine } from '../../../db/dialects/postgresListEngine.ts';
import { sqliteListEngine } from '../../../db/dialects/sqliteListEngine.ts';
import { filterWordsOf, keepsEveryVersion, withoutWordedFilters, type ListScope } from './listRepository.ts';
import { listQuerySchema } from './listQuery.ts';

const SPACES = ['global', 'rbcom'];
const scopeOf = (query: Record<string, string>, spaces: readonly string[] = SPACES, advanced?: ListScope['advanced']): ListScope => ({
  query: listQuerySchema.parse(query),
  engine: sqliteListEngine,
  userId: 'u1',
  spaces,
  allSpaces: SPACES,
  advanced,
});

describe('keepsEveryVersion', () => {
  it.each([
    ['no filter, a reader of every space', scopeOf({}), undefined, true],
    ['a search text alone (the search is no condition of the list)', scopeOf({ q: 'cliff diving' }), undefined, true],
    ['a stencil filter', scopeOf({ stencil: 'story' }), undefined, false],
    ['a stencil filter, counted for its own facet', scopeOf({ stencil: 'story' }), 'stencil', true],
    ['a stencil filter, counted for another facet', scopeOf({ stencil: 'story' }), 'localization', false],
    ['a reader of some spaces', scopeOf({}, ['global']), undefined, false],
    ['bookmarks', scopeOf({ bookmarked: 'true' }), undefined, false],
    ['a created-date range', scopeOf({ createdDateFrom: '2026-01-01', createdDateTo: '2026-01-31' }), undefined, false],
    ['one created date (applied only with both)', scopeOf({ createdDateFrom: '2026-01-01' }), undefined, true],
    ['an advanced query', scopeOf({}, SPACES, { kind: 'compare', property: { name: '_meta.version', type: 'long' }, operator: '>', value: 1 }), undefined, false],
  ] as const)('%s', (_, scope, except, expected) => {
    expect(keepsEveryVersion(scope, except)).toBe(expected);
  });
});

describe('an advanced query\'s worded filters', () => {
  const scope: ListScope = { ...scopeOf({ stencil: 'story,video' }), advancedWords: { stencil: ['story'], locale: [], status: ['draft', 'published'] } };

  it('are asked of the search index with the list\'s filters, and never left out of a facet\'s counts', () => {
    const postgres: ListScope = { ...scope, engine: postgresListEngine };
    expect(filterWordsOf(postgres)).toBe("('_sstory' | '_svideo') & ('_sstory') & ('_pdraft' | '_ppublished')");
    expect(filterWordsOf(postgres, 'stencil')).toBe("('_sstory') & ('_pdraft' | '_ppublished')");
    // SQLite: each value as the hex of its bytes, in the entries' own column.
    expect(filterWordsOf(scope)).toBe('{filters} : (s73746f7279 OR s766964656f) AND {filters} : (s73746f7279) AND {filters} : (p6472616674 OR p7075626c6973686564)');
    expect(filterWordsOf(scope, 'stencil')).toBe('{filters} : (s73746f7279) AND {filters} : (p6472616674 OR p7075626c6973686564)');
  });

  it('are conditions of the list too, which the estimate of what the other conditions keep leaves out', () => {
    expect(keepsEveryVersion(scope, 'stencil')).toBe(false);
    expect(keepsEveryVersion(withoutWordedFilters(scope))).toBe(true);
  });
});
