import type { TrendingFeed } from '@editor/domain';

/** Every TanStack Query key of the app, so that invalidation finds what it means. */
export const queryKeys = {
  currentUser: () => ['currentUser'] as const,
  /** Every asset list, whatever its parameters: the prefix that bookmark changes update. */
  assetLists: () => ['assetList'] as const,
  /** One asset list (spec 001 §7 asset search) by its request parameters. */
  assetList: (params: Readonly<Record<string, string>>) => ['assetList', params] as const,
  /** A search in an asset-backed filter dropdown (tagging, authorship). */
  assetSearch: (params: Readonly<Record<string, string>>) => ['assetSearch', params] as const,
  /** Every lookup of referenced assets for a locale: where a smaller set of references finds its answer. */
  referencedAssetsIn: (localization: string) => ['referencedAssets', localization] as const,
  /** The assets a reference field points to (its ids, sorted), each in the version most relevant to the locale. */
  referencedAssets: (ids: readonly string[], localization: string) => ['referencedAssets', localization, ids] as const,
  /** The episode and season numbers of referenced versions (`id-locale`), for the list ordering of spec 002 §5. */
  referenceNumbers: (versions: readonly string[]) => ['referenceNumbers', versions] as const,
  /** A search of a reference input's tag picker: its stencils and text, and the locale whose versions it offers. */
  referenceSearch: (params: Readonly<Record<string, string>>, locale: string) => ['referenceSearch', params, locale] as const,
  /** The users search of the author filter (spec 001 §7). */
  userSearch: (query: string) => ['userSearch', query] as const,
  /** A stencil's definition by name (its inputs and their constraints). */
  stencilDefinition: (name: string) => ['stencilDefinition', name] as const,
  /** The schema attributes of the installed stencils (spec 002 §7): where internal links may point. */
  schemaAttributes: () => ['schemaAttributes'] as const,
  /** The stencils the user may create in a space and locale (the create-content modal). */
  creatableStencils: (space: string, localization: string) => ['creatableStencils', space, localization] as const,
  /** Every lifecycle of an asset's locales: the prefix to invalidate after publishing or unpublishing. */
  lifecycles: (id: string) => ['lifecycle', id] as const,
  /** The lifecycle of one version (spec 000 §7 `GET /api/crepo/lifecycles/{id}?localization=`). */
  lifecycle: (id: string, localization: string) => ['lifecycle', id, localization] as const,
  /** The versions referencing an asset (spec 002 §7 usage), page by page, by the version's usage link. */
  usage: (usageHref: string) => ['usage', usageHref] as const,
  /** The publish check of a version (spec 002 §4), by its publish-check link; run afresh each time the modal opens. */
  publishCheck: (publishCheckHref: string) => ['publishCheck', publishCheckHref] as const,
  /** The URI slug registry's answer for a slug id, seen from an asset (spec 000 §7 slug lookup). */
  uriSlug: (slugId: string, assetId: string) => ['uriSlug', slugId, assetId] as const,
  /** One asset version opened in the editor, with its stencil's definition. */
  editorAsset: (id: string, locale: string) => ['editorAsset', id, locale] as const,
  /** The AI translations offered for an asset: the prefix to invalidate once its locales change. */
  availableAiTranslationsOf: (id: string) => ['availableAiTranslations', id] as const,
  /** The AI translation targets offered for one source version (spec 002 §4 translate modal). */
  availableAiTranslations: (id: string, sourceLocale: string) => ['availableAiTranslations', id, sourceLocale] as const,
  /** An image's metadata and resources (spec 000 §7 `GET /api/v1/media`), by provider and reference id. */
  imageMedia: (provider: string, referenceId: string) => ['imageMedia', provider, referenceId] as const,
  /** A video's or audio file's metadata and resources (spec 000 §7 `GET /api/v1/media`), by provider and reference id. */
  archiveMedia: (provider: string, referenceId: string) => ['archiveMedia', provider, referenceId] as const,
  /** The ZOE localizations for an asset locale and a search (spec 002 §7 `GET /api/v1/media/zoe/localizations`). */
  zoeLocalizations: (locale: string, query: string) => ['zoeLocalizations', locale, query] as const,
  /** The version a list card's media preview panel shows (spec 001 §2.3), by the version's self link. */
  mediaPreview: (versionHref: string) => ['mediaPreview', versionHref] as const,
  /** The renditions a player can stream of an archive item (spec 002 §7 video renditions by referenceId). */
  mediaRenditions: (referenceId: string) => ['mediaRenditions', referenceId] as const,
  /** The media archive search (spec 000 §7 `GET api/v1/sparkle/assets`) by its first page's parameters, page by page. */
  mediaArchive: (params: Readonly<Record<string, string>>) => ['mediaArchive', params] as const,
  /** The preview clip markers of an archive video (spec 002 §7), by its reference id; the first is its marker. */
  previewClipMarkers: (referenceId: string) => ['previewClipMarkers', referenceId] as const,
  /** Every dashboard panel (spec 001 §2.2): the prefix to refresh them together. */
  dashboard: () => ['dashboard'] as const,
  /** The Schedule panel (spec 001 §7 `POST /api/v1/panels/schedules`) for its locales, page by page. */
  dashboardSchedule: (locales: readonly string[]) => ['dashboard', 'schedule', locales] as const,
  /** The Athletes panel (spec 001 §7 `POST /api/v1/panels/athletes`): new (draft) or existing (published), page by page. */
  dashboardAthletes: (assetStatus: string, locales: readonly string[]) => ['dashboard', 'athletes', assetStatus, locales] as const,
  /** The trending content of the Latest Media Content panel (spec 001 §7) for the user's feed settings. */
  dashboardTrending: (feed: Readonly<TrendingFeed>) => ['dashboard', 'trending', feed] as const,
  /** The Event Opportunities panel (spec 001 §7 events calls): upcoming (create flow) or only existing (maintain flow). */
  dashboardEvents: (flow: string, locales: readonly string[]) => ['dashboard', 'events', flow, locales] as const,
  /** The url-composer links of an asset version (spec 001 §7 Links). */
  resourceLinks: (id: string, localization: string) => ['resourceLinks', id, localization] as const,
  /** Tag suggestions (spec 001 §7) for a text, by tag type and space. */
  tagSuggestions: (params: Readonly<Record<string, string>>) => ['tagSuggestions', params] as const,
  /** Whether the asset an internal rich-text link points to still exists. */
  linkedAsset: (assetId: string) => ['linkedAsset', assetId] as const,
  /** The place autocomplete (spec 001 §7) for a typed text. */
  placeSearch: (text: string) => ['placeSearch', text] as const,
  /** A static map image (spec 000 §7) by its URL. */
  staticMap: (url: string) => ['staticMap', url] as const,
  /** The delivery API's keys (technical admins only), revoked ones included. */
  deliveryKeys: () => ['deliveryKeys'] as const,
  /** The revisions of a version (issue 41 history), page by page: the prefix a save or a restore refreshes. */
  revisions: (id: string, localization: string) => ['revisions', id, localization] as const,
  /** Two revisions of a version compared field by field; revisions never change, so neither does the answer. */
  revisionComparison: (id: string, localization: string, from: number, to: number) => ['revisionComparison', id, localization, from, to] as const,
  /** The deleted versions a technical admin may restore (issue 41 trash), page by page. */
  trash: () => ['trash'] as const,
  /** Every webhook endpoint (technical admins only). */
  webhookEndpoints: () => ['webhookEndpoints'] as const,
  /** Every page of an endpoint's delivery log, by the endpoint's deliveries link: the prefix a resend refreshes. */
  webhookDeliveries: (deliveriesHref: string) => ['webhookDeliveries', deliveriesHref] as const,
  /** One page of an endpoint's delivery log, by its link (the deliveries link, or a page's `next`). */
  webhookDeliveryPage: (deliveriesHref: string, pageHref: string) => ['webhookDeliveries', deliveriesHref, pageHref] as const,
};
