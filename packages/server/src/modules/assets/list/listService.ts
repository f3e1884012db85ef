import type { Kysely } from 'kysely';
import { COUNT_CAP, STENCIL_GROUPS, isBucketVisible, parseEaql, type AssetStatus, type Facet, type SortOption, type StencilDefinition } from '@editor/domain';
import { searchTerms } from '../../../db/dialects/fullText.ts';
import type { CardRow, ListEngine, WordedFilters } from '../../../db/dialects/listEngine.ts';
import type { DB } from '../../../db/schema.ts';
import { HttpError, badRequest } from '../../../http/errors.ts';
import { looksLikeEaql, splitFullText, splitWorded } from './eaqlSql.ts';
import type { Actor, ListedVersion, StencilLookup } from '../types.ts';
import type { AssetsService } from '../service.ts';
import * as list from './listRepository.ts';
import { searchPageRoute } from './searchRoute.ts';
import { countColumnFacets, countColumnTotals, countVersions, type ColumnFacet, type ListCounts } from './listCounts.ts';
import { decodeCursor, encodeCursor, type Cursor, type ListQuery } from './listQuery.ts';
import { lazyServerSecret } from '../../../db/serverSecrets.ts';
import { createListCache } from './listCache.ts';
import { answerFromIndex, newestMatchesByEdit, newestMatchesByKey, searchCounts, type IndexQuestion } from './listIndex/indexedList.ts';
import { MatchKeyCache } from './listIndex/matchKeyCache.ts';
import { KeptTagTitles } from './keptTagTitles.ts';
import type { ListIndexFeed } from './listIndex/listIndexFeed.ts';
import type { VersionIndex } from './listIndex/versionIndex.ts';

/** How many tag buckets a list shows: its most used tags. */
export const TAG_BUCKETS = 20;

/** The tag buckets: the most used of the tags the versions keep in `tag_ids` (its tagging inputs' references). */
const TAGGING = { limit: TAG_BUCKETS };

/** Spec 001 §9: the infographic facet belongs to image assets. */
const hasInfographic = (scope: list.ListScope) => scope.query.stencil.length === 1 && scope.query.stencil[0] === 'image';

const STATUS_LABELS: Record<AssetStatus, string> = { draft: 'Draft', published: 'Published', unpublished: 'Unpublished' };

const buckets = (counts: Map<string, number>, label: (name: string) => string) => [...counts].map(([name, count]) => ({ name, label: label(name), count }));

/** A card's row as the version a list presents. */
function listedVersionOf(card: CardRow, stencil: StencilDefinition): ListedVersion {
  const { asset_stencil, asset_embargo_start, asset_embargo_end, asset_external_reference, asset_music_import, asset_created_at, asset_created_by, spaces, locales, bookmarked, ...localization } = card;
  return {
    asset: { id: card.asset_id, stencil: asset_stencil, embargo_start: asset_embargo_start, embargo_end: asset_embargo_end, external_reference: asset_external_reference, music_import: asset_music_import, created_at: asset_created_at, created_by: asset_created_by },
    localization,
    stencil,
    spaces: JSON.parse(spaces) as string[],
    locales: (JSON.parse(locales) as Array<[string, string]>).map(([locale, status]) => ({ locale, status })),
    // SQLite answers EXISTS with 1 or 0, PostgreSQL with a boolean.
    bookmarked: bookmarked === true || bookmarked === 1,
  };
}

export interface ListResult {
  versions: ListedVersion[];
  sortBy: SortOption;
  total: number;
  facets: Facet[];
  next: string | undefined;
}

/**
 * An EAQL `q`: the words its `fulltext ~` conditions search, and the rest, which the list compiles with its filters. A malformed one is a 400
 * that names the position of the error. Undefined when `q` is a search text.
 */
