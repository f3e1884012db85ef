import type { Kysely } from 'kysely';
import {
  checkMasterDataInput,
  issuesOf,
  masterDataExternalId,
  masterDataInputSchema,
  type MasterDataInput,
  type MasterDataKey,
  type MasterDataPatch,
  masterDataStencilOf,
  type UpsertResult,
} from '@editor/domain';
import type { DB, MasterDataRecordTable } from '../../db/schema.ts';
import type { StencilRegistry } from '../stencils/stencilRegistry.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import * as repo from '../imports/repository.ts';
import { changedColumns, checkKnown, recordChange, upsertEach, type RecordEditor } from './recordWriter.ts';

/** The record a stored row holds, as it is written: its content as plain values, the title beside them. */
export function masterDataInputOf(row: MasterDataRecordTable): MasterDataInput {
  const stored = JSON.parse(row.content) as Record<string, { value?: unknown }>;
  const content = Object.fromEntries(Object.entries(stored).filter(([name]) => name !== 'title').map(([name, field]) => [name, field.value]));
  return { domain: row.domain as MasterDataInput['domain'], model: row.model, masterId: row.master_id, program: row.program, locale: row.locale, space: row.space, title: row.title, content };
}

/** The stored row: content as the asset's content payload (`{ name: { value } }`), the title in `title`. */
export function masterDataRowOf(input: MasterDataInput, updatedAt: string): MasterDataRecordTable {
  const fields: Record<string, unknown> = { ...input.content, title: input.title };
  const content = Object.fromEntries(Object.keys(fields).toSorted().map((name) => [name, { value: fields[name] }]));
  return { domain: input.domain, model: input.model, master_id: input.masterId, program: input.program, locale: input.locale, space: input.space, title: input.title, content: JSON.stringify(content), updated_at: updatedAt };
}

const keyOf = (input: MasterDataKey) => ({ domain: input.domain, model: input.model, masterId: input.masterId });

/**
 * Writing the master-data store (migration 027) the import by domain, model and master id reads (spec 002 §7):
 * create, change, delete, and the upsert by the record's key that imports and service accounts use. Every change
 * is written to the audit log; an upsert that changes nothing writes nothing.
 */
export function createMasterDataService(options: {
  db: Kysely<DB>;
  audit: AuditLog;
  spaces: readonly string[];
  locales: readonly string[];
  /** The installed stencils: a record's content fields must be inputs of the stencil its asset is created with. */
  stencils: Pick<StencilRegistry, 'get'>;
  now?: () => Date;
}) {
  const { db, audit } = options;
  const clock = options.now ?? (() => new Date());

  function checkScope(input: MasterDataInput): void {
    checkKnown('space', [input.space], options.spaces);
    checkKnown('locale', [input.locale], options.locales);
    const stencil = options.stencils.get(masterDataStencilOf(input.domain, input.model) ?? '');
    if (!stencil) throw badRequest(`model: the stencil of ${input.domain} ${input.model} is not installed.`);
    const fields = stencil.inputs.map((field) => field.name);
    const unknown = Object.keys(input.content).filter((name) => !fields.includes(name));
    if (unknown.length > 0) throw badRequest(`content: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of the ${stencil.name} stencil.`);
  }

  async function get(key: MasterDataKey): Promise<MasterDataRecordTable> {
    const row = await repo.findMasterDataRecord(db, key);
    if (!row) throw notFound(`There is no ${key.domain} ${key.model} with master id ${key.masterId}.`);
    return row;
  }

  async function create(editor: RecordEditor, input: MasterDataInput): Promise<MasterDataRecordTable> {
    checkScope(input);
    const row = masterDataRowOf(input, clock().toISOString());
    const written = await db.transaction().execute(async (trx) => {
      if (await repo.findMasterDataRecord(trx, keyOf(input))) return false;
      await repo.insertMasterDataRecord(trx, row);
      return true;
    });
    if (!written) throw new HttpError(409, `The ${input.domain} ${input.model} with master id ${input.masterId} exists; change it, or upsert it.`, { code: 'conflict' });
    recordChange(audit, { event: 'reference-data-create', editor, kind: 'master-data', target: masterDataExternalId(input), externalId: masterDataExternalId(input) });
    return row;
  }

  async function update(editor: RecordEditor, key: MasterDataKey, patch: MasterDataPatch): Promise<MasterDataRecordTable> {
    const before = await get(key);
    const merged = masterDataInputSchema.safeParse({ ...masterDataInputOf(before), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) });
    if (!merged.success) throw badRequest(issuesOf(merged.error));
    checkScope(merged.data);
    const after = masterDataRowOf(merged.data, clock().toISOString());
    const changed = changedColumns(before, after, ['updated_at']);
    if (changed.length === 0) return before;
    await repo.updateMasterDataRecord(db, after);
    recordChange(audit, { event: 'reference-data-update', editor, kind: 'master-data', target: masterDataExternalId(key), externalId: masterDataExternalId(key), changed });
    return after;
  }

  async function remove(editor: RecordEditor, key: MasterDataKey): Promise<void> {
    if (!(await repo.deleteMasterDataRecord(db, key))) throw notFound(`There is no ${key.domain} ${key.model} with master id ${key.masterId}.`);
    recordChange(audit, { event: 'reference-data-delete', editor, kind: 'master-data', target: masterDataExternalId(key), externalId: masterDataExternalId(key) });
  }

  async function upsert(editor: RecordEditor, input: MasterDataInput): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: MasterDataRecordTable }> {
    checkScope(input);
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        const before = await repo.findMasterDataRecord(trx, keyOf(input));
        const row = masterDataRowOf(input, clock().toISOString());
        if (!before) {
          await repo.insertMasterDataRecord(trx, row);
          return { outcome: 'created' as const, row, changed: [] as string[] };
        }
        const changed = changedColumns(before, row, ['updated_at']);
        if (changed.length === 0) return { outcome: 'unchanged' as const, row: before, changed };
        await repo.updateMasterDataRecord(trx, row);
        return { outcome: 'updated' as const, row, changed };
      });
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      // Two writers of a new record at once: the second finds the first one's record when it tries again.
      if (!(await repo.findMasterDataRecord(db, keyOf(input)))) throw error;
      result = await attempt();
    }
    const externalId = masterDataExternalId(input);
    if (result.outcome === 'created') recordChange(audit, { event: 'reference-data-create', editor, kind: 'master-data', target: externalId, externalId });
    if (result.outcome === 'updated') recordChange(audit, { event: 'reference-data-update', editor, kind: 'master-data', target: externalId, externalId, changed: result.changed });
    return { outcome: result.outcome, row: result.row };
  }

  async function upsertBatch(editor: RecordEditor, items: readonly unknown[], hrefOf: (row: MasterDataRecordTable) => string): Promise<UpsertResult[]> {
    return upsertEach({
      items,
      check: checkMasterDataInput,
      externalIdOf: (item) => {
        const record = (item !== null && typeof item === 'object' ? item : {}) as Record<string, unknown>;
        return [record.domain, record.model, record.masterId].map((part) => (typeof part === 'string' ? part : '')).join('/');
      },
      upsert: async (item) => {
        const { outcome, row } = await upsert(editor, item);
        return { outcome, href: hrefOf(row) };
      },
    });
  }

  return { get, create, update, remove, upsert, upsertBatch };
}

export type MasterDataService = ReturnType<typeof createMasterDataService>;
