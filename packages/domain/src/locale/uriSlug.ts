import { z } from 'zod';
import { isLocaleId } from './locale.ts';

/** The `uri-title` input's constraints in our stencils: lower-case letters and digits joined by hyphens, at most 100. */
export const URI_TITLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const URI_TITLE_MAX_LENGTH = 100;

/** Spec 000 §9: the region added to a bare two-letter locale for slug ids. */
export const SLUG_INTERNATIONAL_REGION = 'INT';

const SPACE_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const SLUG_REGION_LOCALE = /^([a-z]{2})-([A-Z]{2,3})$/;

/** Spec 000 §3 URI slug claim: whether a text may be a URI title (the stencils' `uri-title` pattern and length). */
export function isUriTitle(value: string): boolean {
  return value.length <= URI_TITLE_MAX_LENGTH && URI_TITLE_PATTERN.test(value);
}

/** Spec 000 §9: the locale of a slug id: region INT added to a bare two-letter locale ('en' → 'en-INT'); undefined for no locale id. */
export function slugRegionLocaleOf(locale: string): string | undefined {
  if (!isLocaleId(locale)) return undefined;
  return locale.includes('-') ? locale : `${locale}-${SLUG_INTERNATIONAL_REGION}`;
}

/** Spec 000 §9: the asset locale a slug region locale stands for ('en-INT' → 'en'); undefined for no slug region locale. */
export function assetLocaleOfSlugRegion(regionLocale: string): string | undefined {
  const match = SLUG_REGION_LOCALE.exec(regionLocale);
  if (!match) return undefined;
  if (match[2] === SLUG_INTERNATIONAL_REGION) return match[1];
  // A worldwide region (es-LAT) is a locale's region as well as a country is.
  return isLocaleId(regionLocale) ? regionLocale : undefined;
}

/** What a slug id names: one URI title in one space and one slug region locale. */
export interface SlugKey {
  space: string;
  /** The slug region locale ('en-INT', 'de-AT'). */
  regionLocale: string;
  uriTitle: string;
  /** The locale of the asset versions that may own it ('en' for 'en-INT'). */
  locale: string;
}

/**
 * Spec 000 §7, §9 slug id: `{space}:{slug region locale}:{uri title}` (`rbcom:en-INT:cliff-diving-recap`); slugs are
 * unique per space and locale. Undefined when the space, locale or URI title is not one.
 */
export function slugIdOf(input: { space: string; locale: string; uriTitle: string }): string | undefined {
  const regionLocale = slugRegionLocaleOf(input.locale);
  if (!regionLocale || !SPACE_ID.test(input.space) || !isUriTitle(input.uriTitle)) return undefined;
  return `${input.space}:${regionLocale}:${input.uriTitle}`;
}

/** Spec 000 §7 slug id: its parts, or undefined when it is malformed (the inverse of `slugIdOf`). */
export function parseSlugId(slugId: string): SlugKey | undefined {
  const parts = slugId.split(':');
  if (parts.length !== 3) return undefined;
  const [space = '', regionLocale = '', uriTitle = ''] = parts;
  const locale = assetLocaleOfSlugRegion(regionLocale);
  if (!locale || !isLocaleId(locale) || !SPACE_ID.test(space) || !isUriTitle(uriTitle)) return undefined;
  return { space, regionLocale, uriTitle, locale };
}

/** A suffix a URI title may carry (spec 000 §3): temporary (`-tmp-3`) or a date (`-2026-03-14`). */
export type UriTitleSuffix = { kind: 'temporary'; n: number } | { kind: 'date'; date: string };

const TEMPORARY_SUFFIX = /^(.+)-tmp-([1-9][0-9]*)$/;
const DATE_SUFFIX = /^(.+)-(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))$/;

/** Spec 000 §3 URI slug claim: a URI title split into the title it was made from and its temporary or date suffix, if any. */
export function uriTitleSuffixOf(uriTitle: string): { base: string; suffix: UriTitleSuffix | undefined } {
  const temporary = TEMPORARY_SUFFIX.exec(uriTitle);
  if (temporary?.[1] && temporary[2]) return { base: temporary[1], suffix: { kind: 'temporary', n: Number(temporary[2]) } };
  const dated = DATE_SUFFIX.exec(uriTitle);
  if (dated?.[1] && dated[2]) return { base: dated[1], suffix: { kind: 'date', date: dated[2] } };
  return { base: uriTitle, suffix: undefined };
}

