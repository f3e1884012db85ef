import { useRef } from 'react';
import { Button, FileButton } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { parseTableCsv, type TableCsvResult } from './parseTableCsv.ts';

/** A file picker for a CSV file; the parsed result (table and errors) goes to `onImport`. */
export function CsvImportButton({ onImport, disabled }: { onImport: (result: TableCsvResult) => void; disabled: boolean }) {
  const resetRef = useRef<() => void>(null);

  async function handleFile(file: File | null) {
    if (!file) return;
    onImport(parseTableCsv(await file.text()));
    // Picking the same file again (after fixing it) must import it again.
    resetRef.current?.();
  }

  return (
    <FileButton accept=".csv,text/csv" resetRef={resetRef} disabled={disabled} inputProps={{ 'aria-label': 'Import CSV' }} onChange={(file) => void handleFile(file)}>
      {(props) => (
        <Button {...props} variant="light" size="xs" leftSection={<IconFileImport size={14} />}>
          Import CSV
        </Button>
      )}
    </FileButton>
  );
}
