import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerFromIndex, newestMatchesByEdit, newestMatchesByKey, searchCounts, type IndexQuestion } from './indexedList.ts';
import { APPEND_WINDOW_MS, VersionIndex, type IndexedVersion } from './versionIndex.ts';

const STENCILS = ['story', 'image', 'video'];
const LOCALES = ['en', 'de', 'fr'];
const STATUSES = ['draft', 'published', 'unpublished'];
const SPACE_SETS = [',rbcom,', ',global,', ',global,rbcom,', ',illume,', ''];
const TAGS = ['t1', 't2', 't3', 't4'];

const version = fc.record({
  id: fc.integer({ min: 0, max: 30 }),
  locale: fc.constantFrom(...LOCALES),
  stencil: fc.constantFrom(...STENCILS),
  status: fc.constantFrom(...STATUSES),
  spaces: fc.constantFrom(...SPACE_SETS),
  infographic: fc.constantFrom(0, 1),
  tags: fc.subarray(TAGS),
});

const question = fc.record({
  spaces: fc.subarray(['rbcom', 'global', 'illume']),
  stencil: fc.subarray(STENCILS),
  locale: fc.subarray(LOCALES),
  status: fc.subarray(STATUSES),
  space: fc.subarray(['rbcom', 'global', 'illume']),
  infographic: fc.constantFrom(undefined, 0 as const, 1 as const),
});

type Generated = { id: number; locale: string; stencil: string; status: string; spaces: string; infographic: number; tags: string[] };
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const asVersion = (generated: Generated, second: number): IndexedVersion => ({
  asset_id: `asset-${String(generated.id).padStart(2, '0')}`,
  locale: generated.locale,
  stencil: generated.stencil,
  status: generated.status,
  spaces: generated.spaces,
  infographic: generated.infographic,
  updated_at: at(second),
  tag_ids: JSON.stringify(generated.tags),
  search_key: second + 1,
});

/** The same counts by reading every version, as the database's counting statements define them. */
function bruteForce(versions: readonly IndexedVersion[], q: IndexQuestion, isSearch = false) {
  const readable = (v: IndexedVersion) => q.spaces.length > 0 && (q.allSpaces.every((space) => q.spaces.includes(space)) || q.spaces.some((space) => v.spaces.includes(`,${space},`)));
  const passes = {
    stencil: (v: IndexedVersion) => q.stencil.length === 0 || q.stencil.includes(v.stencil),
    locale: (v: IndexedVersion) => q.locale.length === 0 || q.locale.includes(v.locale),
    status: (v: IndexedVersion) => q.status.length === 0 || q.status.includes(v.status),
    space: (v: IndexedVersion) => q.space.length === 0 || q.space.some((space) => v.spaces.includes(`,${space},`)),
    infographic: (v: IndexedVersion) => q.infographic === undefined || v.infographic === q.infographic,
  };
  const allBut = (except: keyof typeof passes | undefined) => versions.filter((v) => readable(v) && Object.entries(passes).every(([facet, pass]) => facet === except || pass(v)));
  const tally = (list: readonly IndexedVersion[], name: (v: IndexedVersion) => string[]) => {
    const counts = new Map<string, number>();
    for (const v of list) for (const bucket of name(v)) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    return counts;
  };
  const matching = allBut(undefined);
  const newest = (list: readonly IndexedVersion[]) =>
    list.toSorted((a, b) => (a.updated_at !== b.updated_at ? (a.updated_at < b.updated_at ? 1 : -1) : a.asset_id !== b.asset_id ? (a.asset_id < b.asset_id ? 1 : -1) : a.locale < b.locale ? 1 : -1));
  const newestFirst = newest(matching);
  const tags = [...tally(newestFirst.slice(0, q.sample), (v) => JSON.parse(v.tag_ids) as string[])].map(([id, count]) => ({ id, count }));
  // A search counts each facet's set, newest first, only up to the sample; a list counts every match.
  const isFiltered = { stencil: q.stencil.length > 0, locale: q.locale.length > 0, status: q.status.length > 0, space: q.space.length > 0, infographic: q.infographic !== undefined };
  const facetSet = (facet: keyof typeof passes) => {
    const set = allBut(isFiltered[facet] ? facet : undefined);
    return isSearch ? newest(set).slice(0, q.sample) : set;
  };
  return {
    matching: isSearch ? Math.min(matching.length, q.sample ?? matching.length) : matching.length,
    stencil: tally(facetSet('stencil'), (v) => [v.stencil]),
    localization: tally(facetSet('locale'), (v) => [v.locale]),
    publishstatus: tally(facetSet('status'), (v) => [v.status]),
    spaces: tally(facetSet('space'), (v) => v.spaces.split(',').filter((space) => space && q.spaces.includes(space))),
    tags: tags.toSorted((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1)).slice(0, q.tagLimit),
    page: newestFirst.slice(0, q.pageRows).map((v) => `${v.asset_id}-${v.locale}`),
  };
}

