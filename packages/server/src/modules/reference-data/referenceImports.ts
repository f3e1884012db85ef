import {
  eventRecordInputSchema,
  masterDataExternalId,
  masterDataInputSchema,
  tagExternalId,
  tagRecordInputSchema,
  zoeRecordInputSchema,
  type EventImportPreview,
  type MasterDataImportPreview,
  type TagImportPreview,
  type ZoeImportPreview,
} from '@editor/domain';
import { readEventCsv } from './parsers/eventCsv.ts';
import { readEventIcs } from './parsers/eventIcs.ts';
import { previewRows } from './parsers/preview.ts';
import { readMasterData, readTags, readZoeLocalizations } from './parsers/recordRows.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Events from an iCalendar or CSV file; rows without spaces take `defaultSpaces`. */
function previewEvents(input: { format: 'ics' | 'csv'; text: string; defaultSpaces: readonly string[] }): EventImportPreview {
  const file = input.format === 'ics' ? readEventIcs(input.text) : readEventCsv(input.text);
  return previewRows({
    file,
    schema: eventRecordInputSchema,
    externalIdOf: (raw) => text(raw.externalId),
    fill: (raw) => (raw.spaces === undefined && input.defaultSpaces.length > 0 ? { ...raw, spaces: [...input.defaultSpaces] } : raw),
  });
}

function previewMasterData(input: { format: 'csv' | 'json'; text: string }): MasterDataImportPreview {
  return previewRows({
    file: readMasterData(input.format, input.text),
    schema: masterDataInputSchema,
    externalIdOf: (raw) => {
      const [domain, model, masterId] = [text(raw.domain), text(raw.model), text(raw.masterId)];
      return domain && model && masterId ? masterDataExternalId({ domain, model, masterId }) : undefined;
    },
  });
}

function previewZoe(input: { format: 'csv' | 'json'; text: string }): ZoeImportPreview {
  return previewRows({ file: readZoeLocalizations(input.format, input.text), schema: zoeRecordInputSchema, externalIdOf: (raw) => text(raw.id)?.toLowerCase() });
}

function previewTags(input: { format: 'csv' | 'json'; text: string }): TagImportPreview {
  return previewRows({
    file: readTags(input.format, input.text),
    schema: tagRecordInputSchema,
    externalIdOf: (raw) => {
      const [origin, foreignId] = [text(raw.origin), text(raw.foreignId)];
      return origin && foreignId ? tagExternalId({ origin, foreignId }) : undefined;
    },
  });
}

/**
 * Reading the files an import starts from into items, row by row, without writing anything: the app shows the rows
 * and their errors, then sends the good ones in batches to the upserts call, which checks each one again.
 */
export function createReferenceImports() {
  return { previewEvents, previewMasterData, previewZoe, previewTags };
}

export type ReferenceImports = ReturnType<typeof createReferenceImports>;
