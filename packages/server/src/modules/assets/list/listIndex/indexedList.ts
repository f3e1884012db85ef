import { COUNT_CAP } from '@editor/domain';
import { byCountThenId, type TagCount } from '../../../../db/dialects/listEngine.ts';
import type { ListCounts } from '../listCounts.ts';
import type { ListedRow } from '../listRepository.ts';
import { APPEND_WINDOW_MS, type VersionIndex } from './versionIndex.ts';
import type { WordBitmap } from './wordBitmap.ts';

/** A list narrowed only by stencil, locale, status, space and infographic, as the index answers it. */
export interface IndexQuestion {
  /** The request's spaces: nothing outside them is listed or counted. */
  spaces: readonly string[];
  /** Every space of the installation: a reader of all of them sees versions in no space too. */
  allSpaces: readonly string[];
  stencil: readonly string[];
  locale: readonly string[];
  status: readonly string[];
  space: readonly string[];
  infographic: 0 | 1 | undefined;
  /** Whether the infographic facet is shown (image lists). */
  countsInfographic: boolean;
  /** How many tag buckets. */
  tagLimit: number;
  /**
   * Rows of the first page by last edit, one more than shown; for a search, how many of its newest matches a page by
   * relevance may take (`searchCounts`); 0 when the page is read elsewhere.
   */
  pageRows: number;
  /**
   * How many of the newest matches a count reads: COUNT_CAP + 1 unless a test asks for fewer. A list's tags count
   * that many; a search's total, tags and each facet's buckets count that many of their sets.
   */
  sample?: number;
}

export interface IndexAnswer {
  /** Exactly how many versions match. */
  matching: number;
  counts: ListCounts;
  /** The first page's rows, newest edit first; undefined when `pageRows` is 0. */
  page: ListedRow[] | undefined;
}

type FilteredFacet = 'stencil' | 'locale' | 'status' | 'space' | 'infographic';

/** The codes a filter allows; undefined when the list does not filter by it. */
const allowedCodes = (names: readonly string[], find: (name: string) => number | undefined) =>
  names.length === 0 ? undefined : new Set(names.flatMap((name) => find(name) ?? []));

/** Per code, 0 when a filter allows it and 1 when it fails it. */
function failures(size: number, allowed: Set<number> | undefined): Uint8Array {
  const failing = new Uint8Array(size);
  if (allowed) for (let code = 0; code < size; code++) failing[code] = allowed.has(code) ? 0 : 1;
  return failing;
}

/** Buckets with a count, by name. */
function bucketsOf(counts: Float64Array, names: readonly string[]): Map<string, number> {
  const buckets = new Map<string, number>();
  for (let code = 0; code < counts.length; code++) if ((counts[code] ?? 0) > 0) buckets.set(names[code] ?? '', counts[code] ?? 0);
  return buckets;
}

/**
 * A list's total, facet buckets, tag buckets and first page from the index, as `countColumnTotals`,
 * `countColumnFacets`, `countVersions` and `listPage` answer them from the database: totals and buckets exactly from
 * the combinations (each facet's buckets leave its own filter out); tags from the newest COUNT_CAP + 1 matching
 * versions: the matching combinations' tag counts when no more match, else read word by word from the newest slots
 * down; and the page from a walk down the slots.
 */
