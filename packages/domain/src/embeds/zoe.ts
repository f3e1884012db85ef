import { z } from 'zod';

/** Spec 002 §9: a ZOE id is 24 hexadecimal characters. */
export const ZOE_ID = /^[0-9a-f]{24}$/i;

/** Spec 002 §9: a search text that is a 24-hex string looks up that id. */
export function isZoeId(text: string): boolean {
  return ZOE_ID.test(text.trim());
}

/** Spec 002 §3 Zoe localization. */
export const zoeLocalizationSchema = z.object({
  id: z.string(),
  title: z.string(),
  engagement: z.string(),
  slug: z.string(),
  locale: z.object({ language: z.string(), country: z.string().nullable() }),
  fullscreenReady: z.boolean(),
});
export type ZoeLocalization = z.infer<typeof zoeLocalizationSchema>;

/** `GET /api/v1/media/zoe/localizations` (spec 002 §7). */
export const zoeLocalizationListSchema = z.object({ localizations: z.array(zoeLocalizationSchema) });
export type ZoeLocalizationList = z.infer<typeof zoeLocalizationListSchema>;

/** Spec 002 §9: an international family is a locale without a country ('en', 'de'): its lists filter on the language alone. */
export function isInternationalFamily(locale: string): boolean {
  return !locale.includes('-');
}

/**
 * Spec 002 §9 Zoe filter: the localizations of the asset's language, and of its country too unless the asset's
 * locale is an international family; a 24-hex query picks that id, any other query matches title, engagement or
 * slug (case-insensitively).
 */
export function filterZoeLocalizations({ localizations, assetLocale, query }: { localizations: readonly ZoeLocalization[]; assetLocale: string; query: string }): ZoeLocalization[] {
  const [language = '', country] = assetLocale.split('-');
  const text = query.trim().toLowerCase();
  return localizations.filter((localization) => {
    if (localization.locale.language.toLowerCase() !== language.toLowerCase()) return false;
    if (!isInternationalFamily(assetLocale) && (localization.locale.country ?? '').toUpperCase() !== (country ?? '').toUpperCase()) return false;
    if (text === '') return true;
    if (isZoeId(text)) return localization.id.toLowerCase() === text;
    return [localization.title, localization.engagement, localization.slug].some((field) => field.toLowerCase().includes(text));
  });
}
