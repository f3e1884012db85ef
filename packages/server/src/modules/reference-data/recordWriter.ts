import type { ReferenceDataKind, UpsertOutcome, UpsertResult } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';

/** Who writes reference data, for the audit log: a technical admin, a service account, or the demo seed. */
export interface RecordEditor {
  userId: string;
  name: string;
  clientAddress?: string | undefined;
}

/** The demo seed writes through the same services as everyone else, under this name. */
export const DEMO_SEED_EDITOR: RecordEditor = { userId: 'demo-seed', name: 'Demo seed' };

export type RecordChange = 'reference-data-create' | 'reference-data-update' | 'reference-data-delete';

/** Writes one change of reference data to the audit log: the kind, the item's external id and the fields that changed. */
export function recordChange(audit: AuditLog, input: { event: RecordChange; editor: RecordEditor; kind: ReferenceDataKind; target: string; externalId: string; changed?: readonly string[] }): void {
  audit.record({
    event: input.event,
    outcome: 'success',
    userId: input.editor.userId,
    clientAddress: input.editor.clientAddress,
    target: `${input.kind}/${input.target}`,
    detail: { kind: input.kind, externalId: input.externalId, ...(input.changed ? { changed: input.changed } : {}) },
  });
}

/** The names of the columns whose values differ: what an update changes (none: the upsert changes nothing). */
export function changedColumns<T extends object>(before: T, after: T, ignore: ReadonlyArray<keyof T> = []): string[] {
  return (Object.keys(after) as Array<keyof T>).filter((key) => !ignore.includes(key) && before[key] !== after[key]).map(String);
}

/**
 * Runs the upsert of each item of a batch on its own, in order: an item the schema refuses, or whose write is
 * refused (an unknown space), fails alone with its reasons, and the others are written; nothing is half written.
 */
export async function upsertEach<T>(input: {
  items: readonly unknown[];
  check: (item: unknown) => { item: T } | { errors: string[] };
  externalIdOf: (item: unknown) => string;
  upsert: (item: T) => Promise<{ outcome: Exclude<UpsertOutcome, 'failed'>; href: string }>;
}): Promise<UpsertResult[]> {
  const results: UpsertResult[] = [];
  for (const raw of input.items) {
    const externalId = input.externalIdOf(raw);
    const checked = input.check(raw);
    if ('errors' in checked) {
      results.push({ externalId, outcome: 'failed', errors: checked.errors });
      continue;
    }
    try {
      results.push({ externalId, ...(await input.upsert(checked.item)) });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      results.push({ externalId, outcome: 'failed', errors: error.messages });
    }
  }
  return results;
}

/** The text of a field the item may carry, for naming it in results before it is checked. */
export function textField(item: unknown, name: string): string {
  const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** Values of the installation's list only; 400 naming the others. */
export function checkKnown(field: string, values: readonly string[], known: readonly string[]): void {
  const unknown = values.filter((value) => !known.includes(value));
  if (unknown.length > 0) throw new HttpError(400, `${field}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of ${known.join(', ')}.`, { code: 'bad-request' });
}