export function answerFromIndex(index: VersionIndex, question: IndexQuestion): IndexAnswer {
  const { isEveryReader, readerSpaces, filters, unreadable, spaceFails, stencilFails, localeFails, statusFails, infographicFails } = filterCodes(index, question);
  const spaceSets = unreadable.length;
  const byStencil = new Float64Array(stencilFails.length);
  const byLocale = new Float64Array(localeFails.length);
  const byStatus = new Float64Array(statusFails.length);
  const byInfographic = new Float64Array(2);
  const bySpaceSet = new Float64Array(spaceSets);
  let matching = 0;
  const passing: number[] = [];
  const c = index.combinations;
  const { n: sizes, spaceSet: setOf, stencil: stencils, locale: locales, status: statuses, infographic: infographics } = c;
  for (let entry = 0; entry < c.length; entry++) {
    const n = sizes[entry] ?? 0;
    const set = setOf[entry] ?? 0;
    if (n === 0 || unreadable[set] === 1) continue;
    const stencil = stencils[entry] ?? 0;
    const locale = locales[entry] ?? 0;
    const status = statuses[entry] ?? 0;
    const infographic = infographics[entry] ?? 0;
    const failsStencil = stencilFails[stencil] ?? 0;
    const failsLocale = localeFails[locale] ?? 0;
    const failsStatus = statusFails[status] ?? 0;
    const failsSpace = spaceFails[set] ?? 0;
    const failsInfographic = infographicFails[infographic] ?? 0;
    const failing = failsStencil + failsLocale + failsStatus + failsSpace + failsInfographic;
    // A facet's buckets count the versions every other filter keeps.
    if (failing === 0) {
      matching += n;
      passing.push(entry);
      byStencil[stencil] = (byStencil[stencil] ?? 0) + n;
      byLocale[locale] = (byLocale[locale] ?? 0) + n;
      byStatus[status] = (byStatus[status] ?? 0) + n;
      byInfographic[infographic] = (byInfographic[infographic] ?? 0) + n;
      bySpaceSet[set] = (bySpaceSet[set] ?? 0) + n;
    } else if (failing === 1) {
      if (failsStencil) byStencil[stencil] = (byStencil[stencil] ?? 0) + n;
      else if (failsLocale) byLocale[locale] = (byLocale[locale] ?? 0) + n;
      else if (failsStatus) byStatus[status] = (byStatus[status] ?? 0) + n;
      else if (failsSpace) bySpaceSet[set] = (bySpaceSet[set] ?? 0) + n;
      else byInfographic[infographic] = (byInfographic[infographic] ?? 0) + n;
    }
  }
  const counts = countsOf(index, { question, readerSpaces, matching, byStencil, byLocale, byStatus, byInfographic, bySpaceSet });
  // Tags count the newest `sample` matches: all of them, when no more match, as the combinations' tag counts hold.
  const sample = question.sample ?? COUNT_CAP + 1;
  const isWhole = matching <= sample;
  const walked = walkNewest(index, { ...question, isEveryReader, filters, matching, tagSample: isWhole || question.tagLimit === 0 ? 0 : sample });
  counts.tags = isWhole && question.tagLimit > 0 ? combinationTags(index, passing, question.tagLimit) : walked.tags;
  return { matching, counts, page: question.pageRows > 0 ? walked.page : undefined };
}

/** The most used tags of the versions of the given combination entries. */
function combinationTags(index: VersionIndex, entries: readonly number[], limit: number): TagCount[] {
  const counts = new Uint32Array(index.tags.names.length);
  const touched: number[] = [];
  for (const entry of entries) {
    const tally = index.tagsOf(entry);
    if (!tally) continue;
    const { tags, counts: tallied, length } = tally;
    for (let at = 0; at < length; at++) {
      const n = tallied[at] ?? 0;
      if (n === 0) continue;
      const tag = tags[at] ?? 0;
      if (counts[tag] === 0) touched.push(tag);
      counts[tag] = (counts[tag] ?? 0) + n;
    }
  }
  return mostUsed(index, { counts, touched, limit });
}

/**
 * The `limit` most used of the `touched` tags, by count then id (`byCountThenId`): a tag enters only when it beats
 * the last of those kept so far, so a list touching thousands of tags sorts a few dozen.
 */
