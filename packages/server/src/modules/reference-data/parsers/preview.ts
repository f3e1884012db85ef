import type { z } from 'zod';
import type { ReadFile } from './readRow.ts';

export interface PreviewRow<T> {
  row: number;
  externalId: string | null;
  item?: T;
  errors: string[];
}

/**
 * Checks each row of a file read with the item's schema: a row becomes its item, or the list of what is wrong with
 * it (what could not be read, then what the schema refuses of the rest). An external id a row before already has
 * makes the later row fail, so that no file writes one item twice. `fill` adds what the import gives every row
 * that leaves it out (the spaces of events).
 */
export function previewRows<S extends z.ZodType>(input: {
  file: ReadFile;
  schema: S;
  externalIdOf: (raw: Record<string, unknown>) => string | undefined;
  fill?: (raw: Record<string, unknown>) => Record<string, unknown>;
}): { rows: Array<PreviewRow<z.infer<S>>>; fileErrors: string[] } {
  if ('fileErrors' in input.file) return { rows: [], fileErrors: input.file.fileErrors };
  const firstRowOf = new Map<string, number>();
  const rows = input.file.rows.map((read) => {
    const raw = input.fill ? input.fill(read.raw) : read.raw;
    const externalId = input.externalIdOf(raw) ?? null;
    const unreadable = new Set(read.errors.map((error) => error.field));
    const errors = read.errors.map((error) => `${error.field}: ${error.message}`);
    const parsed = input.schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!unreadable.has(field)) errors.push(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
      }
    }
    if (externalId !== null) {
      const first = firstRowOf.get(externalId);
      if (first !== undefined) errors.push(`externalId: '${externalId}' is also in row ${first}`);
      else firstRowOf.set(externalId, read.row);
    }
    return errors.length === 0 && parsed.success ? { row: read.row, externalId, item: parsed.data as z.infer<S>, errors } : { row: read.row, externalId, errors };
  });
  return { rows, fileErrors: [] };
}
