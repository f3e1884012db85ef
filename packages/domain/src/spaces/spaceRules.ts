import { isLocaleId } from '../locale/locale.ts';

/** Spec 001 §5: the locales a space publishes in, for the spaces that limit them (`wrc: ['en']`). */
export type SpaceLocales = Readonly<Record<string, readonly string[]>>;

/**
 * The rules of an installation that decide what may be created where (its configuration, served to the app too):
 * the spaces that limit their locales, and whether its environment allows image galleries (spec 001 §4).
 */
export interface InstallationRules {
  spaceLocales: SpaceLocales;
  allowsImageGalleries: boolean;
}

/** The stencil whose creation the environment decides (spec 001 §4), and which opens the gallery wizard. */
export const IMAGE_GALLERY_STENCIL = 'image-gallery';
/** The stencil that opens the event flow (spec 001 §2.4) outside the spaces where it is created the normal way. */
export const EVENT_PROFILE_STENCIL = 'event-profile';

/** Spec 001 §5: whether a space publishes in a locale; a space the configuration does not name takes every locale. */
export function spaceAllowsLocale(spaceLocales: SpaceLocales | undefined, space: string | undefined, locale: string): boolean {
  const allowed = space === undefined ? undefined : spaceLocales?.[space];
  return allowed === undefined || allowed.includes(locale);
}

/** Spec 001 §4: an event profile is created the normal way only in the configured spaces; elsewhere the event flow opens. */
export function opensEventFlow(input: { stencil: string; space: string; eventProfileSpaces: readonly string[] }): boolean {
  return input.stencil === EVENT_PROFILE_STENCIL && !input.eventProfileSpaces.includes(input.space);
}

/**
 * Reads `space=locale,locale;space=locale` (`wrc=en;erc=en,de`): the spaces that limit their locales. Throws with
 * the entry for one that is malformed or names something that is no locale id.
 */
export function parseSpaceLocales(text: string | undefined): SpaceLocales {
  const result: Record<string, string[]> = {};
  for (const entry of (text ?? '').split(';').map((part) => part.trim()).filter(Boolean)) {
    const [space, list] = entry.split('=').map((part) => part.trim());
    const locales = (list ?? '').split(',').map((locale) => locale.trim()).filter(Boolean);
    if (!space || locales.length === 0 || !locales.every(isLocaleId)) throw new Error(`SPACE_LOCALES entries are space=locale,locale; got "${entry}"`);
    result[space] = locales;
  }
  return result;
}