/** Appends a suffix, shortening the title at a hyphen when needed so the result stays within the URI title length. */
function withSuffix(base: string, suffix: string): string {
  const room = URI_TITLE_MAX_LENGTH - suffix.length;
  if (base.length <= room) return `${base}${suffix}`;
  const cut = base.slice(0, room);
  const atHyphen = base[room] === '-' ? cut : cut.slice(0, Math.max(cut.lastIndexOf('-'), 1));
  return `${atHyphen.replace(/-+$/, '')}${suffix}`;
}

/** Spec 000 §3 temporary suffix: `{title}-tmp-{n}` (n from 1), within the URI title length. */
export function temporaryUriTitle(base: string, n: number): string {
  return withSuffix(base, `-tmp-${n}`);
}

/** Spec 000 §3 date suffix: `{title}-{YYYY-MM-DD}` of the given day in UTC, within the URI title length. */
export function datedUriTitle(base: string, day: Date): string {
  return withSuffix(base, `-${day.toISOString().slice(0, 10)}`);
}

/**
 * Spec 000 §3: free variants of a taken URI title: the lowest free temporary suffix, and the date suffix of `day`
 * when that one is free. A title that already carries a suffix is varied from the title it was made from.
 */
export function freeUriTitleVariants(input: { uriTitle: string; day: Date; isTaken: (uriTitle: string) => boolean }): { temporary: string; dated: string | undefined } {
  const { base } = uriTitleSuffixOf(input.uriTitle);
  let n = 1;
  while (input.isTaken(temporaryUriTitle(base, n))) n += 1;
  const dated = datedUriTitle(base, input.day);
  return { temporary: temporaryUriTitle(base, n), dated: input.isTaken(dated) ? undefined : dated };
}

/** Spec 002 §3 URI slug claim, as the slug lookup and the claim answer it (seen from the asking asset). */
export const uriSlugClaimSchema = z.object({
  /** The other asset involved: the owner, or (to the owner) the asset whose claim is pending; null when none. */
  conflictAssetId: z.string().nullable(),
  /** The locale of that asset's version; null when none. */
  localization: z.string().nullable(),
  message: z.string().nullable(),
  /** Spec 000 §3: a claim is pending: the title moves to the claiming asset when that one is published. */
  isClaimPending: z.boolean(),
});
export type UriSlugClaim = z.infer<typeof uriSlugClaimSchema>;

/** Spec 000 §7 claim slug: `PATCH .../uriSlugs/{slug id}/relationships/claimingResource` with `data (id, spaces, type)`. */
export const claimUriSlugBodySchema = z.object({
  data: z.object({
    /** The claiming asset's id, or its unique id (`{id}-{locale}`). */
    id: z.string().min(1).max(80),
    /** The claiming asset's spaces; they include the slug's space. */
    spaces: z.array(z.string().min(1).max(100)).min(1).max(100),
    /** The resource type, our stencil name of the claiming asset (recorded by the registry as sent). */
    type: z.string().min(1).max(100),
  }),
});
export type ClaimUriSlugBody = z.infer<typeof claimUriSlugBodySchema>;

/** The state of one slug: its owner and the pending claim, if any. */
export interface UriSlugState {
  owner: { assetId: string; locale: string } | undefined;
  pendingClaim: { assetId: string; locale: string } | undefined;
}

/**
 * Spec 002 §3 URI slug claim from the asking asset's point of view (`askingAssetId`; none for an anonymous lookup):
 * the other asset involved, whether a claim is pending, and a message that names free variants of a taken title.
 */
export function uriSlugClaimOf(input: { state: UriSlugState; askingAssetId?: string | undefined; variants: { temporary: string; dated: string | undefined } }): UriSlugClaim {
  const { owner, pendingClaim } = input.state;
  const isClaimPending = pendingClaim !== undefined;
  const free = { conflictAssetId: null, localization: null, message: null, isClaimPending };
  if (!owner) return free;
  const asking = input.askingAssetId;
  if (asking !== undefined && owner.assetId === asking) {
    if (!pendingClaim) return free;
    return {
      conflictAssetId: pendingClaim.assetId,
      localization: pendingClaim.locale,
      message: `This URI title moves to asset ${pendingClaim.assetId} (${pendingClaim.locale}) when that asset is published.`,
      isClaimPending,
    };
  }
  const conflict = { conflictAssetId: owner.assetId, localization: owner.locale, isClaimPending };
  if (asking !== undefined && pendingClaim?.assetId === asking) {
    return { ...conflict, message: `This URI title is used by asset ${owner.assetId} (${owner.locale}); it will be moved to this asset on publish.` };
  }
  const { temporary, dated } = input.variants;
  const alternatives = dated ? `${temporary} or ${dated}` : temporary;
  return { ...conflict, message: `This URI title is used by asset ${owner.assetId} (${owner.locale}). Free alternatives: ${alternatives}.` };
}
