import { describe, expect, it } from 'vitest';
import { EAQL_LIMITS, parseEaql } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import { idQueries, mostRelevantVersions } from './referenceLookup.ts';

const locales = (...names: string[]) => names.map((localization) => ({ localization, status: 'published' }));

describe('looking referenced assets up with the list call', () => {
  it('asks for all ids in one EAQL query the parser accepts', () => {
    const queries = idQueries(['a1', 'b-2', 'with "quote"']);
    expect(queries).toEqual(['id in ("a1", "b-2", "with \\"quote\\"")']);
    const parsed = parseEaql(queries[0] ?? '');
    expect(parsed.ok && parsed.query).toEqual({ kind: 'in', property: expect.objectContaining({ name: 'id' }), values: ['a1', 'b-2', 'with "quote"'] });
  });

  it('splits ids over several queries within the EAQL limits', () => {
    const ids = Array.from({ length: 150 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    const queries = idQueries(ids);
    expect(queries.length).toBeGreaterThan(1);
    for (const query of queries) {
      expect(query.length).toBeLessThanOrEqual(EAQL_LIMITS.maxLength);
      expect(parseEaql(query).ok).toBe(true);
    }
    expect(queries.join(' ').match(/"[^"]+"/g)?.map((value) => value.slice(1, -1))).toEqual(ids);
  });

  it('asks nothing for no ids', () => {
    expect(idQueries([])).toEqual([]);
  });

  it('picks each asset in its version most relevant to the locale (exact, same language, en, then the first)', () => {
    const items = [
      buildListItem({ id: 'exact', localization: 'en', localizations: locales('en', 'de') }),
      buildListItem({ id: 'exact', localization: 'de', localizations: locales('en', 'de') }),
      buildListItem({ id: 'language', localization: 'de-AT', localizations: locales('en', 'de-AT') }),
      buildListItem({ id: 'language', localization: 'en', localizations: locales('en', 'de-AT') }),
      buildListItem({ id: 'english', localization: 'fr', localizations: locales('fr', 'en-US') }),
      buildListItem({ id: 'english', localization: 'en-US', localizations: locales('fr', 'en-US') }),
      buildListItem({ id: 'first', localization: 'ja', localizations: locales('fr', 'ja') }),
      buildListItem({ id: 'first', localization: 'fr', localizations: locales('fr', 'ja') }),
    ];
    const chosen = mostRelevantVersions(items, 'de');
    expect([...chosen].map(([id, item]) => [id, item.localization])).toEqual([
      ['exact', 'de'],
      ['language', 'de-AT'],
      ['english', 'en-US'],
      ['first', 'fr'],
    ]);
  });
});
