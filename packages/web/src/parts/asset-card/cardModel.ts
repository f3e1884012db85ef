import {
  assetFlags,
  cardHealth,
  cardHealthMessage,
  displayStatus,
  issueCountText,
  statusBadge,
  type AssetFlags,
  type AssetListItem,
  type BadgeKind,
  type CardHealth,
} from '@editor/domain';

/** What a card says of an asset that has no title yet (the spec gives no text). */
export const UNTITLED = 'Untitled';

/** Spec 000 §4 badge kinds in the UI kit's colours. */
export const BADGE_COLORS: Readonly<Record<BadgeKind, string>> = { success: 'green', inactive: 'gray', warning: 'orange' };

export interface CardModel {
  flags: AssetFlags;
  badge: { kind: BadgeKind; text: string; color: string };
  /** Spec 000 §4: a published or unpublished asset that differs from its last published version. */
  isEdited: boolean;
  health: CardHealth;
  /** The card message (spec 000 §8) and the issue count, only when something is wrong. */
  healthMessage: string | undefined;
  issueText: string | undefined;
  space: string | undefined;
  additionalSpaces: string[];
  /** The other locales of the asset (its translations). */
  translations: Array<{ localization: string; status: string }>;
}

/** What a card shows about an asset version, derived from the list item alone. */
export function cardModel(item: AssetListItem): CardModel {
  const about = item._embedded.about._meta;
  const { status, errorCount, changedProperties } = item._meta;
  const flags = assetFlags({
    localization: item.localization,
    _links: item._links,
    bookmarked: about.bookmarked,
    // The list answer leaves out shipping and import data; no card reads those flags.
    lastShipped: null,
    externalReference: null,
    musicImport: null,
    image: item.image ?? undefined,
  });
  const badge = statusBadge(displayStatus({ status, aiTranslationNeedsConfirmation: item._meta.aiTranslationNeedsConfirmation }));
  const health = cardHealth({ errorCount, isGeoblockedInAssetCountry: flags.geoblocked, isUncropped: flags.uncropped, status });
  // An error counts the validation errors; a warning counts the reasons for it.
  const issues = health === 'error' ? errorCount : [flags.geoblocked, flags.uncropped, status === 'unpublished'].filter(Boolean).length;
  const [space, ...additionalSpaces] = about.spaces;
  return {
    flags,
    badge: { ...badge, color: BADGE_COLORS[badge.kind] },
    isEdited: (status === 'published' || status === 'unpublished') && changedProperties.length > 0,
    health,
    healthMessage: cardHealthMessage(health, item.stencilLabel),
    issueText: health === 'ok' ? undefined : issueCountText(issues),
    space,
    additionalSpaces,
    translations: about.localizations.filter((entry) => entry.localization !== item.localization),
  };
}

/** The key of an asset version in lists and selections (spec 000 §1: id, a hyphen, and the locale). */
export function versionKey(item: Pick<AssetListItem, 'id' | 'localization'>): string {
  return `${item.id}-${item.localization}`;
}
