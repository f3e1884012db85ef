import { Button, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { BULK_EDIT_TEXTS } from '@editor/domain';
import { describeValue } from '../../ui/describeValue.ts';
import type { BulkEditLocale } from './bulkEditLocales.ts';
import { finishGroupOf } from './bulkEditLocales.ts';
import type { BulkSaveState } from './useBulkSave.ts';
import { LocaleName } from './LocaleName.tsx';

/** A selected property with the value the locales will get. */
export interface BulkEditProperty {
  name: string;
  label: string;
  value: unknown;
}

interface SummaryStepProps {
  properties: readonly BulkEditProperty[];
  locales: readonly BulkEditLocale[];
  save: BulkSaveState;
  canPublish: boolean;
  onSave: (publish: boolean) => void;
}

/** Spec 002 §4 bulk edit, step Summary: what goes where; Save or Save and Publish, then the progress per locale. */
export function SummaryStep({ properties, locales, save, canPublish, onSave }: SummaryStepProps) {
  const applied = save.phase === 'idle' ? 0 : Object.keys(save.results).length;
  return (
    <Stack gap="md">
      <Title order={5}>Properties</Title>
      <Table aria-label="Properties to apply" withTableBorder>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr key={property.name}>
              <Table.Th scope="row" w="35%">
                {property.label}
              </Table.Th>
              <Table.Td>{describeValue(property.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>Locales</Title>
      <Stack gap={4} role="list" aria-label="Locales to update">
        {locales.map((row) => (
          <Group key={row.locale} gap="xs" role="listitem" wrap="nowrap">
            <LocaleProgressIcon save={save} locale={row.locale} />
            <LocaleName row={row} />
          </Group>
        ))}
      </Stack>
      {save.phase === 'idle' ? (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onSave(false)}>
            Save
          </Button>
          {canPublish && (
            <Button color="green" onClick={() => onSave(true)}>
              Save and Publish
            </Button>
          )}
        </Group>
      ) : (
        <Stack gap={4}>
          <Progress value={(applied / Math.max(save.locales.length, 1)) * 100} aria-label="Bulk edit progress" animated={save.phase === 'saving'} />
          <Text size="sm">{BULK_EDIT_TEXTS.progress(applied, save.locales.length)}</Text>
        </Stack>
      )}
    </Stack>
  );
}

/** Nothing before saving; a spinner while waiting; then a tick or a warning as the locale's call returns. */
function LocaleProgressIcon({ save, locale }: { save: BulkSaveState; locale: string }) {
  if (save.phase === 'idle') return null;
  const result = save.results[locale];
  if (!result) return <Loader size={14} role="img" aria-label="Pending" />;
  return finishGroupOf(result) === 'savingFailed' ? (
    <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" role="img" aria-label={BULK_EDIT_TEXTS.savingFailed} />
  ) : (
    <IconCheck size={16} color="var(--mantine-color-green-6)" role="img" aria-label={finishGroupOf(result) === 'saved' ? BULK_EDIT_TEXTS.saved : BULK_EDIT_TEXTS.savedAndPublished} />
  );
}
