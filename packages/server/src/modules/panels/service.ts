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
import { findTitles } from '../assets/list/listRepository.ts';
import { presentListItem } from '../assets/list/listPresenter.ts';
import { cardImageUrlOf } from '../assets/imageOf.ts';
import type { AssetsService } from '../assets/service.ts';
import type { ListService } from '../assets/list/listService.ts';
import type { Actor } from '../assets/types.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { createListCache } from '../assets/list/listCache.ts';
import { findAthletes, findTrendingCandidates, findTrendingCards, findTrendingSignals, type TrendingCandidate } from './repository.ts';
import { TRENDING_CANDIDATES, TRENDING_RANKING_MS, trendingScore, trendingWindowStart } from './trendingScore.ts';

export interface PanelsServiceOptions {
  db: Kysely<DB>;
  /** The cards of the athletes panel, as the asset list reads them. */
  cards: Pick<ListService, 'loadCards'>;
  assets: Pick<AssetsService, 'rightsOn'>;
  delivery: ImageDelivery;
  now?: () => Date;
  /** How long a ranking is kept (`TRENDING_RANKING_MS`); 0 keeps none. */
  rankingMs?: number;
}

/** A ranked asset: the version its card shows (the first asked locale it has) and its other matching locales. */
interface RankedAsset {
  shown: TrendingCandidate;
  others: string[];
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

  /** Rankings by spaces and feed; a publish or unpublish through this instance forgets them (`forgetRankings`). */
  const rankings = createListCache<RankedAsset[]>({ ttlMs: options.rankingMs ?? TRENDING_RANKING_MS, now: () => now().getTime() });

  /** Every candidate asset of the feed in the spaces, most trending first (docs/decisions.md, "Trending content"). */
  async function rank(input: { stencils: readonly string[]; locales: readonly string[]; spaces: readonly string[]; disciplines: readonly string[]; eventSeries: readonly string[] }): Promise<RankedAsset[]> {
    const at = now();
    const since = trendingWindowStart(at);
    const candidates = await findTrendingCandidates(db, { ...input, since, limit: TRENDING_CANDIDATES });
    const byAsset = new Map<string, TrendingCandidate[]>();
    for (const candidate of candidates) {
      const versions = byAsset.get(candidate.asset_id);
      if (versions) versions.push(candidate);
      else byAsset.set(candidate.asset_id, [candidate]);
    }
    const signals = await findTrendingSignals(db, { assetIds: [...byAsset.keys()], since });
    const ranked = [...byAsset].map(([id, versions]) => {
      const ordered = versions.toSorted((a, b) => input.locales.indexOf(a.locale) - input.locales.indexOf(b.locale));
      const newest = versions.reduce((latest, version) => (version.last_published_at > latest ? version.last_published_at : latest), '');
      const score = trendingScore(signals.get(id) ?? { edits: 0, bookmarks: 0, uses: 0 }, { lastPublishedAt: newest, now: at });
      return { id, ordered, newest, score };
    });
    return ranked
      .toSorted((a, b) => b.score - a.score || b.newest.localeCompare(a.newest) || a.id.localeCompare(b.id))
      .map((entry) => ({ shown: entry.ordered[0] as TrendingCandidate, others: entry.ordered.slice(1).map((version) => version.locale) }));
  }

  /**
   * Spec 001 §2.2 Latest Media Content: the most trending recent publishes (docs/decisions.md, "Trending content"),
   * one entry per asset in the first of the asked locales it has, its other matching locales beside it. The ranking
   * may be kept; the cards are read on every call, and only of versions still published in the user's spaces.
   */
  async function trending(actor: Actor, request: TrendingRequest, preferredLocalization: string | null): Promise<TrendingResponse> {
    const spaces = [...actor.rights.spaces].toSorted();
    const feed = {
      stencils: (request.assetTypes && request.assetTypes.length > 0 ? request.assetTypes : defaultTrendingTypes(actor.rights.spaces)).toSorted(),
      // The order of the locales says which version a card shows: it is kept.
      locales: request.locales && request.locales.length > 0 ? request.locales : defaultTrendingLocales(preferredLocalization),
      spaces,
      disciplines: (request.disciplines ?? []).toSorted(),
      eventSeries: (request.eventSeries ?? []).toSorted(),
    };
    const ranked = await rankings.get(JSON.stringify(feed), () => rank(feed));
    type Shown = RankedAsset & { card: { stencil: string; title: string; main_image: string | null; content: string }; disciplineIds: string[] };
    const shownCards: Shown[] = [];
    // Twice a page at a time: a kept ranking may hold versions unpublished or moved out of the spaces since.
    for (let start = 0; start < ranked.length && shownCards.length < TRENDING_LIMIT; start += 2 * TRENDING_LIMIT) {
      const slice = ranked.slice(start, start + 2 * TRENDING_LIMIT);
      const cards = await findTrendingCards(db, { keys: slice.map(({ shown }) => ({ id: shown.asset_id, locale: shown.locale })), spaces });
      for (const entry of slice) {
        const card = cards.get(`${entry.shown.asset_id} ${entry.shown.locale}`);
        if (card && shownCards.length < TRENDING_LIMIT) shownCards.push({ ...entry, card, disciplineIds: disciplineIdsOf(card.content) });
      }
    }
    const titles = await findTitles(db, [...new Set(shownCards.flatMap((entry) => entry.disciplineIds))]);
    return {
      trendingAssets: shownCards.map(({ shown, others, card, disciplineIds }): TrendingAsset => {
        const image = card.main_image ? mediaValueSchema.safeParse(JSON.parse(card.main_image)) : undefined;
        return {
          id: shown.asset_id,
          localization: shown.locale,
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
    const versions = await options.cards.loadCards(actor, keys);
    return { athletes: versions.map((version) => presentListItem(version, options.assets.rightsOn(actor, version), options.delivery)) };
  }

  /** A version was published or unpublished: rankings are computed again. */
  const forgetRankings = () => rankings.forget();

  return { trending, athletes, forgetRankings };
}

export type PanelsService = ReturnType<typeof createPanelsService>;
