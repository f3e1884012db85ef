import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ZoeRecordInput } from '@editor/domain';
import type { DB } from '../db/schema.ts';
import type { AuditLog } from '../modules/audit/auditLog.ts';
import { countZoeLocalizations } from '../modules/embeds/zoeRepository.ts';
import { DEMO_SEED_EDITOR } from '../modules/reference-data/recordWriter.ts';
import { createZoeService } from '../modules/reference-data/zoeService.ts';

/** The demo's engagements (quizzes, polls, personality tests), each with the locales it is translated into. */
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

/** A localization's stable 24-hex id, derived from its engagement and locale (ZOE gives its own in a real catalogue). */
const idOf = (slug: string, locale: string) => crypto.createHash('sha256').update(`${slug}/${locale}`).digest('hex').slice(0, 24);

/** The demo's ZOE catalogue (spec 002 §3 Zoe localization): one entry per engagement and locale. */
export const DEMO_ZOE_LOCALIZATIONS: readonly ZoeRecordInput[] = ENGAGEMENTS.flatMap(({ engagement, slug, fullscreenReady, titles }) =>
  Object.entries(titles).map(([locale, title]) => ({ id: idOf(slug, locale), title, engagement, slug, locale, fullscreenReady })),
);

/**
 * Seeds the ZOE localizations when there are none (the first start), through the upsert that imports and service
 * accounts use; answers how many were written.
 */
export async function seedDemoZoeLocalizationsIfEmpty(options: { db: Kysely<DB>; audit: AuditLog }): Promise<number> {
  if ((await countZoeLocalizations(options.db)) > 0) return 0;
  const zoe = createZoeService(options);
  let written = 0;
  for (const input of DEMO_ZOE_LOCALIZATIONS) {
    if ((await zoe.upsert(DEMO_SEED_EDITOR, input)).outcome === 'created') written += 1;
  }
  return written;
}
