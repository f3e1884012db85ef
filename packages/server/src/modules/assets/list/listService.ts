import type { Kysely } from 'kysely';
import { STENCIL_GROUPS, isBucketVisible, parseEaql, type AssetStatus, type Facet, type SortOption } from '@editor/domain';
import type { Dialect } from '../../../db/database.ts';
import { searchTerms } from '../../../db/dialects/fullText.ts';
import type { DB } from '../../../db/schema.ts';
import { HttpError, badRequest } from '../../../http/errors.ts';
import { compileEaql, looksLikeEaql } from './eaqlSql.ts';
import * as repo from '../repository.ts';
import type { Actor, LoadedVersion, StencilLookup } from '../types.ts';
import type { AssetsService } from '../service.ts';
import * as list from './listRepository.ts';
import { decodeCursor, encodeCursor, type ListQuery } from './listQuery.ts';

/** Inputs whose references are tags (spec 001 §9: tagging searches disciplines, content categories and LSC). */
export const TAGGING_INPUTS = ['disciplines', 'content-categories', 'lsc', 'tags'];
const TAG_BUCKETS = 20;

const STATUS_LABELS: Record<AssetStatus, string> = { draft: 'Draft', published: 'Published', unpublished: 'Unpublished' };

/** Whether the list filters by a column facet (its own counts then leave that filter out). */
function isFacetFiltered(query: ListQuery, facet: list.ColumnFacet): boolean {
  if (facet === 'infographic') return query.infographic !== undefined;
  return query[facet].length > 0;
}

const buckets = (counts: Map<string, number>, label: (name: string) => string) => [...counts].map(([name, count]) => ({ name, label: label(name), count }));

export interface ListResult {
  versions: LoadedVersion[];
  sortBy: SortOption;
  total: number;
  facets: Facet[];
  next: string | undefined;
}

