import { z } from 'zod';
import { TV_SPACE } from '../spaces/spaces.ts';
import { assetListItemSchema } from '../asset/list.ts';

/** Spec 001 §9: athletes load 10 at a time (offset step 10). */
export const ATHLETES_PAGE_SIZE = 10;
/** Spec 001 §9: the Recents lists show 10 each. */
export const RECENTS_LIMIT = 10;
/** Spec 001 §9: the event list's default page size. */
export const EVENTS_PAGE_SIZE = 10;
/** Spec 001 §9: tag suggestions answer 3 tags. */
export const TAG_SUGGESTION_AMOUNT = 3;
/** Spec 001 §9: maintainable events lie within 60 days before or after today (docs/decisions.md, "Dashboard events"). */
export const MAINTAINABLE_EVENTS_CUTOFF_DAYS = 60;
/** Spec 001 §5, §9: events that ended more than 100 days ago are hidden. */
export const EVENT_HIDDEN_AFTER_DAYS = 100;
/** Spec 001 §9: the default event status and time zone of a new event. */
export const DEFAULT_EVENT_STATUS = 'Confirmed';
export const DEFAULT_EVENT_TIMEZONE = 'UTC';
/** Spec 001 §9: the default event filter has "hosted by the organisation" on. */
export const DEFAULT_ONLY_HOSTED_BY_PRODUCT = true;
/** Spec 001 §9: trending shows these types unless the user chose others. */
export const DEFAULT_TRENDING_TYPES: readonly string[] = ['story', 'video', 'podcast-episode', 'podcast-show'];
/** Spec 001 §9: users of the video-on-demand service also see film and show. */
export const VIDEO_ON_DEMAND_TRENDING_TYPES: readonly string[] = ['film', 'show'];
/** Spec 001 §9: trending falls back to en when no locale is set. */
export const DEFAULT_TRENDING_LOCALE = 'en';
/** How many trending assets the panel gets (docs/decisions.md, "Trending content"). */
export const TRENDING_LIMIT = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec 001 §5 "video-on-demand users": the users who hold the tv space (docs/decisions.md, "Trending content"). */
export function isVideoOnDemandUser(spaces: readonly string[]): boolean {
  return spaces.includes(TV_SPACE);
}

/** Spec 001 §9: the trending asset types of a user who chose none. */
export function defaultTrendingTypes(spaces: readonly string[]): string[] {
  return isVideoOnDemandUser(spaces) ? [...DEFAULT_TRENDING_TYPES, ...VIDEO_ON_DEMAND_TRENDING_TYPES] : [...DEFAULT_TRENDING_TYPES];
}

/** Spec 001 §9: the trending locales of a user who chose none: their preferred locale, else en. */
export function defaultTrendingLocales(preferredLocalization: string | null | undefined): string[] {
  return [preferredLocalization ?? DEFAULT_TRENDING_LOCALE];
}

/** Spec 001 §5, §9: the earliest end an event may have and still be listed (ISO time). */
export function eventsVisibleSince(now: Date): string {
  return new Date(now.getTime() - EVENT_HIDDEN_AFTER_DAYS * DAY_MS).toISOString();
}

/** Spec 001 §5, §9: an event that ended more than 100 days ago is hidden. */
export function isEventVisible(endDateUtc: string, now: Date): boolean {
  return Date.parse(endDateUtc) >= Date.parse(eventsVisibleSince(now));
}

export const CUT_OFF_RANGES = ['future', 'past'] as const;
export type CutOffRange = (typeof CUT_OFF_RANGES)[number];

/** Spec 001 §9: the window of maintainable events: the next 60 days (future) or the last 60 days (past), as ISO times. */
export function maintainableWindow(range: CutOffRange, now: Date): { from: string; to: string } {
  const edge = new Date(now.getTime() + (range === 'future' ? 1 : -1) * MAINTAINABLE_EVENTS_CUTOFF_DAYS * DAY_MS).toISOString();
  return range === 'future' ? { from: now.toISOString(), to: edge } : { from: edge, to: now.toISOString() };
}

const localeListSchema = z.array(z.string().min(2).max(20)).max(200);

/** Spec 001 §7 `POST /api/v1/panels/trending-content`: the feed's filters (user settings' panels.trendingContent). */
export const trendingRequestSchema = z.object({
  assetTypes: z.array(z.string().min(1).max(100)).max(100).optional(),
  disciplines: z.array(z.string().min(1).max(100)).max(100).optional(),
  eventSeries: z.array(z.string().min(1).max(100)).max(100).optional(),
  locales: localeListSchema.optional(),
});
export type TrendingRequest = z.infer<typeof trendingRequestSchema>;
export const trendingQuerySchema = z.object({ mediaContentFilter: z.enum(['lastPublished']).default('lastPublished') });

