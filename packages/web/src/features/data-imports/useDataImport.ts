import { useRef, useState } from 'react';
import { REFERENCE_DATA_BATCH_MAX, type ImportSummary, type ReferenceImportFormat, type UpsertResult } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { describeError } from '../../ui/describeError.ts';
import type { ImportKind } from './importKinds.ts';
import { batchesOf, importableRows, problemsOf, summaryOf, type ImportProblem, type PreviewedFile } from './importRun.ts';

const PREVIEW_RESPONSE = { events: 'eventImportPreview', 'master-data': 'masterDataImportPreview', 'zoe-localizations': 'zoeImportPreview', tags: 'tagImportPreview' } as const;

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'reading'; fileName: string }
  | { phase: 'read'; fileName: string; preview: PreviewedFile }
  | { phase: 'importing'; fileName: string; preview: PreviewedFile; done: number; total: number; refused: ImportProblem[] }
  | { phase: 'done'; fileName: string; preview: PreviewedFile; summary: ImportSummary; refused: ImportProblem[]; stoppedBy?: string }
  | { phase: 'failed'; fileName: string; message: string };

/**
 * An import of one file: the server reads it into rows (nothing is written), the person looks at the rows and their
 * errors, then the readable rows go to the upserts call in batches, one after the other, so that the progress shows
 * and every row's outcome comes back. A row the server refuses is reported with the file's row number.
 */
export function useDataImport(kind: ImportKind) {
  const api = useApiClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  /** The file being read or imported now: an answer for a file the person has since replaced is dropped. */
  const current = useRef(0);

  async function readFile(input: { file: File; format: ReferenceImportFormat; spaces?: readonly string[] | undefined }) {
    const run = ++current.current;
    setState({ phase: 'reading', fileName: input.file.name });
    try {
      const text = await input.file.text();
      const body = { format: input.format, text, ...(kind.kind === 'events' && input.spaces && input.spaces.length > 0 ? { spaces: [...input.spaces] } : {}) };
      const preview = await api.request({ method: 'POST', path: `${kind.path}/import-preview`, body, response: PREVIEW_RESPONSE[kind.kind] });
      if (run === current.current) setState({ phase: 'read', fileName: input.file.name, preview });
    } catch (error) {
      if (run === current.current) setState({ phase: 'failed', fileName: input.file.name, message: describeError(error).message });
    }
  }

  async function importRows() {
    if (state.phase !== 'read') return;
    const run = ++current.current;
    const { fileName, preview } = state;
    const rows = importableRows(preview);
    const unreadable = preview.rows.length - rows.length;
    const results: UpsertResult[] = [];
    const refused: ImportProblem[] = [];
    setState({ phase: 'importing', fileName, preview, done: 0, total: rows.length, refused });
    for (const batch of batchesOf(rows, REFERENCE_DATA_BATCH_MAX)) {
      try {
        const answer = await api.request({ method: 'POST', path: `${kind.path}/upserts`, body: { items: batch.map((row) => row.item) }, response: 'upsertBatchResult' });
        answer.results.forEach((result, index) => {
          results.push(result);
          const source = batch[index];
          if (result.outcome === 'failed' && source) refused.push({ row: source.row, externalId: source.externalId, messages: result.errors ?? [] });
        });
      } catch (error) {
        // The rows sent before stay written; the rest were not sent.
        if (run === current.current) setState({ phase: 'done', fileName, preview, summary: summaryOf(results, unreadable), refused: [...refused], stoppedBy: describeError(error).message });
        return;
      }
      if (run !== current.current) return;
      setState({ phase: 'importing', fileName, preview, done: results.length, total: rows.length, refused: [...refused] });
    }
    setState({ phase: 'done', fileName, preview, summary: summaryOf(results, unreadable), refused });
  }

  function reset() {
    current.current += 1;
    setState({ phase: 'idle' });
  }

  const problems = state.phase === 'read' ? problemsOf(state.preview, []) : state.phase === 'importing' || state.phase === 'done' ? problemsOf(state.preview, state.refused) : [];
  return { state, problems, readFile, importRows, reset };
}
