import type { Kysely } from 'kysely';
import { checkZoeRecordInput, type UpsertResult, type ZoeRecordInput, type ZoeRecordPatch } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import * as repo from '../embeds/zoeRepository.ts';
import type { ZoeLocalizationRow } from '../embeds/zoeRepository.ts';
import { changedColumns, recordChange, textField, upsertEach, type RecordEditor } from './recordWriter.ts';

/** The stored row: the locale split into its language (lower case) and country (upper case, or null). */
export function zoeRowOf(input: ZoeRecordInput, updatedAt: string): ZoeLocalizationRow {
  const [language = input.locale, country] = input.locale.split('-');
  return {
    id: input.id,
    title: input.title,
    engagement: input.engagement,
    slug: input.slug,
    language: language.toLowerCase(),
    country: country ? country.toUpperCase() : null,
    fullscreen_ready: input.fullscreenReady ? 1 : 0,
    updated_at: updatedAt,
  };
}

function inputOf(row: ZoeLocalizationRow): ZoeRecordInput {
  return { id: row.id, title: row.title, engagement: row.engagement, slug: row.slug, locale: row.country ? `${row.language}-${row.country}` : row.language, fullscreenReady: row.fullscreen_ready === 1 };
}

/**
 * Writing the ZOE localizations (migration 037) the embed search lists (spec 002 §7, §9): create, change, delete,
 * and the upsert by ZOE's id that imports and service accounts use. Every change is written to the audit log.
 */
export function createZoeService(options: { db: Kysely<DB>; audit: AuditLog; now?: () => Date }) {
  const { db, audit } = options;
  const clock = options.now ?? (() => new Date());

  async function get(id: string): Promise<ZoeLocalizationRow> {
    const row = await repo.findZoeLocalization(db, id.toLowerCase());
    if (!row) throw notFound(`There is no ZOE localization ${id}.`);
    return row;
  }

  async function create(editor: RecordEditor, input: ZoeRecordInput): Promise<ZoeLocalizationRow> {
    const row = zoeRowOf(input, clock().toISOString());
    const written = await db.transaction().execute(async (trx) => {
      if (await repo.findZoeLocalization(trx, input.id)) return false;
      await repo.insertZoeLocalization(trx, row);
      return true;
    });
    if (!written) throw new HttpError(409, `The ZOE localization ${input.id} exists; change it, or upsert it.`, { code: 'conflict' });
    recordChange(audit, { event: 'reference-data-create', editor, kind: 'zoe-localizations', target: input.id, externalId: input.id });
    return row;
  }

  async function update(editor: RecordEditor, id: string, patch: ZoeRecordPatch): Promise<ZoeLocalizationRow> {
    const before = await get(id);
    const after = zoeRowOf({ ...inputOf(before), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) }, clock().toISOString());
    const changed = changedColumns(before, after, ['updated_at']);
    if (changed.length === 0) return before;
    await repo.updateZoeLocalization(db, after);
    recordChange(audit, { event: 'reference-data-update', editor, kind: 'zoe-localizations', target: before.id, externalId: before.id, changed });
    return after;
  }

  async function remove(editor: RecordEditor, id: string): Promise<void> {
    const key = id.toLowerCase();
    if (!(await repo.deleteZoeLocalization(db, key))) throw notFound(`There is no ZOE localization ${id}.`);
    recordChange(audit, { event: 'reference-data-delete', editor, kind: 'zoe-localizations', target: key, externalId: key });
  }

  async function upsert(editor: RecordEditor, input: ZoeRecordInput): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: ZoeLocalizationRow }> {
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        const before = await repo.findZoeLocalization(trx, input.id);
        const row = zoeRowOf(input, clock().toISOString());
        if (!before) {
          await repo.insertZoeLocalization(trx, row);
          return { outcome: 'created' as const, row, changed: [] as string[] };
        }
        const changed = changedColumns(before, row, ['updated_at']);
        if (changed.length === 0) return { outcome: 'unchanged' as const, row: before, changed };
        await repo.updateZoeLocalization(trx, row);
        return { outcome: 'updated' as const, row, changed };
      });
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (error) {
      if (!(await repo.findZoeLocalization(db, input.id))) throw error;
      result = await attempt();
    }
    if (result.outcome === 'created') recordChange(audit, { event: 'reference-data-create', editor, kind: 'zoe-localizations', target: input.id, externalId: input.id });
    if (result.outcome === 'updated') recordChange(audit, { event: 'reference-data-update', editor, kind: 'zoe-localizations', target: input.id, externalId: input.id, changed: result.changed });
    return { outcome: result.outcome, row: result.row };
  }

  async function upsertBatch(editor: RecordEditor, items: readonly unknown[], hrefOf: (row: ZoeLocalizationRow) => string): Promise<UpsertResult[]> {
    return upsertEach({
      items,
      check: checkZoeRecordInput,
      externalIdOf: (item) => textField(item, 'id'),
      upsert: async (item) => {
        const { outcome, row } = await upsert(editor, item);
        return { outcome, href: hrefOf(row) };
      },
    });
  }

  return { get, create, update, remove, upsert, upsertBatch };
}

export type ZoeService = ReturnType<typeof createZoeService>;
