import type { Kysely } from 'kysely';
import { fieldEditRule, freeUriTitleVariants, parseSlugId, uriSlugClaimOf, uriTitleSuffixOf, type ClaimUriSlugBody, type SlugKey, type UriSlugClaim } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden } from '../../http/errors.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import * as repo from './repository.ts';
import type { Executor, UriSlugRow, VersionKey } from './repository.ts';

const UUID_LENGTH = 36;

const conflict = (message: string) => new HttpError(409, message, { code: 'conflict' });

function slugKeyOf(slugId: string): SlugKey {
  const key = parseSlugId(slugId);
  if (!key) throw badRequest(`"${slugId}" is not a slug id: {space}:{locale}:{uri title}, for example rbcom:en-INT:cliff-diving-recap.`);
  return key;
}

/** The claiming version: `data.id` is the asset id, or its unique id `{id}-{locale}` in the slug's locale. */
function claimerOf(dataId: string, key: SlugKey): VersionKey {
  if (dataId.length > UUID_LENGTH + 1 && dataId[UUID_LENGTH] === '-') {
    const locale = dataId.slice(UUID_LENGTH + 1);
    if (locale !== key.locale) throw badRequest(`The asset version ${dataId} cannot claim a slug of locale ${key.regionLocale}.`);
    return { assetId: dataId.slice(0, UUID_LENGTH), locale };
  }
  return { assetId: dataId, locale: key.locale };
}

const sameVersion = (a: VersionKey | undefined, b: VersionKey) => a !== undefined && a.assetId === b.assetId && a.locale === b.locale;

/** The slug's owner and pending claim, read in one executor. */
async function stateOf(db: Executor, slugId: string) {
  const [slug, claim] = await Promise.all([repo.findSlug(db, slugId), repo.findClaim(db, slugId)]);
  return {
    owner: slug ? { assetId: slug.asset_id, locale: slug.locale } : undefined,
    pendingClaim: claim ? { assetId: claim.asset_id, locale: claim.locale } : undefined,
  };
}

/**
 * Spec 000 §3: completes the pending URI slug claims of a version that has just been published: each slug it
 * claimed moves to it. Call it in the publishing transaction, so the slugs move only if the publish is stored.
 * Answers the slug ids that moved.
 */
export async function completePendingClaims(trx: Executor, version: VersionKey): Promise<string[]> {
  const claims = await repo.listClaimsBy(trx, version);
  for (const claim of claims) await repo.moveSlug(trx, claim.slug_id, version);
  return claims.map((claim) => claim.slug_id);
}

export interface SlugsServiceOptions {
  db: Kysely<DB>;
  assets: Pick<AssetsService, 'load' | 'rightsOn'>;
  /** The day of the date suffix proposed for a taken title; today by default. */
  now?: () => Date;
}

export function createSlugsService(options: SlugsServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  async function answer(executor: Executor, key: SlugKey, slugId: string, askingAssetId: string | undefined): Promise<UriSlugClaim> {
    const state = await stateOf(executor, slugId);
    const { base } = uriTitleSuffixOf(key.uriTitle);
    const taken = new Set([key.uriTitle, ...(await repo.listTakenVariants(executor, { space: key.space, regionLocale: key.regionLocale, base }))]);
    const variants = freeUriTitleVariants({ uriTitle: key.uriTitle, day: now(), isTaken: (title) => taken.has(title) });
    return uriSlugClaimOf({ state, askingAssetId, variants });
  }

  /**
   * Spec 000 §7 slug lookup, 002 §3 URI slug claim: who owns the slug and whether a claim is pending, seen from
   * `askingAssetId` (an asset id or unique id) when given. Readable in the spaces the user holds.
   */
  async function lookup(actor: Actor, slugId: string, askingAssetId: string | undefined): Promise<UriSlugClaim> {
    const key = slugKeyOf(slugId);
    if (!actor.rights.spaces.includes(key.space)) throw forbidden(`You do not have the space ${key.space}.`);
    return answer(db, key, slugId, askingAssetId === undefined ? undefined : claimerOf(askingAssetId, key).assetId);
  }

  /**
   * Spec 000 §3, §7 claim slug: a free slug becomes the claiming version's at once; a slug another version owns gets
   * a pending claim that moves it on publish (`completePendingClaims`). Refused (the app then answers false, 000 §8)
   * when the user may not change the version's URI title (002 §5), or another claim on the slug is pending.
   */
  async function claim(actor: Actor, slugId: string, body: ClaimUriSlugBody): Promise<UriSlugClaim> {
    const key = slugKeyOf(slugId);
    if (!body.data.spaces.includes(key.space)) throw badRequest(`The claiming asset's spaces do not include the slug's space ${key.space}.`);
    const claimer = claimerOf(body.data.id, key);
    const version = await options.assets.load(actor, claimer.assetId, claimer.locale);
    if (!options.assets.rightsOn(actor, version).edit) throw forbidden(`You may not change asset ${claimer.assetId} in locale ${claimer.locale}.`);
    if (!version.spaces.includes(key.space)) throw badRequest(`Asset ${claimer.assetId} is not in the space ${key.space}.`);

    return db.transaction().execute(async (trx) => {
      const before = await stateOf(trx, slugId);
      if (sameVersion(before.owner, claimer) || sameVersion(before.pendingClaim, claimer)) return answer(trx, key, slugId, claimer.assetId);

      const pendingElsewhere = (await repo.listClaimsBy(trx, claimer)).length > 0;
      const isPublished = version.localization.first_published_at !== null;
      if (!fieldEditRule('uri-title', { rights: actor.rights, isPublished, isSlugClaimPending: pendingElsewhere }).editable) {
        if (pendingElsewhere) throw conflict('The URI title cannot be changed while a claim is pending.');
        throw forbidden('You may not change "uri-title".');
      }

      const at = now().toISOString();
      if (!before.owner) {
        const row: UriSlugRow = { slug_id: slugId, space: key.space, region_locale: key.regionLocale, uri_title: key.uriTitle, asset_id: claimer.assetId, locale: claimer.locale, created_at: at };
        await repo.insertSlugIfFree(trx, row);
      }
      const owned = await stateOf(trx, slugId);
      if (!sameVersion(owned.owner, claimer)) {
        await repo.insertClaimIfNone(trx, { slug_id: slugId, asset_id: claimer.assetId, locale: claimer.locale, user_name: actor.identity.name, created_at: at });
        const { pendingClaim } = await stateOf(trx, slugId);
        if (pendingClaim && !sameVersion(pendingClaim, claimer)) {
          throw conflict(`A claim on this URI title by asset ${pendingClaim.assetId} (${pendingClaim.locale}) is pending.`);
        }
      }
      return answer(trx, key, slugId, claimer.assetId);
    });
  }

  return { lookup, claim };
}

export type SlugsService = ReturnType<typeof createSlugsService>;
