import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MASTER_DATA_STENCILS, type MasterDataDomain } from '@editor/domain';
import type { AllowedImportHost } from '../../config.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { ContentPayload } from '../assets/content.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import type { ResolveHost } from '../../http/outboundRequest.ts';
import { fetchAllowed } from './fetchAllowed.ts';
import * as repo from './repository.ts';

// Spec 002 §7: the models of each master-data domain and their stencils live in the domain, with the write API's schemas.
export { MASTER_DATA_STENCILS, type MasterDataDomain } from '@editor/domain';

/** The largest answer of another installation that is read; a longer one is refused and nothing is written. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;
/** How long one import may wait for its source, look-ups, redirects and body together; then it answers 504. */
const IMPORT_TIMEOUT_MS = 30_000;

/** The part of another installation's version answer (`GET /api/v1/assets/{id}/localizations/{locale}`) an import reads. */
const sourceVersionSchema = z.object({
  id: z.string().uuid(),
  localization: z.string().min(2).max(20),
  stencil: z.string().min(1).max(100),
  content: z.record(z.string(), z.object({ value: z.unknown().optional() })),
  _embedded: z.object({ about: z.object({ _meta: z.object({ spaces: z.array(z.string()).min(1) }) }) }),
  /** Spec 002 §3 `migration.rb2assetId`: kept on the copy when the source carries it. */
  _meta: z.object({ migration: z.object({ rb2assetId: z.string().min(1).max(100) }).optional() }).optional(),
});

export interface ImportResult {
  id: string;
  localization: string;
  stencil: string;
  created: boolean;
}

export interface ImportsServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  assets: AssetsService;
  spaces: readonly string[];
  /** The hosts imports may come from, each with the headers (credentials) sent to it alone. */
  allowedHosts: readonly AllowedImportHost[];
  resolve: ResolveHost;
}

/** `fieldsToImport`: names separated by commas, each once; at least one. */
export function parseFieldsToImport(list: string): string[] {
  const fields = [...new Set(list.split(',').map((field) => field.trim()).filter((field) => field !== ''))];
  if (fields.length === 0) throw badRequest('fieldsToImport: name at least one field to import.');
  return fields;
}

function parseSource(body: Buffer): z.infer<typeof sourceVersionSchema> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(502, 'The source did not answer JSON.', { code: 'import-source-invalid' });
  }
  const parsed = sourceVersionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(502, `The source's answer is not an asset version (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unknown shape'}).`, { code: 'import-source-invalid' });
  }
  return parsed.data;
}

export function createImportsService(options: ImportsServiceOptions) {
  const { db, dialect, assets } = options;

  /**
   * Spec 002 §7 import by external reference: fetches a version of another installation (allow-listed host, public
   * addresses, checked redirects, size cap, one deadline), checks its shape, and creates an asset here with the
   * chosen fields. The source is signed in to with the credentials configured for its host, never the caller's.
   */
  async function importFromUrl(actor: Actor, input: { url: string; fieldsToImport: string }): Promise<ImportResult> {
    const fields = parseFieldsToImport(input.fieldsToImport);
    const body = await fetchAllowed({
      url: input.url,
      allowedHosts: options.allowedHosts,
      maxBytes: IMPORT_MAX_BYTES,
      maxRedirects: MAX_REDIRECTS,
      timeoutMs: IMPORT_TIMEOUT_MS,
      resolve: options.resolve,
    });
    const source = parseSource(body);
    const missing = fields.filter((field) => !(field in source.content));
    if (missing.length > 0) throw badRequest(`fieldsToImport: the source has no field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
    const space = source._embedded.about._meta.spaces.find((candidate) => options.spaces.includes(candidate));
    if (!space) throw badRequest(`None of the source's spaces (${source._embedded.about._meta.spaces.join(', ')}) is a space of this installation.`);
    const reference = { origin: 'crepo', foreignId: `${source.id}-${source.localization}` };
    const existing = await repo.findAssetIdByExternalReference(db, dialect, reference);
    if (existing) throw new HttpError(409, `This version was already imported as asset ${existing}.`, { code: 'already-imported' });
    const content: ContentPayload = Object.fromEntries(fields.map((field) => [field, { value: source.content[field]?.value }]));
    const version = await assets.createAsset(
      actor,
      { locale: source.localization, space, stencil: source.stencil, content, externalReference: reference, imported: { rb2AssetId: source._meta?.migration?.rb2assetId } },
      { asImporter: true },
    );
    return { id: version.asset.id, localization: source.localization, stencil: source.stencil, created: true };
  }

  /**
   * Spec 002 §7 import by domain, model and master id: creates the asset of a master-data record, or creates it again
   * when the one imported before was deleted; an asset that still exists is answered as it is, its last import date
   * (spec 002 §3 `crepoImport.updatedDate`) moved to now.
   */
  async function importMasterData(actor: Actor, key: { domain: MasterDataDomain; model: string; masterId: string }): Promise<ImportResult> {
    const stencil = (MASTER_DATA_STENCILS[key.domain] as Record<string, string>)[key.model];
    if (!stencil) throw badRequest(`model: ${key.domain} has no model "${key.model}".`);
    const record = await repo.findMasterDataRecord(db, key);
    if (!record) throw notFound(`There is no ${key.domain} ${key.model} with master id ${key.masterId}.`);
    const reference = { origin: record.program, foreignId: `${key.domain}/${key.model}/${key.masterId}` };
    const existing = await repo.findAssetIdByExternalReference(db, dialect, reference);
    if (existing) {
      await repo.recordReimport(db, { assetId: existing, locale: record.locale, at: new Date().toISOString() });
      return { id: existing, localization: record.locale, stencil, created: false };
    }
    const version = await assets.createAsset(
      actor,
      {
        locale: record.locale,
        space: record.space,
        stencil,
        content: JSON.parse(record.content) as ContentPayload,
        musicImport: { masterDataId: key.masterId, program: record.program },
        externalReference: reference,
        imported: {},
      },
      { asImporter: true },
    );
    return { id: version.asset.id, localization: record.locale, stencil, created: true };
  }

  return { importFromUrl, importMasterData };
}

export type ImportsService = ReturnType<typeof createImportsService>;
