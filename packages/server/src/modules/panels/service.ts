import type { Kysely } from 'kysely';
import {
  TRENDING_LIMIT,
  assetReferenceSchema,
  defaultTrendingLocales,
  defaultTrendingTypes,
  mediaValueSchema,
  type AthletesResponse,
  type TrendingAsset,
  type TrendingRequest,
  type TrendingResponse,
} from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import * as assetRepo from '../assets/repository.ts';
import { findTitles } from '../assets/list/listRepository.ts';
import { presentListItem } from '../assets/list/listPresenter.ts';
import { cardImageUrlOf } from '../assets/imageOf.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor, LoadedVersion, StencilLookup } from '../assets/types.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { findAthletes, findTrendingCandidates, findTrendingCards, findTrendingSignals, type TrendingCandidate } from './repository.ts';
import { TRENDING_CANDIDATES, trendingScore, trendingWindowStart } from './trendingScore.ts';

export interface PanelsServiceOptions {
  db: Kysely<DB>;
  stencils: StencilLookup;
  assets: Pick<AssetsService, 'rightsOn'>;
  delivery: ImageDelivery;
  now?: () => Date;
}

/** The ids of the disciplines a version's content names, in its order (the first is the one a card shows). */
function disciplineIdsOf(content: string): string[] {
  const value = (JSON.parse(content) as Record<string, { value?: unknown } | undefined>).disciplines?.value;
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.flatMap((item) => {
    const parsed = assetReferenceSchema.safeParse(item);
    return parsed.success ? [parsed.data.id] : [];
  });
}

/** Spec 001 §2.2, §7: the dashboard's trending and athletes panels (the schedule panel is the lifecycle's). */
export function createPanelsService(options: PanelsServiceOptions) {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();

  /** The versions as cards: everything `presentListItem` needs, in the order of `keys`. */
  async function loadCards(actor: Actor, keys: ReadonlyArray<{ id: string; locale: string }>): Promise<LoadedVersion[]> {
    const ids = [...new Set(keys.map((key) => key.id))];
    const [rows, assets, spaces, locales, bookmarked] = await Promise.all([
      assetRepo.findLocalizations(db, keys),
      assetRepo.findAssets(db, ids),
      assetRepo.findSpaces(db, ids),
      assetRepo.listLocalesOf(db, ids),
      assetRepo.findBookmarked(db, actor.identity.id, keys),
    ]);
    const rowOf = new Map(rows.map((row) => [`${row.asset_id} ${row.locale}`, row]));
    const assetOf = new Map(assets.map((asset) => [asset.id, asset]));
    return keys.flatMap((key) => {
      const localization = rowOf.get(`${key.id} ${key.locale}`);
      const asset = assetOf.get(key.id);
      const stencil = localization && options.stencils.get(localization.stencil);
      if (!localization || !asset || !stencil) return [];
      return [{ asset, localization, stencil, spaces: spaces.get(key.id) ?? [], locales: locales.get(key.id) ?? [], bookmarked: bookmarked.has(`${key.id}-${key.locale}`) }];
    });
  }

  /**
   * Spec 001 §2.2 Latest Media Content: the most trending recent publishes (docs/decisions.md, "Trending content"),
   * one entry per asset in the first of the asked locales it has, its other matching locales beside it.
   */
  async function trending(actor: Actor, request: TrendingRequest, preferredLocalization: string | null): Promise<TrendingResponse> {
    const at = now();
    const since = trendingWindowStart(at);
    const locales = request.locales && request.locales.length > 0 ? request.locales : defaultTrendingLocales(preferredLocalization);
    const candidates = await findTrendingCandidates(db, {
      since,
      stencils: request.assetTypes && request.assetTypes.length > 0 ? request.assetTypes : defaultTrendingTypes(actor.rights.spaces),
      locales,
      spaces: actor.rights.spaces,
      disciplines: request.disciplines ?? [],
      eventSeries: request.eventSeries ?? [],
      limit: TRENDING_CANDIDATES,
    });
    const byAsset = new Map<string, TrendingCandidate[]>();
    for (const candidate of candidates) byAsset.set(candidate.asset_id, [...(byAsset.get(candidate.asset_id) ?? []), candidate]);
    const signals = await findTrendingSignals(db, { assetIds: [...byAsset.keys()], since });
    const ranked = [...byAsset].map(([id, versions]) => {
      const ordered = versions.toSorted((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
      const newest = versions.reduce((latest, version) => (version.last_published_at > latest ? version.last_published_at : latest), '');
      const score = trendingScore(signals.get(id) ?? { edits: 0, bookmarks: 0, uses: 0 }, { lastPublishedAt: newest, now: at });
      return { id, ordered, newest, score };
    });
    const top = ranked
      .toSorted((a, b) => b.score - a.score || b.newest.localeCompare(a.newest) || a.id.localeCompare(b.id))
      .slice(0, TRENDING_LIMIT)
      .map((entry) => ({ shown: entry.ordered[0] as TrendingCandidate, others: entry.ordered.slice(1).map((version) => version.locale) }));
    const cards = await findTrendingCards(db, top.map(({ shown }) => ({ id: shown.asset_id, locale: shown.locale })));
    const shownCards = top.flatMap(({ shown, others }) => {
      const card = cards.get(`${shown.asset_id} ${shown.locale}`);
      return card ? [{ id: shown.asset_id, locale: shown.locale, others, card, disciplineIds: disciplineIdsOf(card.content) }] : [];
    });
    const titles = await findTitles(db, [...new Set(shownCards.flatMap((entry) => entry.disciplineIds))]);
    return {
      trendingAssets: shownCards.map(({ id, locale, others, card, disciplineIds }): TrendingAsset => {
        const image = card.main_image ? mediaValueSchema.safeParse(JSON.parse(card.main_image)) : undefined;
        return {
          id,
          localization: locale,
          title: card.title,
          stencil: card.stencil,
          imageUrl: image?.success ? (cardImageUrlOf(image.data, options.delivery) ?? null) : null,
          disciplines: disciplineIds.flatMap((disciplineId) => {
            const title = titles.get(disciplineId);
            return title === undefined ? [] : [{ id: disciplineId, title }];
          }),
          additionalTrendingLocales: others,
        };
      }),
    };
  }

  /** Spec 001 §2.2 Athletes: new (draft) or existing (published) athletes in the locales, a page at a time. */
  async function athletes(actor: Actor, input: { locales?: readonly string[] | undefined; status: 'draft' | 'published'; limit: number; offset: number }): Promise<AthletesResponse> {
    const keys = await findAthletes(db, {
      status: input.status,
      locales: input.locales && input.locales.length > 0 ? input.locales : actor.rights.localizations,
      spaces: actor.rights.spaces,
      limit: input.limit,
      offset: input.offset,
    });
    const versions = await loadCards(actor, keys);
    return { athletes: versions.map((version) => presentListItem(version, options.assets.rightsOn(actor, version), options.delivery)) };
  }

  return { trending, athletes };
}

export type PanelsService = ReturnType<typeof createPanelsService>;