const byEdit = (rows: ReadonlyArray<{ asset_id: string; locale: string }>) => rows.map((row) => `${row.asset_id}-${row.locale}`);

describe('the list index', () => {
  it('counts and pages every list as reading every version does, after any sequence of writes', () => {
    fc.assert(
      // The tags count the newest `sample` matches (COUNT_CAP + 1 in the server), fewer than match or not.
      fc.property(fc.array(fc.tuple(version, fc.boolean()), { minLength: 1, maxLength: 60 }), question, fc.integer({ min: 1, max: 40 }), (writes, chosen, sample) => {
        const index = new VersionIndex();
        const current = new Map<string, IndexedVersion>();
        // Every write is placed: each is a second newer than the last.
        const placed = writes.map(([generated, isDelete], second) => {
          const written = asVersion(generated, second);
          const key = `${written.asset_id}-${written.locale}`;
          if (isDelete) {
            index.remove(written.asset_id, written.locale);
            current.delete(key);
            return true;
          }
          current.set(key, written);
          return index.put(written);
        });
        expect(placed.every(Boolean)).toBe(true);
        const q: IndexQuestion = { ...chosen, allSpaces: ['rbcom', 'global', 'illume'], countsInfographic: false, tagLimit: 3, pageRows: 5, sample };
        const expected = bruteForce([...current.values()], q);
        const answer = answerFromIndex(index, q);
        expect(answer.matching).toBe(expected.matching);
        expect(answer.counts.columns.stencil).toEqual(expected.stencil);
        expect(answer.counts.columns.localization).toEqual(expected.localization);
        expect(answer.counts.columns.publishstatus).toEqual(expected.publishstatus);
        expect(answer.counts.spaces).toEqual(expected.spaces);
        expect(answer.counts.tags).toEqual(expected.tags);
        expect(answer.page?.map((row) => `${row.asset_id}-${row.locale}`)).toEqual(expected.page);
        // A search matching every version: each of its sets counted newest first up to the sample.
        const { counts: searched, newest } = searchCounts(index, q, [...current.values()].map((v) => Number(v.search_key ?? 0)).toSorted((a, b) => a - b));
        const expectedSearch = bruteForce([...current.values()], q, true);
        // Search keys follow the edits here: the newest matches are the page's.
        expect(newest.map((match) => `${match.asset_id}-${match.locale}`)).toEqual(expected.page);
        expect(searched.total).toBe(expectedSearch.matching);
        expect(searched.columns.stencil).toEqual(expectedSearch.stencil);
        expect(searched.columns.localization).toEqual(expectedSearch.localization);
        expect(searched.columns.publishstatus).toEqual(expectedSearch.publishstatus);
        expect(searched.spaces).toEqual(expectedSearch.spaces);
        expect(searched.tags).toEqual(expectedSearch.tags);
        // A page by last edit from matches in any order, leaving out some (a title tier's).
        const versions = [...current.values()];
        const keys = versions.map((v) => Number(v.search_key ?? 0)).toReversed();
        expect(byEdit(newestMatchesByEdit(index, q, { matchKeys: keys, wanted: 5 }))).toEqual(expected.page);
        const except = keys.filter((key) => key % 3 === 0);
        expect(byEdit(newestMatchesByEdit(index, q, { matchKeys: keys, wanted: 5, except }))).toEqual(bruteForce(versions.filter((v) => Number(v.search_key) % 3 !== 0), q).page);
        // A title tier by search key (SQLite) from a search's kept keys, ascending, some of them left behind by versions
        // written again or deleted since.
        const everyKey = writes.map((_, second) => second + 1);
        expect(byEdit(newestMatchesByKey(index, q, { matchKeys: everyKey, wanted: 5 }))).toEqual(expected.page);
        const titled = everyKey.filter((key) => key % 3 === 0);
        expect(byEdit(newestMatchesByKey(index, q, { matchKeys: titled, wanted: 5 }))).toEqual(bruteForce(versions.filter((v) => Number(v.search_key) % 3 === 0), q).page);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a page exact when saves commit in another order than their clocks ran, and asks to be built again for an older edit', () => {
    const index = new VersionIndex();
    const base = { locale: 'en', stencil: 'story', status: 'draft', spaces: ',global,', infographic: 0, tag_ids: '[]' };
    expect(index.put({ ...base, asset_id: 'b', updated_at: at(10) })).toBe(true);
    // Committed later, edited a second earlier: it is appended, yet the page still orders by last edit.
    expect(index.put({ ...base, asset_id: 'a', updated_at: at(9) })).toBe(true);
    const q: IndexQuestion = { spaces: ['global'], allSpaces: ['global'], stencil: [], locale: [], status: [], space: [], infographic: undefined, countsInfographic: false, tagLimit: 0, pageRows: 1 };
    expect(answerFromIndex(index, q).page?.map((row) => row.asset_id)).toEqual(['b']);
    expect(index.put({ ...base, asset_id: 'c', updated_at: new Date(Date.parse(at(10)) - APPEND_WINDOW_MS - 1).toISOString() })).toBe(false);
  });
});