/** Spec 001 §3 Trending asset; the first discipline is the one shown. */
export const trendingAssetSchema = z.object({
  id: z.string(),
  localization: z.string(),
  title: z.string(),
  stencil: z.string(),
  imageUrl: z.string().nullable(),
  disciplines: z.array(z.object({ id: z.string(), title: z.string() })),
  additionalTrendingLocales: z.array(z.string()),
});
export type TrendingAsset = z.infer<typeof trendingAssetSchema>;
export const trendingResponseSchema = z.object({ trendingAssets: z.array(trendingAssetSchema) });
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;

/** Spec 001 §7 `POST /api/v1/panels/athletes`: locales in the body; status and page in the query. */
export const athletesRequestSchema = z.object({ locales: localeListSchema.optional() });
export const athletesQuerySchema = z.object({
  assetStatus: z.enum(['published', 'draft']).default('draft'),
  limit: z.coerce.number().int().min(1).max(100).default(ATHLETES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const athletesResponseSchema = z.object({ athletes: z.array(assetListItemSchema) });
export type AthletesResponse = z.infer<typeof athletesResponseSchema>;

/** Spec 001 §9: athletes and schedules have more only when a full page came back. */
export function hasMorePanelEntries(received: number, pageSize: number): boolean {
  return received >= pageSize;
}

export const EVENT_SOURCES = ['CREPO', 'MEPP', 'RBU'] as const;
export const EVENT_STATUSES = ['Confirmed', 'Tentative', 'Postponed', 'Cancelled'] as const;

/** Spec 001 §3 Event, with its series, status, city and coordinates. */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  source: z.enum(EVENT_SOURCES),
  meppRef: z.string().nullable(),
  rbuRef: z.string().nullable(),
  translations: z.array(z.string()),
  tags: z.array(z.string()),
  spaces: z.array(z.string()),
  locale: z.string(),
  startDate: z.object({ dateTimeUTC: z.string(), targetTimezone: z.string() }),
  endDate: z.object({ dateTimeUTC: z.string(), targetTimezone: z.string() }),
  location: z.object({ countryCode: z.string(), countryName: z.string(), city: z.string(), lat: z.number(), lng: z.number() }),
  series: z.string().nullable(),
  hostedByProduct: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  featuredImage: z.object({ imageUrl: z.string() }).nullable(),
});
export type DashboardEvent = z.infer<typeof eventSchema>;

/** Spec 001 §7 events calls: `data` and `meta.totalCount`. */
export const eventsResponseSchema = z.object({ data: z.array(eventSchema), meta: z.object({ totalCount: z.number().int() }) });
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Spec 001 §7 `GET /api/v1/events` and `/events/past`: page[number] from 1, page[size], locales (comma-separated), searchTerm. */
export const eventsQuerySchema = z.object({
  'page[number]': z.coerce.number().int().min(1).max(10_000).default(1),
  'page[size]': z.coerce.number().int().min(1).max(100).default(EVENTS_PAGE_SIZE),
  locales: z.string().max(2000).optional(),
  searchTerm: z.string().max(200).optional(),
  onlyHostedByProduct: flagSchema.default(DEFAULT_ONLY_HOSTED_BY_PRODUCT),
});
export const maintainableEventsQuerySchema = z.object({
  cutOffRange: z.enum(CUT_OFF_RANGES).default('future'),
  'page[number]': z.coerce.number().int().min(1).max(10_000).default(1),
  'page[size]': z.coerce.number().int().min(1).max(100).default(EVENTS_PAGE_SIZE),
  onlyHostedByProduct: flagSchema.default(DEFAULT_ONLY_HOSTED_BY_PRODUCT),
});

/** Spec 001 §7 url-composer links. */
export const ASSET_LINK_RELS = ['web', 'webPreview', 'editorApp', 'explorer', 'featuringApp'] as const;
export type AssetLinkRel = (typeof ASSET_LINK_RELS)[number];
export const assetLinksResponseSchema = z.object({ data: z.object({ links: z.array(z.object({ rel: z.enum(ASSET_LINK_RELS), href: z.string() })) }) });
export type AssetLinksResponse = z.infer<typeof assetLinksResponseSchema>;

/** Spec 001 §7 tag suggestions: the `{type}` of the path names which tagging input asks. */
export const TAG_SUGGESTION_TYPES = ['disciplines', 'tags', 'content-categories'] as const;
export type TagSuggestionType = (typeof TAG_SUGGESTION_TYPES)[number];
export const tagSuggestionRequestSchema = z.object({
  space: z.string().min(1).max(100),
  suggestionAmount: z.number().int().min(1).max(20).default(TAG_SUGGESTION_AMOUNT),
  textualContent: z.string().max(200_000).optional(),
});
/** Spec 001 §3 Tag suggestion. */
export const tagSuggestionSchema = z.object({ uuid: z.string(), title: z.string(), localization: z.string() });
export const tagSuggestionsResponseSchema = z.array(tagSuggestionSchema);
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;
