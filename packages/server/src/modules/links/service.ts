import type { Kysely } from 'kysely';
import { ASSET_LINK_RELS, type AssetLinksResponse } from '@editor/domain';
import type { AssetLinkTemplates } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import * as assetRepo from '../assets/repository.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';

/** Fills `{id}` and `{locale}` into a configured template, each URI-encoded. */
function fill(template: string, values: { id: string; locale: string }): string {
  return template.replaceAll('{id}', encodeURIComponent(values.id)).replaceAll('{locale}', encodeURIComponent(values.locale));
}

/** Spec 001 §7 url-composer: the outside addresses of an asset, from the configured templates. */
export function createLinksService(options: { db: Kysely<DB>; templates: AssetLinkTemplates; assets: Pick<AssetsService, 'mayRead'> }) {
  /**
   * The links of an asset the user may read (404 otherwise, as for one that does not exist) in the asked locale, else
   * its English version, else the one it was created in; a link without a template is left out.
   */
  async function linksOf(actor: Actor, input: { id: string; localization?: string | undefined }): Promise<AssetLinksResponse> {
    const [spaces, locales] = await Promise.all([assetRepo.findSpaces(options.db, [input.id]), assetRepo.listLocales(options.db, input.id)]);
    const assetSpaces = spaces.get(input.id) ?? [];
    if (locales.length === 0 || !options.assets.mayRead(actor, { spaces: assetSpaces })) throw notFound(`No asset with id ${input.id}.`);
    const names = locales.map((entry) => entry.locale);
    if (input.localization && !names.includes(input.localization)) throw notFound(`No asset with id ${input.id} in ${input.localization}.`);
    const locale = input.localization ?? (names.includes('en') ? 'en' : (names[0] as string));
    const links = ASSET_LINK_RELS.flatMap((rel) => {
      const template = options.templates[rel];
      return template ? [{ rel, href: fill(template, { id: input.id, locale }) }] : [];
    });
    return { data: { links } };
  }

  return { linksOf };
}

export type LinksService = ReturnType<typeof createLinksService>;
