import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type InstallationRules,
  assetRights,
  canCreateStencil,
  canReadAsset,
  canTranslate,
  isLocaleId,
  mayUseLink,
  resolveLocale,
  type AssetLinkRelation,
  type AssetRights,
  type HttpMethod,
  type AssetStatus,
  type StencilDefinition,
  type UsageResponse,
} from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import { deleteSearchEntry } from '../../db/dialects/fullText.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';
import { insertVersion, writeContent } from './versionWrites.ts';
import { listUsage } from './usage.ts';
import { moveToTrash } from '../revision-store/trashMove.ts';
import { normaliseContent, parseContent, refuseGatedElements, shipInputs, withDefaults, type ContentPayload, type StoredContent } from './content.ts';
import type { Actor, LoadedVersion, QueueChangeEvents, StencilLookup, VersionMeta } from './types.ts';

export interface AssetsServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  stencils: StencilLookup;
  /** Every locale of the installation. */
  localizations: readonly string[];
  spaces: readonly string[];
  enabledFeatures: readonly string[];
  /** The installation's space locales and gallery rule (spec 001 §4, §5); without them neither limits. */
  installation?: InstallationRules | undefined;
  previewExcludedSpaces: readonly string[];
  /**
   * Queues the changes that websites learn of (deletes, ships, spaces changed) in the transaction of the change: the
   * webhooks' outbox, passed in by the app because webhooks sit above assets.
   */
  queueChangeEvents: QueueChangeEvents;
}

const now = () => new Date().toISOString();

/** How often a write without If-Match is retried when a concurrent write wins. */
const WRITE_ATTEMPTS = 3;

/**
 * Spec 000 §6: whether the actor may read a version at all (one of its asset's spaces). Every call that shows or
 * describes an asset asks this; one the actor may not read is answered exactly like one that does not exist.
 */
function mayRead(actor: Actor, version: { spaces: readonly string[] }): boolean {
  return canReadAsset(actor.rights, version);
}

function parseMeta(json: string): VersionMeta {
  return JSON.parse(json) as VersionMeta;
}

