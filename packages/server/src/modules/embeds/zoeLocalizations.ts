import type { Kysely } from 'kysely';
import { filterZoeLocalizations, type ZoeLocalization } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { listZoeLocalizationsOfLanguage, type ZoeLocalizationRow } from './zoeRepository.ts';

/** Spec 002 §3 Zoe localization: a stored row as the calls answer it. */
export function presentZoeLocalization(row: ZoeLocalizationRow): ZoeLocalization {
  return {
    id: row.id,
    title: row.title,
    engagement: row.engagement,
    slug: row.slug,
    locale: { language: row.language, country: row.country },
    fullscreenReady: row.fullscreen_ready === 1,
  };
}

/** Spec 002 §7, §9: the stored localizations an asset in `assetLocale` may embed, matching `query`. */
export async function listZoeLocalizations(db: Kysely<DB>, { assetLocale, query }: { assetLocale: string; query: string }): Promise<ZoeLocalization[]> {
  const [language = ''] = assetLocale.split('-');
  const rows = await listZoeLocalizationsOfLanguage(db, language);
  return filterZoeLocalizations({ localizations: rows.map(presentZoeLocalization), assetLocale, query });
}