function mostUsed(index: VersionIndex, input: { counts: Uint32Array; touched: readonly number[]; limit: number }): TagCount[] {
  const { counts, touched, limit } = input;
  if (limit <= 0) return [];
  const kept: TagCount[] = [];
  for (const tag of touched) {
    const count = counts[tag] ?? 0;
    const last = kept[kept.length - 1];
    if (kept.length >= limit && last && count < last.count) continue;
    const candidate = { id: index.tags.names[tag] ?? '', count };
    if (kept.length >= limit && last && byCountThenId(candidate, last) >= 0) continue;
    let at = kept.length;
    while (at > 0 && byCountThenId(candidate, kept[at - 1]!) < 0) at--;
    kept.splice(at, 0, candidate);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

/** The request's filters and reader as failure tables per code, which the walks look up per version or combination. */
function filterCodes(index: VersionIndex, question: IndexQuestion) {
  const isEveryReader = question.spaces.length > 0 && question.allSpaces.every((space) => question.spaces.includes(space));
  const readerSpaces = new Set(question.spaces.flatMap((space) => index.spaceNames.find(space) ?? []));
  const filters = {
    stencil: allowedCodes(question.stencil, (name) => index.stencils.find(name)),
    locale: allowedCodes(question.locale, (name) => index.locales.find(name)),
    status: allowedCodes(question.status, (name) => index.statuses.find(name)),
    space: allowedCodes(question.space, (name) => index.spaceNames.find(name)),
    infographic: question.infographic === undefined ? undefined : new Set<number>([question.infographic]),
  } satisfies Record<FilteredFacet, Set<number> | undefined>;
  // Per space set: whether the reader may see its versions, and whether it fails the space filter.
  const spaceSets = index.spaceSets.names.length;
  const unreadable = new Uint8Array(spaceSets);
  const spaceFails = new Uint8Array(spaceSets);
  for (let set = 0; set < spaceSets; set++) {
    const spaces = index.spacesOfSet[set] ?? [];
    unreadable[set] = isEveryReader || spaces.some((space) => readerSpaces.has(space)) ? 0 : 1;
    spaceFails[set] = filters.space && !spaces.some((space) => filters.space?.has(space)) ? 1 : 0;
  }
  return {
    isEveryReader,
    readerSpaces,
    filters,
    unreadable,
    spaceFails,
    stencilFails: failures(index.stencils.names.length, filters.stencil),
    localeFails: failures(index.locales.names.length, filters.locale),
    statusFails: failures(index.statuses.names.length, filters.status),
    infographicFails: failures(2, filters.infographic),
  };
}

/** The counts a list's header shows, from its buckets' sums per code. */
function countsOf(
  index: VersionIndex,
  input: { question: IndexQuestion; readerSpaces: Set<number>; matching: number; byStencil: Float64Array; byLocale: Float64Array; byStatus: Float64Array; byInfographic: Float64Array; bySpaceSet: Float64Array },
): ListCounts {
  // A space bucket counts every version of the sets holding that space; only the request's spaces are shown.
  const bySpace = new Float64Array(index.spaceNames.names.length);
  for (let set = 0; set < input.bySpaceSet.length; set++) {
    const n = input.bySpaceSet[set] ?? 0;
    if (n > 0) for (const space of index.spacesOfSet[set] ?? []) if (input.readerSpaces.has(space)) bySpace[space] = (bySpace[space] ?? 0) + n;
  }
  return {
    total: Math.min(input.matching, COUNT_CAP + 1),
    columns: {
      stencil: bucketsOf(input.byStencil, index.stencils.names),
      localization: bucketsOf(input.byLocale, index.locales.names),
      publishstatus: bucketsOf(input.byStatus, index.statuses.names),
      infographic: input.question.countsInfographic ? bucketsOf(input.byInfographic, ['0', '1']) : new Map(),
    },
    spaces: bucketsOf(bySpace, index.spaceNames.names),
    tags: [],
  };
}

/** A match of a search as the index knows it: the version and its search key, which orders matches by recency. */
export interface IndexedMatch {
  asset_id: string;
  locale: string;
  searchKey: number;
}

/**
 * A search's total, facet buckets and tag buckets from the index and its matches (the search keys of the versions
 * holding its words, oldest entry first), as `countVersions` counts a search: each facet's buckets from the newest
 * COUNT_CAP + 1 matches every other filter keeps, the total and the tags from the newest COUNT_CAP + 1 every filter
 * keeps; and the newest `pageRows` matches every filter keeps, which a page by relevance takes after its title
 * matches. Reads the matches newest first and stops once every counted set is full.
 */
/**
 * Per combination, where a search's matches of it count: -1 nowhere (unreadable, or failing two filters or more), 0
 * in every set (it passes every filter), 1 + f only in the set without filter f (it fails that one alone).
 */
function classesOf(index: VersionIndex, codes: ReturnType<typeof filterCodes>): Int8Array {
  const { unreadable, spaceFails, stencilFails, localeFails, statusFails, infographicFails } = codes;
  const c = index.combinations;
  const { n: sizes, spaceSet: setOf, stencil: stencils, locale: locales, status: statuses, infographic: infographics } = c;
  const classOf = new Int8Array(c.length);
  for (let entry = 0; entry < c.length; entry++) {
    const set = setOf[entry] ?? 0;
    const failsStencil = stencilFails[stencils[entry] ?? 0] ?? 0;
    const failsLocale = localeFails[locales[entry] ?? 0] ?? 0;
    const failsStatus = statusFails[statuses[entry] ?? 0] ?? 0;
    const failsSpace = spaceFails[set] ?? 0;
    const failsInfographic = infographicFails[infographics[entry] ?? 0] ?? 0;
    const failing = failsStencil + failsLocale + failsStatus + failsSpace + failsInfographic;
    const failed = failsStencil ? 1 : failsLocale ? 2 : failsStatus ? 3 : failsSpace ? 4 : 5;
    classOf[entry] = (sizes[entry] ?? 0) === 0 || unreadable[set] === 1 || failing > 1 ? -1 : failing === 0 ? 0 : failed;
  }
  return classOf;
}

export function searchCounts(index: VersionIndex, question: IndexQuestion, matchKeys: ArrayLike<number>): { counts: ListCounts; newest: IndexedMatch[] } {
  const codes = filterCodes(index, question);
  const { readerSpaces, unreadable, stencilFails, localeFails, statusFails, filters } = codes;
  const c = index.combinations;
  const { spaceSet: setOf, stencil: stencils, locale: locales, status: statuses, infographic: infographics } = c;
  const classOf = classesOf(index, codes);
  // Per filtered facet, the set without its filter; and the set of all filters. Each counts up to the cap, per combination.
  const cap = question.sample ?? COUNT_CAP + 1;
  const inAll = new Int32Array(c.length);
  const inAllBut = [filters.stencil, filters.locale, filters.status, filters.space, filters.infographic].map((filter) => (filter === undefined ? undefined : new Int32Array(c.length)));
  // Per facet, how many more its set counts; a facet without a filter has no set of its own.
  const room = inAllBut.map((set) => (set ? cap : 0));
  let allSize = 0;
  let openSets = 1 + inAllBut.filter(Boolean).length;
  /** Counts a match of `entry` in the set without `facet`'s filter, if that set has room. */
  const countInAllBut = (facet: number, entry: number) => {
    const left = room[facet] ?? 0;
    if (left === 0) return;
    const set = inAllBut[facet] as Int32Array;
    set[entry] = (set[entry] ?? 0) + 1;
    room[facet] = left - 1;
    if (left === 1) openSets -= 1;
  };
  const tagCounts = new Uint32Array(index.tags.names.length);
  const touched: number[] = [];
  const newest: IndexedMatch[] = [];
  const { combinationAt } = index;
  for (let at = matchKeys.length - 1; at >= 0 && (openSets > 0 || newest.length < question.pageRows); at--) {
    const searchKey = matchKeys[at] ?? 0;
    const slot = index.slotOfSearch(searchKey);
    if (slot === undefined) continue;
    const entry = combinationAt[slot] ?? 0;
    const place = classOf[entry] ?? -1;
    if (place < 0) continue;
    if (place > 0) {
      countInAllBut(place - 1, entry);
      continue;
    }
    if (newest.length < question.pageRows) newest.push({ asset_id: index.assetIdAt(slot), locale: index.localeAt(slot), searchKey });
    if (allSize < cap) {
      inAll[entry] = (inAll[entry] ?? 0) + 1;
      allSize += 1;
      if (allSize === cap) openSets -= 1;
      if (question.tagLimit > 0) index.countTags(slot, tagCounts, touched);
    }
    for (let facet = 0; facet < 5; facet++) countInAllBut(facet, entry);
  }
  // A facet with a filter counts from the set without it; one without, from the set of all filters.
  const byStencil = new Float64Array(stencilFails.length);
  const byLocale = new Float64Array(localeFails.length);
  const byStatus = new Float64Array(statusFails.length);
  const byInfographic = new Float64Array(2);
  const bySpaceSet = new Float64Array(unreadable.length);
  const [stencilSet = inAll, localeSet = inAll, statusSet = inAll, spaceSet = inAll, infographicSet = inAll] = inAllBut;
  for (let entry = 0; entry < c.length; entry++) {
    if ((classOf[entry] ?? -1) < 0) continue;
    const stencil = stencils[entry] ?? 0;
    const locale = locales[entry] ?? 0;
    const status = statuses[entry] ?? 0;
    const infographic = infographics[entry] ?? 0;
    const set = setOf[entry] ?? 0;
    byStencil[stencil] = (byStencil[stencil] ?? 0) + (stencilSet[entry] ?? 0);
    byLocale[locale] = (byLocale[locale] ?? 0) + (localeSet[entry] ?? 0);
    byStatus[status] = (byStatus[status] ?? 0) + (statusSet[entry] ?? 0);
    byInfographic[infographic] = (byInfographic[infographic] ?? 0) + (infographicSet[entry] ?? 0);
    bySpaceSet[set] = (bySpaceSet[set] ?? 0) + (spaceSet[entry] ?? 0);
  }
  const counts = countsOf(index, { question, readerSpaces, matching: allSize, byStencil, byLocale, byStatus, byInfographic, bySpaceSet });
  counts.tags = mostUsed(index, { counts: tagCounts, touched, limit: question.tagLimit });
  return { counts, newest };
}

/** The bitmaps a filter's allowed codes stand for. */
const bitmapsOf = (bitmaps: readonly WordBitmap[], codes: Set<number> | undefined) => (codes ? [...codes].flatMap((code) => bitmaps[code] ?? []) : undefined);

/** Rows sort as the list's page does: last edit, then asset id, then locale, all descending. */
const isBefore = (a: ListedRow, b: ListedRow) => (a.sort_value !== b.sort_value ? a.sort_value > b.sort_value : a.asset_id !== b.asset_id ? a.asset_id > b.asset_id : a.locale > b.locale);

/**
 * Walks the matching slots from the newest down: the tags of the first COUNT_CAP + 1 and the first page. Slots lie
 * in the order of last edits but for saves within APPEND_WINDOW_MS of each other, so the page keeps reading until no
 * older slot can come before its last row.
 */
function walkNewest(
  index: VersionIndex,
  input: IndexQuestion & { isEveryReader: boolean; filters: Record<FilteredFacet, Set<number> | undefined>; matching: number; tagSample: number },
): { tags: TagCount[]; page: ListedRow[] } {
  const masks = [
    input.isEveryReader ? undefined : spaceBitmaps(index.bySpace, input.spaces.flatMap((space) => index.spaceNames.find(space) ?? [])),
    bitmapsOf(index.byStencil, input.filters.stencil),
    bitmapsOf(index.byLocale, input.filters.locale),
    bitmapsOf(index.byStatus, input.filters.status),
    bitmapsOf(index.bySpace, input.filters.space),
    bitmapsOf(index.byInfographic, input.filters.infographic),
  ]
    .filter((mask): mask is WordBitmap[] => mask !== undefined)
    // The words themselves: the walk reads some ten thousand slots' worth of them per list.
    .map((mask) => mask.map((bitmap) => bitmap.words));
  const live = index.live.words;
  const tagCounts = new Uint32Array(index.tags.names.length);
  const touched: number[] = [];
  const tagCap = input.tagLimit > 0 ? Math.min(input.tagSample, input.matching) : 0;
  let tagged = 0;
  // Every matching slot seen: nothing older can match.
  let seen = 0;
  const page = new NewestRows(index, input.matching > 0 ? input.pageRows : 0);
  for (let word = (index.slots - 1) >>> 5; word >= 0 && seen < input.matching && (tagged < tagCap || !page.isDone); word--) {
    let bits = live[word] ?? 0;
    for (let m = 0; m < masks.length && bits !== 0; m++) {
      const mask = masks[m] ?? [];
      let allowed = 0;
      for (let b = 0; b < mask.length; b++) allowed |= mask[b]?.[word] ?? 0;
      bits &= allowed;
    }
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits);
      bits &= ~(1 << bit);
      const slot = word * 32 + bit;
      seen += 1;
      if (tagged < tagCap) {
        tagged += 1;
        index.countTags(slot, tagCounts, touched);
      }
      page.offer(slot);
      if (tagged >= tagCap && page.isDone) break;
    }
  }
  return { tags: mostUsed(index, { counts: tagCounts, touched, limit: input.tagLimit }), page: page.sorted() };
}