export function createListService(options: { db: Kysely<DB>; dialect: Dialect; allSpaces: readonly string[]; stencils: StencilLookup & { all(): readonly { name: string; label: string; group: string }[] }; assets: Pick<AssetsService, 'rightsOn'> }) {
  const { db, dialect } = options;

  /** Loads the rows of one page with everything a card needs, in a few batched queries. */
  async function loadPage(actor: Actor, keys: ReadonlyArray<{ id: string; locale: string }>): Promise<LoadedVersion[]> {
    const ids = [...new Set(keys.map((key) => key.id))];
    const [rows, assets, spaces, locales, bookmarked] = await Promise.all([
      repo.findLocalizations(db, keys),
      repo.findAssets(db, ids),
      repo.findSpaces(db, ids),
      repo.listLocalesOf(db, ids),
      repo.findBookmarked(db, actor.identity.id, keys),
    ]);
    const rowOf = new Map(rows.map((row) => [`${row.asset_id}-${row.locale}`, row]));
    const assetOf = new Map(assets.map((asset) => [asset.id, asset]));
    return keys.flatMap((key) => {
      const localization = rowOf.get(`${key.id}-${key.locale}`);
      const asset = assetOf.get(key.id);
      const stencil = localization && options.stencils.get(localization.stencil);
      if (!localization || !asset || !stencil) return [];
      return [{ asset, localization, stencil, spaces: spaces.get(key.id) ?? [], locales: locales.get(key.id) ?? [], bookmarked: bookmarked.has(`${key.id}-${key.locale}`) }];
    });
  }

  /** Stencil buckets follow the create modal: group order, then label. */
  const stencilOrder = (name: string) => {
    const stencil = options.stencils.get(name);
    return stencil ? STENCIL_GROUPS.indexOf(stencil.group) * 1000 + options.stencils.all().indexOf(stencil) : Number.MAX_SAFE_INTEGER;
  };

  async function facetsOf(actor: Actor, scope: list.ListScope): Promise<Facet[]> {
    // Facets whose own filter is not set share one pass; each facet with a set filter counts without it.
    const columnFacets = Object.keys(list.COLUMN_FACETS) as list.ColumnFacet[];
    const filtered = columnFacets.filter((facet) => isFacetFiltered(scope.query, facet));
    const [shared, spaces, tags, ...own] = await Promise.all([
      list.countByColumns(db, dialect, scope, 'none'),
      list.countBySpace(db, dialect, scope),
      list.countByTag(db, dialect, scope, { inputs: TAGGING_INPUTS, limit: TAG_BUCKETS }),
      ...filtered.map((facet) => list.countByColumns(db, dialect, scope, facet)),
    ]);
    const countsOf = (facet: list.ColumnFacet) => {
      const index = filtered.indexOf(facet);
      return (index === -1 ? shared : own[index]!)[facet];
    };
    const stencils = countsOf('stencil');
    const localizations = countsOf('localization');
    const statuses = countsOf('publishstatus');
    // Spec 001 §9: the infographic facet belongs to image assets.
    const infographic = scope.query.stencil.length === 1 && scope.query.stencil[0] === 'image' ? countsOf('infographic') : undefined;
    const facets: Facet[] = [
      {
        name: 'stencil',
        label: 'Asset type',
        selectionBehavior: 'multi',
        buckets: buckets(stencils, (name) => options.stencils.get(name)?.label ?? name).toSorted((a, b) => stencilOrder(a.name) - stencilOrder(b.name)),
      },
      { name: 'tagging', label: 'Tagging', selectionBehavior: 'multi', buckets: tags.map((tag) => ({ name: tag.id, label: tag.title, count: tag.count })) },
      { name: 'localization', label: 'Localisation', selectionBehavior: 'multi', buckets: buckets(localizations, (name) => name).toSorted((a, b) => b.count - a.count || a.name.localeCompare(b.name)) },
      {
        name: 'publishstatus',
        label: 'Status',
        selectionBehavior: 'multi',
        buckets: (['published', 'draft', 'unpublished'] as const).filter((name) => statuses.has(name)).map((name) => ({ name, label: STATUS_LABELS[name], count: statuses.get(name) ?? 0 })),
      },
      { name: 'space', label: 'Space', selectionBehavior: 'multi', buckets: buckets(spaces, (name) => name).toSorted((a, b) => a.name.localeCompare(b.name)) },
    ];
    if (infographic) {
      facets.push({ name: 'infographic', label: 'Infographic', selectionBehavior: 'single', buckets: [['true', 'Yes'], ['false', 'No']].map(([name = '', label = '']) => ({ name, label, count: infographic.get(name === 'true' ? '1' : '0') ?? 0 })) });
    }
    return facets.map((facet) => ({ ...facet, buckets: facet.buckets.filter((bucket) => isBucketVisible(bucket, actor.rights)) }));
  }

  /** An EAQL `q` compiled to SQL; a malformed one is a 400 that names the position of the error. */
  function advancedQuery(q: string | undefined, userId: string): list.ListScope['advanced'] {
    if (!q || !looksLikeEaql(q)) return undefined;
    const parsed = parseEaql(q);
    if (!parsed.ok) throw new HttpError(400, parsed.error.message, { code: 'eaql-syntax', extra: { position: parsed.error.position } });
    const condition = compileEaql(dialect, parsed.query, userId);
    return () => condition;
  }

  /** Spec 001 §3, §7: one page of the asset list with its facets and total; following pages come by the `next` cursor. */
  async function listAssets(actor: Actor, query: ListQuery): Promise<ListResult> {
    const advanced = advancedQuery(query.q, actor.identity.id);
    const terms = advanced ? [] : searchTerms(query.q ?? '');
    // Spec 001 §2.3: while a search text is active the list is sorted by relevance.
    const sortBy: SortOption = terms.length > 0 ? 'relevance' : query.sortBy === 'relevance' || !query.sortBy ? 'lastEdited' : query.sortBy;
    const cursor = query.next ? decodeCursor(query.next) : undefined;
    if (cursor && cursor.sortBy !== sortBy) throw badRequest('next: this page link belongs to another sort order; start the list again.');
    const scope: list.ListScope = { query, userId: actor.identity.id, spaces: actor.rights.spaces, allSpaces: options.allSpaces, searchTerms: terms, advanced };
    const [rows, total, facets] = await Promise.all([
      list.listPage(db, dialect, { scope, sortBy, cursor, limit: query.limit }),
      cursor ? Promise.resolve(cursor.total) : list.countCapped(db, dialect, scope),
      cursor ? Promise.resolve([]) : facetsOf(actor, scope),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next = rows.length > query.limit && last ? encodeCursor({ sortBy, value: last.sort_value, id: last.asset_id, locale: last.locale, total }) : undefined;
    return { versions: await loadPage(actor, page.map((row) => ({ id: row.asset_id, locale: row.locale }))), sortBy, total, facets, next };
  }

  return { listAssets };
}

export type ListService = ReturnType<typeof createListService>;
