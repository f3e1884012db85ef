/** One row of a file as read, before the schema checks it: the item's fields, and what could not be read at all. */
export interface ReadRow {
  row: number;
  raw: Record<string, unknown>;
  /** Fields whose text could not be read (a date that is no date): `field` and the message. */
  errors: Array<{ field: string; message: string }>;
}

/** A file read into rows, or what makes it unreadable as a whole. */
export type ReadFile = { rows: ReadRow[] } | { fileErrors: string[] };

/** Leaves out the fields that are undefined, so that the schema's defaults apply to them. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * A JSON file of items: an array, or an object holding one under `items`. Each item is a row, numbered from 1; an
 * item that is not an object is a row with that error.
 */
export function readJsonItems(text: string, options: { maxRows: number }): ReadFile {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { fileErrors: [`The file is not JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const items = Array.isArray(json) ? json : json !== null && typeof json === 'object' && Array.isArray((json as { items?: unknown }).items) ? (json as { items: unknown[] }).items : undefined;
  if (!items) return { fileErrors: ['The file holds neither an array of items nor an object with an array under "items".'] };
  if (items.length > options.maxRows) return { fileErrors: [`The file has ${items.length} items; an import takes at most ${options.maxRows}.`] };
  return {
    rows: items.map((item, index) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? { row: index + 1, raw: item as Record<string, unknown>, errors: [] }
        : { row: index + 1, raw: {}, errors: [{ field: 'item', message: 'must be an object' }] },
    ),
  };
}