/**
 * The first `wanted` rows by last edit (ties by asset id, then locale, all descending) of slots offered from the
 * newest slot down. Slots lie in the order of last edits but for saves within APPEND_WINDOW_MS of each other, so it
 * takes slots until no older one can come before its last row.
 */
class NewestRows {
  private readonly rows: ListedRow[] = [];
  private lastMs = Number.POSITIVE_INFINITY;
  isDone: boolean;

  constructor(
    private readonly index: VersionIndex,
    private readonly wanted: number,
  ) {
    this.isDone = wanted === 0;
  }

  offer(slot: number): void {
    if (this.isDone) return;
    const { index, rows, wanted } = this;
    if (rows.length >= wanted && index.updatedMsAt(slot) + APPEND_WINDOW_MS < this.lastMs) {
      this.isDone = true;
      return;
    }
    rows.push({ asset_id: index.assetIdAt(slot), locale: index.localeAt(slot), sort_value: index.updatedAtAt(slot) });
    if (rows.length >= wanted) {
      this.sort();
      rows.length = wanted;
      this.lastMs = Date.parse(String(rows[wanted - 1]?.sort_value));
    }
  }

  sorted(): ListedRow[] {
    this.sort();
    return this.rows;
  }

  private sort(): void {
    this.rows.sort((a, b) => (isBefore(a, b) ? -1 : 1));
  }
}