function advancedQuery(q: string | undefined): { terms: string[]; condition: list.ListScope['advanced']; words: WordedFilters | undefined } | undefined {
  if (!q || !looksLikeEaql(q)) return undefined;
  const parsed = parseEaql(q);
  if (!parsed.ok) throw new HttpError(400, parsed.error.message, { code: 'eaql-syntax', extra: { position: parsed.error.position } });
  const { terms, rest: unsearched } = splitFullText(parsed.query);
  // With words to search, its stencil, locale and status conditions become filters the search index answers too.
  const { words, rest } = terms.length > 0 ? splitWorded(unsearched) : { words: undefined, rest: unsearched };
  return { terms, condition: rest, words };
}

/**
 * A first page by relevance where pages follow the search keys (SQLite), from the list index: its title tier from the
 * title's kept matches, newest key first, then the newest matches the counts found, as the database reads them.
 */
function keptRankedPage(
  index: VersionIndex,
  question: IndexQuestion,
  input: { titleKeys: Promise<ArrayLike<number>>; matches: Promise<{ newest: readonly list.KeyedMatch[] }>; limit: number },
): Promise<list.ListedRow[]> {
  return Promise.all([input.titleKeys, input.matches]).then(([title, searched]) =>
    list.titleThenRest({ title: newestMatchesByKey(index, question, { matchKeys: title, wanted: input.limit + 1 }), newest: searched.newest }, input.limit),
  );
}

/**
 * A first page by relevance where pages follow the last edit (PostgreSQL), from the list index and the kept matches
 * of the search and of its title: its tiers newest first by last edit, as the database reads them, so that the next
 * page, read from the database, goes on where it ends.
 */
function keptRelevancePage(
  index: VersionIndex,
  question: IndexQuestion,
  input: { keys: Promise<ArrayLike<number>>; titleKeys: Promise<ArrayLike<number>>; limit: number },
): Promise<list.ListedRow[]> {
  const wanted = input.limit + 1;
  return Promise.all([input.keys, input.titleKeys]).then(([all, title]) =>
    list.relevanceRows(
      { title: newestMatchesByEdit(index, question, { matchKeys: title, wanted }), rest: newestMatchesByEdit(index, question, { matchKeys: all, wanted, except: title }) },
      input.limit,
    ),
  );
}

