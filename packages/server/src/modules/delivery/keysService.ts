import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeliveryKeyCreateBody, DeliveryKeyUpdateBody } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import { hashSecret, isSecretOf, keyIdOf, newSecret } from './keySecrets.ts';
import * as repo from './keysRepository.ts';
import type { DeliveryKeyRow } from './keysRepository.ts';

/** What a request made with a delivery key may read, and how fast. */
export interface DeliveryScope {
  keyId: string;
  spaces: readonly string[];
  locales: readonly string[];
  /** Null: the server's default rate (`DELIVERY_RATE_LIMIT`). */
  requestsPerSecond: number | null;
}

/** Who changes a key, for the record and the audit log. */
export interface KeyEditor {
  userId: string;
  name: string;
  clientAddress: string;
}

/**
 * How long an instance trusts what it read of a key: a key revoked or rescoped on another instance stops or changes
 * here within this time; on the instance that made the change, at once.
 */
export const KEY_CACHE_MS = 10_000;
/** Keys (known and unknown ids) an instance remembers at most; past it the oldest are forgotten. */
const MAX_CACHED_KEYS = 10_000;

/** What an instance read of a key id: its hash and scope (none for an unknown or revoked key), and when. */
interface CachedKey {
  key: { secretHash: string; scope: DeliveryScope } | undefined;
  at: number;
}

const sortedUnique = (values: readonly string[]) => [...new Set(values)].toSorted();

function scopeOf(row: DeliveryKeyRow): DeliveryScope {
  return {
    keyId: row.id,
    spaces: JSON.parse(row.spaces) as string[],
    locales: JSON.parse(row.locales) as string[],
    requestsPerSecond: row.requests_per_second === null ? null : Number(row.requests_per_second),
  };
}

export interface DeliveryKeysServiceOptions {
  db: Kysely<DB>;
  audit: AuditLog;
  /** The installation's spaces and locales: a key may read only these. */
  spaces: readonly string[];
  locales: readonly string[];
  now?: () => Date;
}