/**
 * The newest `wanted` of a search's matches (search keys, ascending) that every filter keeps, by search key: a title
 * tier where pages follow the search keys (SQLite), from the title's kept matches, as the database reads it.
 */
export function newestMatchesByKey(index: VersionIndex, question: IndexQuestion, input: { matchKeys: ArrayLike<number>; wanted: number }): IndexedMatch[] {
  const classOf = classesOf(index, filterCodes(index, question));
  const { combinationAt } = index;
  const newest: IndexedMatch[] = [];
  for (let at = input.matchKeys.length - 1; at >= 0 && newest.length < input.wanted; at--) {
    const searchKey = input.matchKeys[at] ?? 0;
    const slot = index.slotOfSearch(searchKey);
    if (slot !== undefined && classOf[combinationAt[slot] ?? 0] === 0) newest.push({ asset_id: index.assetIdAt(slot), locale: index.localeAt(slot), searchKey });
  }
  return newest;
}

/**
 * The newest `wanted` of a search's matches (search keys, in any order) that every filter keeps, by last edit as
 * `NewestRows` takes them, leaving out the matches of `except`: a page by relevance where pages follow the last edit
 * (PostgreSQL), its title tier from the title's matches, the rest from all matches but the title's.
 */
export function newestMatchesByEdit(index: VersionIndex, question: IndexQuestion, input: { matchKeys: ArrayLike<number>; wanted: number; except?: ArrayLike<number> }): ListedRow[] {
  const classOf = classesOf(index, filterCodes(index, question));
  const { combinationAt } = index;
  const words = (keys: ArrayLike<number>, isKept: (slot: number) => boolean) => {
    const bits = new Uint32Array((index.slots + 31) >>> 5);
    for (let at = 0; at < keys.length; at++) {
      const slot = index.slotOfSearch(keys[at] ?? 0);
      if (slot !== undefined && isKept(slot)) bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
    }
    return bits;
  };
  const left = input.except ? words(input.except, () => true) : undefined;
  const matched = words(input.matchKeys, (slot) => classOf[combinationAt[slot] ?? 0] === 0 && ((left?.[slot >>> 5] ?? 0) & (1 << (slot & 31))) === 0);
  const newest = new NewestRows(index, input.wanted);
  for (let word = matched.length - 1; word >= 0 && !newest.isDone; word--) {
    let bits = matched[word] ?? 0;
    while (bits !== 0 && !newest.isDone) {
      const bit = 31 - Math.clz32(bits);
      bits &= ~(1 << bit);
      newest.offer(word * 32 + bit);
    }
  }
  return newest.sorted();
}

/** The space bitmaps of a reader's spaces. */
const spaceBitmaps = (bitmaps: readonly WordBitmap[], codes: readonly number[]) => codes.flatMap((code) => bitmaps[code] ?? []);