export function createAssetsService(options: AssetsServiceOptions) {
  const { db } = options;

  function stencilOf(name: string): StencilDefinition {
    const stencil = options.stencils.get(name);
    if (!stencil) throw new HttpError(500, `The stencil "${name}" of this asset is not installed.`, { code: 'unknown-stencil' });
    return stencil;
  }

  function rightsOn(actor: Actor, version: Pick<LoadedVersion, 'stencil' | 'spaces'> & { localization: Pick<LoadedVersion['localization'], 'locale' | 'status'> }): AssetRights {
    return assetRights({
      rights: actor.rights,
      asset: { stencil: version.stencil.name, spaces: version.spaces, localization: version.localization.locale, status: version.localization.status as AssetStatus },
      previewable: version.stencil.previewable,
      previewExcludedSpaces: options.previewExcludedSpaces,
    });
  }

  /**
   * The guard of every call on a version's link (spec 000 §6): refused with 403 unless the link offers the method to
   * this user, decided by the same table the presenter computes the link's methods from.
   */
  function authorize(actor: Actor, version: Pick<LoadedVersion, 'stencil' | 'spaces' | 'localization'>, call: { link: AssetLinkRelation; method: HttpMethod; refusal: string }): void {
    if (!mayUseLink(rightsOn(actor, version), call.link, call.method)) throw forbidden(call.refusal);
  }

  /** The version if it exists and the actor may read it; undefined otherwise, so that the two look alike. */
  async function findReadable(actor: Actor, id: string, locale: string, withHistory = false): Promise<LoadedVersion | undefined> {
    const [asset, localization, spaces] = await Promise.all([repo.findAsset(db, id), repo.findLocalization(db, id, locale), repo.findSpaces(db, [id])]);
    const assetSpaces = spaces.get(id) ?? [];
    if (!asset || !localization || !mayRead(actor, { spaces: assetSpaces })) return undefined;
    const [locales, bookmarked, pendingSlugTitles, history] = await Promise.all([
      repo.listLocales(db, id),
      repo.findBookmarked(db, actor.identity.id, [{ id, locale }]),
      repo.listPendingSlugTitles(db, id, locale),
      withHistory ? repo.listHistory(db, id, locale) : Promise.resolve(undefined),
    ]);
    return {
      asset,
      spaces: assetSpaces,
      localization,
      stencil: stencilOf(localization.stencil),
      locales,
      bookmarked: bookmarked.has(`${id}-${locale}`),
      pendingSlugTitles,
      history,
    };
  }

  /** Loads a version the actor may read: 404 with the same body whether it does not exist or lies outside their spaces. */
  async function load(actor: Actor, id: string, locale: string, withHistory = false): Promise<LoadedVersion> {
    const version = await findReadable(actor, id, locale, withHistory);
    if (!version) throw notFound(`No asset ${id} in locale ${locale}.`);
    return version;
  }

  /** Spec 002 §3 usage: the versions the user may read that reference this asset, a page at a time. */
  async function usage(actor: Actor, key: { id: string; locale: string }, page: { limit: number; offset: number }): Promise<UsageResponse> {
    await load(actor, key.id, key.locale);
    return listUsage(db, { targetId: key.id, spaces: actor.rights.spaces, ...page });
  }

  function requireLocale(locale: string): void {
    if (!isLocaleId(locale) || !options.localizations.includes(locale)) throw badRequest(`"${locale}" is not a locale of this installation.`);
  }

  /**
   * Creates an asset with its first version. `asImporter` is the deliberate bypass of the creation rights for the
   * import routes, whose own right (spec 002 §6) the caller has checked; it also records where the asset came from.
   */
  async function createAsset(
    actor: Actor,
    input: {
      locale: string;
      space: string;
      stencil: string;
      content: ContentPayload;
      musicImport?: { masterDataId: string; program: string } | undefined;
      externalReference?: { origin: string; foreignId: string } | undefined;
      /** Made by an import: the version records the import's date (spec 002 §3 `crepoImport`) and the source's RB2 id. */
      imported?: { rb2AssetId?: string | undefined } | undefined;
    },
    mode: { asImporter?: boolean } = {},
  ): Promise<LoadedVersion> {
    requireLocale(input.locale);
    const stencil = options.stencils.get(input.stencil);
    if (!stencil) throw badRequest(`container.stencil: there is no stencil named "${input.stencil}".`);
    if (!options.spaces.includes(input.space)) throw badRequest(`space: "${input.space}" is not a space of this installation.`);
    if (!mode.asImporter && !canCreateStencil({ rights: actor.rights, stencil, space: input.space, locale: input.locale, enabledFeatures: options.enabledFeatures, installation: options.installation })) {
      throw forbidden(`You may not create a ${stencil.label} in ${input.space} (${input.locale}).`);
    }
    const content = withDefaults(stencil, normaliseContent(stencil, input.content));
    if (!mode.asImporter) refuseGatedElements({ stencil, before: {}, after: content, features: options.enabledFeatures });
    const id = crypto.randomUUID();
    const at = now();
    await db.transaction().execute(async (trx) => {
      await repo.insertAsset(
        trx,
        {
          id,
          stencil: stencil.name,
          embargo_start: null,
          embargo_end: null,
          external_reference: input.externalReference ? JSON.stringify(input.externalReference) : null,
          music_import: input.musicImport ? JSON.stringify(input.musicImport) : null,
          created_at: at,
          created_by: actor.identity.name,
        },
        [input.space],
      );
      const meta: VersionMeta = input.imported
        ? { crepoImport: { createdDate: at, updatedDate: at }, ...(input.imported.rb2AssetId ? { migration: { rb2assetId: input.imported.rb2AssetId } } : {}) }
        : {};
      await insertVersion(trx, options.dialect, { actor, id, locale: input.locale, stencil, content, meta, at, action: 'create' });
    });
    return load(actor, id, input.locale);
  }

  function requireEdit(actor: Actor, version: LoadedVersion, method: 'PUT' | 'PATCH' = 'PUT'): void {
    authorize(actor, version, { link: 'self', method, refusal: 'You may not edit this asset.' });
  }

  /**
   * Runs a write against the newest stored version. A write that names its version (If-Match) gets 412 when another
   * came first; one that names none is based on whatever is stored, retried a few times if a concurrent write wins.
   */
  async function withLatest(
    actor: Actor,
    key: { id: string; locale: string },
    ifMatch: number | undefined,
    write: (current: LoadedVersion) => Promise<void>,
    method: 'PUT' | 'PATCH' = 'PUT',
  ): Promise<LoadedVersion> {
    for (let attempt = 1; ; attempt++) {
      const current = await load(actor, key.id, key.locale);
      requireEdit(actor, current, method);
      try {
        await write(current);
        return load(actor, key.id, key.locale);
      } catch (error) {
        const retry = ifMatch === undefined && attempt < WRITE_ATTEMPTS && error instanceof HttpError && error.status === 412;
        if (!retry) throw error;
      }
    }
  }

  async function saveVersion(
    actor: Actor,
    key: { id: string; locale: string },
    input: { content: ContentPayload; meta?: (VersionMeta & { externalReference?: { origin: string; foreignId: string } | null }) | undefined; ifMatch: number | undefined },
  ): Promise<LoadedVersion> {
    const saved = await withLatest(actor, key, input.ifMatch, async (current) => {
      const content = normaliseContent(current.stencil, input.content);
      refuseGatedElements({ stencil: current.stencil, before: parseContent(current.localization.content), after: content, features: options.enabledFeatures });
      const stored = parseMeta(current.localization.meta);
      const meta: VersionMeta = {
        ...stored,
        aiTranslationNeedsConfirmation: input.meta?.aiTranslationNeedsConfirmation ?? stored.aiTranslationNeedsConfirmation,
        aiGeneratedProperties: input.meta?.aiGeneratedProperties ?? stored.aiGeneratedProperties,
      };
      await writeContent(db, options.dialect, { actor, current, content, meta, ifMatch: input.ifMatch, action: 'save' });
    });
    if (input.meta && 'externalReference' in input.meta) {
      const reference = input.meta.externalReference;
      await repo.updateAsset(db, key.id, { external_reference: reference ? JSON.stringify(reference) : null });
      return load(actor, key.id, key.locale);
    }
    return saved;
  }

  async function patchVersion(actor: Actor, key: { id: string; locale: string }, input: { content: ContentPayload; ifMatch: number | undefined }): Promise<LoadedVersion> {
    return withLatest(actor, key, input.ifMatch, async (current) => {
      const changes = normaliseContent(current.stencil, input.content);
      const merged = { ...parseContent(current.localization.content) };
      for (const name of Object.keys(input.content)) {
        const change = changes[name];
        if (change) merged[name] = change;
        else delete merged[name];
      }
      refuseGatedElements({ stencil: current.stencil, before: parseContent(current.localization.content), after: merged, features: options.enabledFeatures });
      await writeContent(db, options.dialect, { actor, current, content: merged, meta: parseMeta(current.localization.meta), ifMatch: input.ifMatch, action: 'patch' });
    }, 'PATCH');
  }

  /** Deletes one locale version; the container goes with its last version. Returns the locales that remain. */
  async function deleteVersion(actor: Actor, key: { id: string; locale: string }): Promise<string[]> {
    const current = await load(actor, key.id, key.locale);
    authorize(actor, current, {
      link: 'self',
      method: 'DELETE',
      refusal: current.localization.status === 'published' ? 'A published asset must be unpublished before it can be deleted.' : 'You may not delete this asset.',
    });
    const remainingLocales = await db.transaction().execute(async (trx) => {
      await moveToTrash(trx, { row: current.localization, spaces: current.spaces, asset: current.asset, by: actor.identity, at: now() });
      await repo.deleteLocalization(trx, key.id, key.locale);
      await deleteSearchEntry(trx, options.dialect, key);
      const remaining = await repo.listLocales(trx, key.id);
      if (remaining.length === 0) await repo.deleteAsset(trx, key.id);
      await options.queueChangeEvents(trx, [{ type: 'asset.deleted', assetId: key.id, locale: key.locale, stencil: current.localization.stencil, spaces: current.spaces }]);
      return remaining.map((entry) => entry.locale);
    });
    return remainingLocales;
  }

  /**
   * Spec 000 §7 translate: creates the locale `target` from the content of the locale `reference`. An AI translation
   * passes `draft`, which makes the new content and meta from the source once the rights are checked.
   */
  async function translate(
    actor: Actor,
    key: { id: string; locale: string },
    reference: string,
    draft?: { action: string; make: (source: LoadedVersion) => Promise<{ content: StoredContent; meta: VersionMeta }> },
  ): Promise<LoadedVersion> {
    requireLocale(key.locale);
    const source = await load(actor, key.id, reference);
    if (source.locales.some((entry) => entry.locale === key.locale)) {
      throw new HttpError(409, `Locale ${key.locale} already exists for this asset.`, { code: 'locale-exists' });
    }
    if (!canTranslate({ rights: actor.rights, stencil: source.stencil, assetSpaces: source.spaces, targetLocale: key.locale, installation: options.installation })) {
      throw forbidden("You're missing the user rights for this action");
    }
    const made = draft ? await draft.make(source) : { content: parseContent(source.localization.content), meta: {} };
    try {
      await db.transaction().execute(async (trx) => {
        await insertVersion(trx, options.dialect, {
          actor,
          id: key.id,
          locale: key.locale,
          stencil: source.stencil,
          content: made.content,
          meta: made.meta,
          at: now(),
          action: draft?.action ?? `translate:${reference}`,
        });
      });
    } catch (error) {
      // Two translations into the same locale at once: the primary key lets one in.
      const again = await repo.findLocalization(db, key.id, key.locale);
      if (again) throw new HttpError(409, `Locale ${key.locale} already exists for this asset.`, { code: 'locale-exists' });
      throw error;
    }
    return load(actor, key.id, key.locale);
  }

  /**
   * Copies the named inputs of one locale into others (spec 000 §7 ship and bulk-ship). Each target is written on its
   * own, with the same rights and concurrency rules as a save, so a refused target never half-writes another.
   */
  async function ship(
    actor: Actor,
    input: { id: string; sourceLocale: string; propertiesToShip: string[]; targetLocales?: string[] | undefined },
  ): Promise<Array<{ localization: string; status: number; messages: string[] }>> {
    const source = await load(actor, input.id, input.sourceLocale);
    authorize(actor, source, { link: 'p:ship', method: 'PATCH', refusal: 'You may not edit this asset.' });
    const unknown = input.propertiesToShip.filter((name) => !source.stencil.inputs.some((i) => i.name === name));
    if (unknown.length > 0) throw badRequest(unknown.map((name) => `propertiesToShip: the ${source.stencil.label} stencil has no input named "${name}".`));
    if (input.propertiesToShip.length === 0) throw badRequest('propertiesToShip: name at least one property to ship.');
    const existing = source.locales.map((entry) => entry.locale).filter((locale) => locale !== input.sourceLocale);
    const targets = input.targetLocales ?? existing;
    const sourceContent = parseContent(source.localization.content);
    const results: Array<{ localization: string; status: number; messages: string[] }> = [];
    for (const locale of targets) {
      try {
        if (!existing.includes(locale)) throw notFound(`The asset has no locale ${locale}.`);
        const target = await load(actor, input.id, locale);
        requireEdit(actor, target);
        const content = shipInputs(sourceContent, parseContent(target.localization.content), input.propertiesToShip);
        await writeContent(db, options.dialect, {
          actor,
          current: target,
          content,
          meta: parseMeta(target.localization.meta),
          ifMatch: undefined,
          action: `ship:${input.sourceLocale}`,
          alsoInTransaction: (trx) => options.queueChangeEvents(trx, [{ type: 'asset.shipped', assetId: input.id, locale, stencil: target.localization.stencil, spaces: target.spaces, sourceLocale: input.sourceLocale }]),
        });
        results.push({ localization: locale, status: 200, messages: [] });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.push({ localization: locale, status: error.status, messages: error.messages });
      }
    }
    if (results.some((result) => result.status === 200)) {
      await repo.updateLocalizationShipped(db, { id: input.id, locale: input.sourceLocale, at: now() });
    }
    return results;
  }

  async function setBookmark(actor: Actor, key: { id: string; locale: string }, on: boolean): Promise<void> {
    const version = await load(actor, key.id, key.locale);
    authorize(actor, version, { link: 'p:bookmark', method: on ? 'PUT' : 'DELETE', refusal: 'You may not bookmark this asset.' });
    if (on) await repo.setBookmark(db, { userId: actor.identity.id, ...key, at: now() });
    else await repo.removeBookmark(db, { userId: actor.identity.id, ...key });
  }

  /** Spec 000 §7: the most relevant locale of an asset for a wanted one (exact, same language, any en, first). */
  async function mostRelevant(actor: Actor, id: string, wanted: string): Promise<LoadedVersion> {
    const locales = (await repo.listLocales(db, id)).map((entry) => entry.locale);
    const readable = locales.filter((locale) => actor.rights.localizations.includes(locale));
    const locale = resolveLocale(wanted, readable.length > 0 ? readable : locales);
    const version = locale ? await findReadable(actor, id, locale) : undefined;
    if (!version) throw notFound(`No asset ${id}.`);
    return version;
  }

  /** Any version of the asset, for calls on the container (spaces, embargo): its first locale. */
  async function loadContainer(actor: Actor, id: string): Promise<LoadedVersion> {
    const first = (await repo.listLocales(db, id))[0];
    const version = first ? await findReadable(actor, id, first.locale) : undefined;
    if (!version) throw notFound(`No asset ${id}.`);
    return version;
  }

  /** Spec 001 §7 bulk fetch: each identifier answers on its own, so one missing asset does not fail the others. */
  async function bulkGet(actor: Actor, keys: ReadonlyArray<{ id: string; localization: string }>) {
    return Promise.all(
      keys.map(async (key) => {
        try {
          return { id: key.id, localization: key.localization, status: 200, version: await load(actor, key.id, key.localization) };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { id: key.id, localization: key.localization, status: error.status, messages: error.messages };
        }
      }),
    );
  }

  /** Spec 000 §6, 002 §5: changing spaces needs taxonomy-manager and all-localizations; at least one space, all of them the user's, and a change. */
  async function changeSpaces(actor: Actor, id: string, spaces: string[]): Promise<string[]> {
    const current = await loadContainer(actor, id);
    authorize(actor, current, { link: 'p:changeSpaces', method: 'PUT', refusal: 'Changing spaces needs the taxonomy-manager and all-localizations roles.' });
    const wanted = [...new Set(spaces)].toSorted();
    if (wanted.length === 0) throw badRequest('Select at least one space.');
    const foreign = wanted.filter((space) => !actor.rights.spaces.includes(space));
    if (foreign.length > 0) throw badRequest(`You do not have the space${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')}.`);
    const notAllowed = wanted.filter((space) => current.stencil.spaces && !current.stencil.spaces.includes(space));
    if (notAllowed.length > 0) throw badRequest(`A ${current.stencil.label} cannot live in ${notAllowed.join(', ')}.`);
    if (JSON.stringify(wanted) === JSON.stringify(current.spaces.toSorted())) throw badRequest('The asset is already in these spaces.');
    await db.transaction().execute(async (trx) => {
      await repo.replaceSpaces(trx, id, wanted);
      await options.queueChangeEvents(trx, current.locales.map(({ locale }) => ({ type: 'asset.spaces-changed', assetId: id, locale, stencil: current.asset.stencil, spaces: wanted, previousSpaces: current.spaces })));
    });
    return wanted;
  }

  /** Spec 000 §6, 002 §5: embargo dates need embargo-date-manager; the start must lie before the end. */
  async function setEmbargo(actor: Actor, id: string, dates: { startDate: string | null; endDate: string | null }): Promise<{ startDate: string | null; endDate: string | null }> {
    const current = await loadContainer(actor, id);
    authorize(actor, current, { link: 'p:setEmbargoDate', method: 'POST', refusal: 'Setting embargo dates needs the embargo-date-manager role.' });
    const start = dates.startDate ? new Date(dates.startDate) : null;
    const end = dates.endDate ? new Date(dates.endDate) : null;
    if ((start && Number.isNaN(start.getTime())) || (end && Number.isNaN(end.getTime()))) throw badRequest('Embargo dates must be ISO-8601 dates.');
    if (start && end && start >= end) throw badRequest('Embargo dates are invalid: the start must be before the end.');
    const result = { startDate: start?.toISOString() ?? null, endDate: end?.toISOString() ?? null };
    await repo.updateAsset(db, id, { embargo_start: result.startDate, embargo_end: result.endDate });
    return result;
  }

  return { installation: options.installation, mayRead, load, usage, rightsOn, authorize, createAsset, saveVersion, patchVersion, deleteVersion, translate, ship, setBookmark, mostRelevant, bulkGet, changeSpaces, setEmbargo };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
