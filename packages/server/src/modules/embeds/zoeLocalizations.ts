import crypto from 'node:crypto';
import { filterZoeLocalizations, type ZoeLocalization } from '@editor/domain';

/** The engagements (quizzes, polls, personality tests) of the ZOE catalogue, each with the locales it is translated into. */
const ENGAGEMENTS: ReadonlyArray<{ engagement: string; slug: string; fullscreenReady: boolean; titles: Readonly<Record<string, string>> }> = [
  {
    engagement: 'Cliff Diving World Series quiz',
    slug: 'cliff-diving-quiz',
    fullscreenReady: true,
    titles: { en: 'How well do you know cliff diving?', 'en-GB': 'How well do you know cliff diving?', 'de-AT': 'Wie gut kennst du Cliff Diving?', 'de-DE': 'Wie gut kennst du Cliff Diving?', 'fr-FR': 'Connais-tu vraiment le cliff diving ?' },
  },
  {
    engagement: 'Formula One pit stop challenge',
    slug: 'pit-stop-challenge',
    fullscreenReady: true,
    titles: { en: 'Beat the pit crew', 'en-US': 'Beat the pit crew', de: 'Schlag die Boxencrew', 'de-AT': 'Schlag die Boxencrew', 'it-IT': 'Batti il pit crew', 'ja-JP': 'ピットクルーに勝て' },
  },
  {
    engagement: 'Which athlete are you',
    slug: 'which-athlete-are-you',
    fullscreenReady: false,
    titles: { en: 'Which athlete are you?', 'en-GB': 'Which athlete are you?', 'es-ES': '¿Qué atleta eres?', 'pt-BR': 'Qual atleta é você?', 'fr-FR': 'Quel athlète es-tu ?' },
  },
  {
    engagement: 'X-Alps route poll',
    slug: 'x-alps-route-poll',
    fullscreenReady: false,
    titles: { en: 'Pick the next turnpoint', de: 'Wähle den nächsten Wendepunkt', 'de-AT': 'Wähle den nächsten Wendepunkt', 'fr-FR': 'Choisis la prochaine balise' },
  },
  {
    engagement: 'Rally stage predictor',
    slug: 'rally-stage-predictor',
    fullscreenReady: true,
    titles: { en: 'Predict the power stage', 'en-GB': 'Predict the power stage', 'es-ES': 'Predice el power stage', 'it-IT': 'Indovina la power stage' },
  },
];

/** A localization's stable 24-hex id, derived from its engagement and locale. */
const idOf = (slug: string, locale: string) => crypto.createHash('sha256').update(`${slug}/${locale}`).digest('hex').slice(0, 24);

/** The offline ZOE catalogue (spec 002 §3 Zoe localization): one entry per engagement and locale. */
export const ZOE_LOCALIZATIONS: readonly ZoeLocalization[] = ENGAGEMENTS.flatMap(({ engagement, slug, fullscreenReady, titles }) =>
  Object.entries(titles).map(([locale, title]) => {
    const [language = locale, country] = locale.split('-');
    return { id: idOf(slug, locale), title, engagement, slug, locale: { language, country: country ?? null }, fullscreenReady };
  }),
);

/** Spec 002 §7, §9: the localizations an asset in `assetLocale` may embed, matching `query`. */
export function listZoeLocalizations({ assetLocale, query }: { assetLocale: string; query: string }): ZoeLocalization[] {
  return filterZoeLocalizations({ localizations: ZOE_LOCALIZATIONS, assetLocale, query });
}