export function createListService(options: {
  db: Kysely<DB>;
  /** Where the list's statements run when not on `db`: SQLite's readers on worker threads (`sqliteReaders.ts`). */
  readDb?: Kysely<DB> | undefined;
  /** The database's list engine (`listEngineOf`). */
  engine: ListEngine;
  allSpaces: readonly string[];
  stencils: StencilLookup & { all(): readonly { name: string; label: string; group: string }[] };
  assets: Pick<AssetsService, 'rightsOn' | 'mayRead'>;
  /** How long a list's answer is kept for the same user and query (`listCache.ts`); 0 or absent keeps none. */
  cacheMs?: number;
  /** Memory for the matches of common searches, kept between lists (`matchKeyCache.ts`); 0 or absent keeps none. */
  matchCacheBytes?: number;
  /** The in-memory list index (`listIndex/`), which answers lists narrowed only by facet columns. */
  listIndex?: ListIndexFeed | undefined;
}) {
  const { engine } = options;
  const db = options.readDb ?? options.db;
  const cache = createListCache<ListResult>({ ttlMs: options.cacheMs ?? 0, keepsFromSecondAsk: true });
  const matchCache = new MatchKeyCache(engine, options.matchCacheBytes ?? 0);
  const keptTitles = new KeptTagTitles(engine);
  options.listIndex?.onChange((assetIds) => keptTitles.forget(assetIds));
  // The key is written the first time it is needed: on the server's own connection.
  const pageLinkKey = lazyServerSecret(options.db, 'list-page-links');

  /** The versions of one page with everything a card needs, in one statement. */
  async function loadPage(actor: Actor, keys: ReadonlyArray<{ id: string; locale: string }>): Promise<ListedVersion[]> {
    const cards = await engine.readCards(db, { keys, userId: actor.identity.id });
    const cardOf = new Map(cards.map((card) => [`${card.asset_id}\n${card.locale}`, card]));
    return keys.flatMap((key) => {
      const card = cardOf.get(`${key.id}\n${key.locale}`);
      const stencil = card && options.stencils.get(card.stencil);
      return card && stencil ? [listedVersionOf(card, stencil)] : [];
    });
  }

  /**
   * The titles of the tags the user may read; another tag is labelled by its id, as a tag that does not exist is. Kept
   * between lists that caught the list index up (`isCaughtUp`), which tells them of changed tags.
   */
  async function readableTitles(actor: Actor, ids: readonly string[], isCaughtUp: boolean): Promise<Map<string, string>> {
    const titles = isCaughtUp ? await keptTitles.read(db, ids) : await engine.readTitles(db, ids);
    return new Map(titles.filter((row) => options.assets.mayRead(actor, { spaces: JSON.parse(row.spaces) as string[] })).map((row) => [row.asset_id, row.title]));
  }

  /** Stencil buckets follow the create modal: group order, then label. */
  const stencilOrder = (name: string) => {
    const stencil = options.stencils.get(name);
    return stencil ? STENCIL_GROUPS.indexOf(stencil.group) * 1000 + options.stencils.all().indexOf(stencil) : Number.MAX_SAFE_INTEGER;
  };

  /**
   * A page of keys and, on the first page, the counts, each as soon as it is known: the cards load while the counts
   * still run. A list narrowed only by facet columns is counted by `asset_list_count`; its exact total picks how the
   * page and the tag counts find their versions.
   */
  function pageAndCounts(
    scope: list.ListScope,
    input: { sortBy: SortOption; cursor: Cursor | undefined; limit: number; index: VersionIndex | undefined },
  ): { rows: Promise<list.ListedRow[]>; counts?: Promise<ListCounts> } {
    const { cursor } = input;
    // A search in the list's sort (not by relevance) finds its page along the route its words and conditions call for.
    const searchRoute = () => searchPageRoute(db, scope, input.sortBy);
    // A following page: its first page's total is exact up to COUNT_CAP.
    if (cursor) return { rows: searchRoute().then((route) => list.listPage(db, { ...input, scope, route: route ?? list.pageRoute(scope, cursor.total) })) };
    const facets: list.FacetName[] = ['stencil', 'localization', 'publishstatus', 'space', 'tagging', ...(hasInfographic(scope) ? (['infographic'] as const) : [])];
    const indexed = input.index && fromIndex(scope, { ...input, index: input.index, searchRoute });
    if (indexed) return indexed;
    if (!list.isCountedByColumns(scope)) {
      return { rows: searchRoute().then((route) => list.listPage(db, { ...input, scope, route: route ?? 'newest' })), counts: countVersions(db, scope, { facets, tagging: TAGGING }) };
    }
    // The facet sums run beside the page and the tag count, which take their routes from the totals.
    const totals = countColumnTotals(db, scope);
    const rows = totals.then((known) => list.listPage(db, { ...input, scope, route: list.pageRoute(scope, known.matching) }));
    const tagged = totals.then((known) => countVersions(db, scope, { facets: ['tagging'], tagging: TAGGING, route: list.countedRoute(scope, known), keys: known.keys, isWhole: known.matching <= COUNT_CAP + 1 }));
    const counts = Promise.all([totals, tagged, countColumnFacets(db, scope, facets)]).then(([known, { tags }, columns]) => ({ ...columns, total: Math.min(known.matching, COUNT_CAP + 1), tags }));
    return { rows, counts };
  }

  /**
   * A first page narrowed only by facet columns, with or without search words, from the list index: its counts, and
   * its page when it is newest first and no search (a search's page reads its words' tiers from the search index).
   * Undefined for a search whose matches the engine counts only once kept, and this instance does not keep yet.
   */
  function fromIndex(
    scope: list.ListScope,
    input: { sortBy: SortOption; cursor: Cursor | undefined; limit: number; index: VersionIndex; searchRoute: () => Promise<list.ListRoute | undefined> },
  ): { rows: Promise<list.ListedRow[]>; counts: Promise<ListCounts> } | undefined {
    const { query, search } = scope;
    const question: IndexQuestion = {
      spaces: scope.spaces,
      allSpaces: scope.allSpaces,
      stencil: query.stencil,
      locale: query.localization,
      status: query.publishstatus,
      space: query.space,
      infographic: query.infographic === undefined ? undefined : query.infographic === 'true' ? 1 : 0,
      countsInfographic: hasInfographic(scope),
      tagLimit: TAGGING.limit,
      pageRows: !search && input.sortBy === 'lastEdited' ? input.limit + 1 : 0,
    };
    if (search) {
      const keys = engine.countsKeptMatchesOnly ? matchCache.keptKeysOf(db, input.index, search) : matchCache.keysOf(db, input.index, search);
      const isRelevance = input.sortBy === 'relevance';
      // A page by relevance starts with its title tier, from the title's kept matches. Kept however few: the index finds
      // a word's matches in titles by testing every match of the word. Where pages follow the last edit (PostgreSQL) a
      // first ask starts reading both; where they follow the search keys (SQLite) the title's are read at once, as the
      // tier's statement would read them.
      const titleSearch = { ...search, all: search.title };
      const titleKeys = !isRelevance
        ? undefined
        : engine.pagesByMatchKeys
          ? matchCache.keepableKeysOf(db, input.index, titleSearch, { keptFrom: 1 })
          : matchCache.keptKeysOf(db, input.index, titleSearch, { keptFrom: 1 });
      if (!keys) return undefined;
      // Ranked, the page takes the matches after its title tier from the ones the counts read, where they are in its order.
      const isRanked = isRelevance && engine.pagesByMatchKeys;
      const matches = keys.then((found) => searchCounts(input.index, { ...question, pageRows: isRanked ? input.limit + 1 : 0 }, found));
      const page = (): Promise<list.ListedRow[]> => {
        if (isRanked) return titleKeys ? keptRankedPage(input.index, question, { titleKeys, matches, limit: input.limit }) : list.firstRelevancePage(db, { scope, search, limit: input.limit, matches });
        if (titleKeys) return keptRelevancePage(input.index, question, { keys, titleKeys, limit: input.limit });
        return input.searchRoute().then((route) => list.listPage(db, { ...input, scope, route: route ?? 'newest' }));
      };
      return { rows: page(), counts: matches.then((searched) => searched.counts) };
    }
    const answer = answerFromIndex(input.index, question);
    const rows = answer.page ? Promise.resolve(answer.page) : list.listPage(db, { ...input, scope, route: list.pageRoute(scope, answer.matching) });
    return { rows, counts: Promise.resolve(answer.counts) };
  }

  /** The facets of a list's first page, as the user may see them. */
  async function presentFacets(actor: Actor, scope: list.ListScope, counts: ListCounts, isCaughtUp: boolean): Promise<Facet[]> {
    const countsOf = (facet: ColumnFacet) => counts.columns[facet];
    const stencils = countsOf('stencil');
    const localizations = countsOf('localization');
    const statuses = countsOf('publishstatus');
    const infographic = hasInfographic(scope) ? countsOf('infographic') : undefined;
    const titles = await readableTitles(actor, counts.tags.map((tag) => tag.id), isCaughtUp);
    const facets: Facet[] = [
      {
        name: 'stencil',
        label: 'Asset type',
        selectionBehavior: 'multi',
        buckets: buckets(stencils, (name) => options.stencils.get(name)?.label ?? name).toSorted((a, b) => stencilOrder(a.name) - stencilOrder(b.name)),
      },
      { name: 'tagging', label: 'Tagging', selectionBehavior: 'multi', buckets: counts.tags.map((tag) => ({ name: tag.id, label: titles.get(tag.id) ?? tag.id, count: tag.count })) },
      { name: 'localization', label: 'Localisation', selectionBehavior: 'multi', buckets: buckets(localizations, (name) => name).toSorted((a, b) => b.count - a.count || a.name.localeCompare(b.name)) },
      {
        name: 'publishstatus',
        label: 'Status',
        selectionBehavior: 'multi',
        buckets: (['published', 'draft', 'unpublished'] as const).filter((name) => statuses.has(name)).map((name) => ({ name, label: STATUS_LABELS[name], count: statuses.get(name) ?? 0 })),
      },
      { name: 'space', label: 'Space', selectionBehavior: 'multi', buckets: buckets(counts.spaces, (name) => name).toSorted((a, b) => a.name.localeCompare(b.name)) },
    ];
    if (infographic) {
      facets.push({ name: 'infographic', label: 'Infographic', selectionBehavior: 'single', buckets: [['true', 'Yes'], ['false', 'No']].map(([name = '', label = '']) => ({ name, label, count: infographic.get(name === 'true' ? '1' : '0') ?? 0 })) });
    }
    return facets.map((facet) => ({ ...facet, buckets: facet.buckets.filter((bucket) => isBucketVisible(bucket, actor.rights)) }));
  }

  /** Spec 001 §3, §7: one page of the asset list with its facets and total; following pages come by the `next` cursor. */
  async function listAssets(actor: Actor, query: ListQuery): Promise<ListResult> {
    const advanced = advancedQuery(query.q);
    const terms = advanced ? advanced.terms : searchTerms(query.q ?? '');
    // Spec 001 §2.3: while a search text is active the list is sorted by relevance; an advanced query by its sort.
    const isRanked = !advanced && terms.length > 0;
    const sortBy: SortOption = isRanked ? 'relevance' : query.sortBy === 'relevance' || !query.sortBy ? 'lastEdited' : query.sortBy;
    const signing = { key: await pageLinkKey(), query };
    const cursor = query.next ? decodeCursor(query.next, signing) : undefined;
    if (cursor && cursor.sortBy !== sortBy) throw badRequest('next: this page link belongs to another sort order; start the list again.');
    const search = terms.length > 0 ? await engine.prepareSearch(db, terms) : undefined;
    const scope: list.ListScope = { query, engine, userId: actor.identity.id, spaces: actor.rights.spaces, allSpaces: options.allSpaces, search, advanced: advanced?.condition, advancedWords: advanced?.words };
    // A first page narrowed only by facet columns (and search words) is answered from the list index, once it is built.
    const isIndexed = !cursor && list.isCountedByColumns({ ...scope, search: undefined }) && !scope.advancedWords;
    const index = isIndexed ? await options.listIndex?.current() : undefined;
    const listed = pageAndCounts(scope, { sortBy, cursor, limit: query.limit, index });
    // One row more than the page tells whether more follow.
    const cards = listed.rows.then((rows) => loadPage(actor, rows.slice(0, query.limit).map((row) => ({ id: row.asset_id, locale: row.locale }))));
    const presented = listed.counts?.then(async (counts) => ({ total: counts.total, facets: await presentFacets(actor, scope, counts, index !== undefined) }));
    const [rows, versions, counted] = await Promise.all([listed.rows, cards, presented]);
    const total = counted?.total ?? cursor?.total ?? 0;
    const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
    const next = last ? encodeCursor({ sortBy, value: last.sort_value, id: last.asset_id, locale: last.locale, total }, signing) : undefined;
    const facets = counted?.facets ?? [];
    return { versions, sortBy, total, facets, next };
  }

  return {
    /** Spec 001 §3, §7: as `listAssets`, answered from the list cache while the same user asks the same list again. */
    listAssets: (actor: Actor, query: ListQuery) => cache.get(JSON.stringify([actor.identity.id, actor.rights, query]), () => listAssets(actor, query)),
    /** A write happened: lists are computed again (`listCache.ts`). */
    forgetLists: () => cache.forget(),
    /** These versions as cards (everything `presentListItem` needs), in the order of the keys; one not there is left out. */
    loadCards: loadPage,
  };
}

export type ListService = ReturnType<typeof createListService>;
