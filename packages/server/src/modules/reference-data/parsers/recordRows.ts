import { REFERENCE_IMPORT_MAX_ROWS } from '@editor/domain';
import { cellFlag, columnKey, readCsv, unknownColumns } from './csvTable.ts';
import { defined, readJsonItems, type ReadFile } from './readRow.ts';

/** The columns of a master-data CSV file besides the content fields: every other column is a field of the asset. */
export const MASTER_DATA_CSV_COLUMNS = ['domain', 'model', 'masterId', 'program', 'locale', 'space', 'title'] as const;

/**
 * Reads master data from CSV (MASTER_DATA_CSV_COLUMNS, then one column per content field, named as the stencil
 * names it: `first-name`; an empty cell leaves the field out) or from JSON (an array of records as the API takes them).
 */
export function readMasterData(format: 'csv' | 'json', text: string): ReadFile {
  if (format === 'json') return readJsonItems(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  const table = readCsv(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  if ('fileErrors' in table) return table;
  const keys = new Set(MASTER_DATA_CSV_COLUMNS.map(columnKey));
  const contentColumns = table.columns.filter((column) => !keys.has(columnKey(column)));
  return {
    rows: table.records.map(({ row, cells, extraCells }) => ({
      row,
      raw: defined({
        domain: cells.domain?.toLowerCase(),
        model: cells.model?.toLowerCase(),
        masterId: cells.masterid,
        program: cells.program,
        locale: cells.locale,
        space: cells.space,
        title: cells.title,
        content: Object.fromEntries(contentColumns.map((column) => [column, cells[columnKey(column)] ?? '']).filter(([, value]) => value !== '')),
      }),
      errors: extraCells ? [{ field: 'row', message: `has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns` }] : [],
    })),
  };
}

export const TAG_CSV_COLUMNS = ['origin', 'foreignId', 'title', 'label', 'uriSlug', 'broaderOrigin', 'broaderForeignId'] as const;

/**
 * Reads tags from CSV (TAG_CSV_COLUMNS: the broader tag by its origin and foreign id) or JSON (an array of tags as
 * the API takes them). Broader tags come before their narrower ones, in the file's order.
 */
export function readTags(format: 'csv' | 'json', text: string): ReadFile {
  if (format === 'json') return readJsonItems(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  const table = readCsv(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  if ('fileErrors' in table) return table;
  const unknown = unknownColumns(table.columns, TAG_CSV_COLUMNS);
  if (unknown.length > 0) return { fileErrors: unknown };
  return {
    rows: table.records.map(({ row, cells, extraCells }) => {
      const broaderTag = cells.broaderorigin || cells.broaderforeignid ? { origin: cells.broaderorigin ?? '', foreignId: cells.broaderforeignid ?? '' } : undefined;
      return {
        row,
        raw: defined({ origin: cells.origin?.toLowerCase(), foreignId: cells.foreignid, title: cells.title, label: cells.label, uriSlug: cells.urislug, broaderTag }),
        errors: extraCells ? [{ field: 'row', message: `has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns` }] : [],
      };
    }),
  };
}

export const ZOE_CSV_COLUMNS = ['id', 'title', 'engagement', 'slug', 'locale', 'fullscreenReady'] as const;

/** Reads ZOE localizations from CSV (ZOE_CSV_COLUMNS) or JSON (an array of localizations as the API takes them). */
export function readZoeLocalizations(format: 'csv' | 'json', text: string): ReadFile {
  if (format === 'json') return readJsonItems(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  const table = readCsv(text, { maxRows: REFERENCE_IMPORT_MAX_ROWS });
  if ('fileErrors' in table) return table;
  const unknown = unknownColumns(table.columns, ZOE_CSV_COLUMNS);
  if (unknown.length > 0) return { fileErrors: unknown };
  return {
    rows: table.records.map(({ row, cells, extraCells }) => ({
      row,
      raw: defined({ id: cells.id, title: cells.title, engagement: cells.engagement, slug: cells.slug, locale: cells.locale, fullscreenReady: cellFlag(cells.fullscreenready) }),
      errors: extraCells ? [{ field: 'row', message: `has ${extraCells} more cell${extraCells > 1 ? 's' : ''} than the header has columns` }] : [],
    })),
  };
}
