import type { Link } from '../api/errors.ts';
import type { MediaValue } from './values.ts';

/** What the derived flags are computed from: the links with their methods, the container meta and the image. */
export interface FlagSource {
  localization: string;
  _links: Partial<Record<'self' | 'p:publish' | 'p:depublish' | 'p:preview', Link>>;
  bookmarked: boolean;
  lastShipped: string | null;
  externalReference: unknown;
  musicImport: unknown;
  /** The asset's main image (an image asset's image, otherwise its hero image), if any. */
  image: MediaValue | undefined;
}

export interface AssetFlags {
  editable: boolean;
  deletable: boolean;
  publishable: boolean;
  depublishable: boolean;
  previewable: boolean;
  geoblocked: boolean;
  uncropped: boolean;
  imported: boolean;
  shipped: boolean;
  bookmarked: boolean;
}

const allows = (link: Link | undefined, method: Link['methods'][number]) => link?.methods.includes(method) ?? false;

/** Languages whose country is not written like the language (ja → JP); the rest upper-case the language. */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = { ja: 'JP', ko: 'KR', zh: 'CN', cs: 'CZ', da: 'DK', el: 'GR', sv: 'SE', uk: 'UA' };

/**
 * The country an asset version is for: the locale's region, else the language's home country. Bare `en` is the
 * worldwide edition (spec 000 §9 lists EN among the worldwide regions) and has no country.
 */
export function countryOfLocale(locale: string): string | undefined {
  const [language = '', region] = locale.split('-');
  if (region) return region;
  if (language === 'en') return undefined;
  return LANGUAGE_COUNTRY[language] ?? language.toUpperCase();
}

function isBlockedIn(image: MediaValue | undefined, country: string | undefined): boolean {
  return country !== undefined && (image?.blockedIn?.includes(country) ?? false);
}

/**
 * Spec 000 §3 derived flags. Rights come from the links' methods (editable = self allows PUT, ...); geoblocked means the
 * image is blocked in the asset's country; uncropped is an image without crop ratios; imported means created by an importer.
 */
export function assetFlags(source: FlagSource): AssetFlags {
  const { _links: links, image } = source;
  return {
    editable: allows(links.self, 'PUT'),
    deletable: allows(links.self, 'DELETE'),
    publishable: allows(links['p:publish'], 'POST'),
    depublishable: allows(links['p:depublish'], 'POST'),
    previewable: allows(links['p:preview'], 'POST'),
    geoblocked: isBlockedIn(image, countryOfLocale(source.localization)),
    uncropped: image !== undefined && Object.keys(image.ratios ?? {}).length === 0,
    imported: source.externalReference != null || source.musicImport != null,
    shipped: source.lastShipped !== null,
    bookmarked: source.bookmarked,
  };
}