export function createDeliveryKeysService(options: DeliveryKeysServiceOptions) {
  const { db, audit } = options;
  const clock = options.now ?? (() => new Date());
  /** What this instance last read of each key id: its hash and scope, none for an unknown or revoked one. */
  const cache = new Map<string, CachedKey>();
  /**
   * Secrets this instance has already checked against their key's hash, by the whole secret: the entry of `cache` they
   * matched. One counts only while that entry is still the key's and fresh, so a revoke or rescope here, or the entry's
   * age, ends it as it ends the entry.
   */
  const verified = new Map<string, { id: string; entry: CachedKey }>();

  /** Spaces and locales of the installation only, each once; 400 naming the others. */
  function checkedScope(body: { spaces?: readonly string[] | undefined; locales?: readonly string[] | undefined }): { spaces?: string[]; locales?: string[] } {
    const problems: string[] = [];
    const check = (field: 'spaces' | 'locales', values: readonly string[] | undefined, known: readonly string[]) => {
      if (values === undefined) return undefined;
      const unknown = values.filter((value) => !known.includes(value));
      if (unknown.length > 0) problems.push(`${field}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of ${known.join(', ')}.`);
      return sortedUnique(values);
    };
    const spaces = check('spaces', body.spaces, options.spaces);
    const locales = check('locales', body.locales, options.locales);
    if (problems.length > 0) throw badRequest(problems);
    return { ...(spaces ? { spaces } : {}), ...(locales ? { locales } : {}) };
  }

  function record(event: 'delivery-key-create' | 'delivery-key-update' | 'delivery-key-revoke', editor: KeyEditor, row: DeliveryKeyRow, detail: Record<string, unknown>): void {
    audit.record({ event, outcome: 'success', userId: editor.userId, clientAddress: editor.clientAddress, target: row.id, detail: { name: row.name, ...detail } });
  }

  async function load(id: string): Promise<DeliveryKeyRow> {
    const row = await repo.findKey(db, id);
    if (!row) throw notFound(`No delivery key ${id}.`);
    return row;
  }

  async function list(): Promise<DeliveryKeyRow[]> {
    return repo.listKeys(db);
  }

  /** Creates a key; the answer holds its secret, which is stored only as a hash and never shown again. */
  async function create(editor: KeyEditor, body: DeliveryKeyCreateBody): Promise<{ row: DeliveryKeyRow; secret: string }> {
    const scope = checkedScope(body);
    const id = crypto.randomUUID();
    const secret = newSecret(id);
    const at = clock().toISOString();
    const row: DeliveryKeyRow = {
      id,
      name: body.name,
      secret_hash: hashSecret(secret),
      spaces: JSON.stringify(scope.spaces ?? []),
      locales: JSON.stringify(scope.locales ?? []),
      requests_per_second: body.requestsPerSecond ?? null,
      created_at: at,
      created_by: editor.name,
      updated_at: at,
      updated_by: editor.name,
      revoked_at: null,
      revoked_by: null,
    };
    await repo.insertKey(db, row);
    record('delivery-key-create', editor, row, { spaces: scope.spaces, locales: scope.locales, requestsPerSecond: row.requests_per_second });
    return { row, secret };
  }

  /** Renames or rescopes a key; a revoked key stays as it was (409). */
  async function update(editor: KeyEditor, id: string, body: DeliveryKeyUpdateBody): Promise<DeliveryKeyRow> {
    const before = await load(id);
    if (before.revoked_at !== null) throw new HttpError(409, 'A revoked delivery key cannot be changed.', { code: 'conflict' });
    const scope = checkedScope(body);
    const values = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(scope.spaces ? { spaces: JSON.stringify(scope.spaces) } : {}),
      ...(scope.locales ? { locales: JSON.stringify(scope.locales) } : {}),
      ...(body.requestsPerSecond === undefined ? {} : { requests_per_second: body.requestsPerSecond }),
      updated_at: clock().toISOString(),
      updated_by: editor.name,
    };
    if (!(await repo.updateLiveKey(db, id, values))) throw new HttpError(409, 'A revoked delivery key cannot be changed.', { code: 'conflict' });
    cache.delete(id);
    const after = await load(id);
    const changed = Object.fromEntries(
      (['name', 'spaces', 'locales', 'requests_per_second'] as const).filter((field) => before[field] !== after[field]).map((field) => [field, { from: before[field], to: after[field] }]),
    );
    record('delivery-key-update', editor, after, { changed });
    return after;
  }

  /** Revokes a key at once on this instance (within KEY_CACHE_MS on the others); revoking it again changes nothing. */
  async function revoke(editor: KeyEditor, id: string): Promise<DeliveryKeyRow> {
    const before = await load(id);
    if (before.revoked_at !== null) return before;
    const at = clock().toISOString();
    if (await repo.updateLiveKey(db, id, { revoked_at: at, revoked_by: editor.name, updated_at: at, updated_by: editor.name })) {
      cache.delete(id);
      const after = await load(id);
      record('delivery-key-revoke', editor, after, {});
      return after;
    }
    return load(id);
  }

  async function cachedKey(id: string): Promise<CachedKey> {
    const now = Date.now();
    const known = cache.get(id);
    if (known && now - known.at < KEY_CACHE_MS) return known;
    const row = await repo.findKey(db, id);
    const entry: CachedKey = { key: row && row.revoked_at === null ? { secretHash: row.secret_hash, scope: scopeOf(row) } : undefined, at: now };
    cache.delete(id);
    if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value ?? '');
    cache.set(id, entry);
    return entry;
  }

  /**
   * The scope of a secret this instance checked before, while what it read of the key is fresh; undefined otherwise
   * (then `authenticate` decides). No hash, no database: the delivery API's requests take this path.
   */
  function authenticateKnown(secret: string): DeliveryScope | undefined {
    const known = verified.get(secret);
    if (!known) return undefined;
    const { id, entry } = known;
    if (!entry.key || cache.get(id) !== entry || Date.now() - entry.at >= KEY_CACHE_MS) {
      verified.delete(secret);
      return undefined;
    }
    return entry.key.scope;
  }

  /** The scope of a request's secret, or undefined when it is no live key's (unknown, wrong or revoked). */
  async function authenticate(secret: string): Promise<DeliveryScope | undefined> {
    const id = keyIdOf(secret);
    if (id === undefined) return undefined;
    const entry = await cachedKey(id);
    if (!entry.key || !isSecretOf(secret, entry.key.secretHash)) return undefined;
    verified.delete(secret);
    if (verified.size >= MAX_CACHED_KEYS) verified.delete(verified.keys().next().value ?? '');
    verified.set(secret, { id, entry });
    return entry.key.scope;
  }

  return { list, get: load, create, update, revoke, authenticate, authenticateKnown };
}

export type DeliveryKeysService = ReturnType<typeof createDeliveryKeysService>;
