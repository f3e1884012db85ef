import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Input, Paper, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { importFormatOf, type ImportSummary } from '@editor/domain';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ScopeSelect } from '../../ui/ScopeSelect.tsx';
import { IMPORT_KINDS, type ImportKind } from './importKinds.ts';
import { ImportProblems } from './ImportProblems.tsx';
import { importableRows } from './importRun.ts';
import { useDataImport } from './useDataImport.ts';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function summaryText(summary: ImportSummary): string {
  return `${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} not imported`;
}

/** One kind's import: the file, what the server read of it, the import with its progress, and the summary. */
function KindImport({ kind }: { kind: ImportKind }) {
  const { spaces: allSpaces } = useAppConfig();
  const { effectiveRights } = useCurrentUser();
  const [spaces, setSpaces] = useState<string[]>(() => effectiveRights.spaces.filter((space) => allSpaces.includes(space)));
  const [formatProblem, setFormatProblem] = useState<string | null>(null);
  const { state, problems, readFile, importRows, reset } = useDataImport(kind);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const format = importFormatOf(kind.kind, file.name);
    if (!format) {
      reset();
      setFormatProblem(`“${file.name}” is not a ${kind.accept.split(',').filter((ending) => ending.startsWith('.')).join(' or ')} file.`);
      return;
    }
    setFormatProblem(null);
    void readFile({ file, format, spaces });
  }

  const isBusy = state.phase === 'reading' || state.phase === 'importing';
  const ready = state.phase === 'read' ? importableRows(state.preview).length : 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {kind.hint}
      </Text>
      {kind.kind === 'events' && (
        <ScopeSelect
          label="Spaces of events that name none"
          description="A calendar file names no spaces: its events are listed in these."
          known={allSpaces}
          value={spaces}
          onChange={setSpaces}
          disabled={isBusy}
          maw={520}
        />
      )}
      <Input.Wrapper label="File to import" description={`Accepted: ${kind.accept.split(',').filter((ending) => ending.startsWith('.')).join(', ')}`}>
        <input type="file" accept={kind.accept} onChange={handleFile} disabled={isBusy} aria-label="File to import" style={{ display: 'block', marginTop: 6 }} />
      </Input.Wrapper>
      {formatProblem && <Alert color="red">{formatProblem}</Alert>}
      {state.phase === 'reading' && <Text size="sm">Reading “{state.fileName}”…</Text>}
      {state.phase === 'failed' && (
        <Alert color="red" title={`“${state.fileName}” could not be read`}>
          {state.message}
        </Alert>
      )}
      {(state.phase === 'read' || state.phase === 'importing' || state.phase === 'done') && state.preview.fileErrors.length > 0 && (
        <Alert color="red" title={`“${state.fileName}” could not be read`}>
          {state.preview.fileErrors.map((message) => (
            <Text size="sm" key={message}>
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {state.phase === 'read' && state.preview.fileErrors.length === 0 && (
        <Paper withBorder p="md">
          <Group justify="space-between">
            <Text size="sm">
              “{state.fileName}”: {plural(state.preview.rows.length, 'row')} read, {plural(ready, 'row')} ready to import
              {problems.length > 0 ? `, ${plural(problems.length, 'row')} with errors` : ''}.
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={reset}>
                Cancel
              </Button>
              <Button onClick={() => void importRows()} disabled={ready === 0}>
                {`Import ${plural(ready, 'row')}`}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {state.phase === 'importing' && (
        <Stack gap={4}>
          <Text size="sm">
            Importing “{state.fileName}”: {state.done} of {state.total} rows
          </Text>
          <Progress value={state.total === 0 ? 100 : (100 * state.done) / state.total} aria-label="Import progress" animated />
        </Stack>
      )}
      {state.phase === 'done' && (
        <Alert color={state.stoppedBy ? 'red' : state.summary.failed > 0 ? 'yellow' : 'green'} title={state.stoppedBy ? 'Import stopped' : 'Import finished'}>
          <Text size="sm">{summaryText(state.summary)}.</Text>
          {state.stoppedBy && <Text size="sm">The server refused a batch: {state.stoppedBy} The rows before it were imported; the rest were not sent.</Text>}
        </Alert>
      )}
      <ImportProblems problems={problems} />
    </Stack>
  );
}

/**
 * The data imports of technical admins: events from a calendar or CSV file, master data, ZOE localizations and tags
 * (playground projects among them) from CSV or JSON, each read row by row before anything is written, then imported
 * with progress and a summary.
 */
export function DataImports() {
  const [kind, setKind] = useState<ImportKind['kind']>('events');
  const current = IMPORT_KINDS.find((candidate) => candidate.kind === kind) ?? IMPORT_KINDS[0];
  return (
    <Stack gap="lg" maw={1200}>
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as ImportKind['kind'])}
        data={IMPORT_KINDS.map((candidate) => ({ value: candidate.kind, label: candidate.label }))}
        aria-label="What to import"
        w="fit-content"
      />
      {current && <KindImport key={current.kind} kind={current} />}
    </Stack>
  );
}
