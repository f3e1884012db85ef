import { useState } from 'react';
import { ActionIcon, Anchor, Group, Image, Paper, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from '../../router/index.ts';
import { IMAGE_UPLOAD_MESSAGES, seoFilenameOf } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import type { EntryErrors, UploadField } from './entryErrors.ts';
import type { UploadEntry } from './uploadEntry.ts';

const FIELD_LABELS: Record<UploadField, string> = { title: 'Title', seoFilename: 'SEO filename', credits: 'Credits' };

interface UploadRowProps {
  entry: UploadEntry;
  errors: EntryErrors;
  requiredFields: ReadonlySet<UploadField>;
  /** Show every error, touched or not (an upload was asked for). */
  showAllErrors: boolean;
  onChange: (patch: Partial<Pick<UploadEntry, UploadField>>) => void;
  onRemove: () => void;
}

function StatusLine({ entry }: { entry: UploadEntry }) {
  if (entry.status === 'failed') {
    return (
      <Stack gap={2}>
        <Group gap={4} wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
          <Text size="sm" c="red">
            {IMAGE_UPLOAD_MESSAGES.uploadFailed}
          </Text>
        </Group>
        {entry.failureDetail && (
          <Text size="xs" c="dimmed">
            {entry.failureDetail}
          </Text>
        )}
      </Stack>
    );
  }
  if (entry.status === 'success' && entry.asset) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconCheck size={16} color="var(--mantine-color-green-7)" />
        <Anchor component={Link} to={assetEditorPath({ id: entry.asset.id, locale: entry.asset.localization })} size="sm">
          Open image asset
        </Anchor>
      </Group>
    );
  }
  return null;
}

/** One upload: thumbnail, its texts (editable until it is uploaded), its progress and outcome. */
export function UploadRow({ entry, errors, requiredFields, showAllErrors, onChange, onRemove }: UploadRowProps) {
  const [touched, setTouched] = useState<ReadonlySet<UploadField>>(new Set());
  const isLocked = entry.status === 'uploading' || entry.status === 'success';
  const touch = (field: UploadField) => setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  const errorOf = (field: UploadField) => (showAllErrors || touched.has(field) ? errors[field] : undefined);

  const field = (name: UploadField, extra: { placeholder?: string; onBlur?: () => void } = {}) => (
    <TextInput
      label={FIELD_LABELS[name]}
      withAsterisk={requiredFields.has(name)}
      size="xs"
      value={entry[name]}
      disabled={isLocked}
      placeholder={extra.placeholder}
      error={errorOf(name)}
      onChange={(event) => {
        onChange({ [name]: event.currentTarget.value });
        touch(name);
      }}
      onBlur={() => {
        touch(name);
        extra.onBlur?.();
      }}
      // Spec 002 §5: Enter is blocked in text inputs.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    />
  );

  return (
    <Paper component="li" aria-label={entry.file.name} withBorder radius="md" p="sm">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image src={entry.thumbnail} alt={`Preview of ${entry.file.name}`} w={120} h={90} fit="contain" radius="sm" bg="gray.1" style={{ flexShrink: 0 }} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} truncate>
              {entry.file.name}
            </Text>
            <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${entry.file.name}`} disabled={entry.status === 'uploading'} onClick={onRemove}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            {field('title')}
            {/* Spec 002 §5: the SEO filename is formatted with dashes once the user leaves the field. */}
            {field('seoFilename', { placeholder: 'e.g. surfer-on-a-big-wave', onBlur: () => onChange({ seoFilename: seoFilenameOf(entry.seoFilename) }) })}
            {field('credits', { placeholder: 'e.g. Jane Doe / Media Pool' })}
          </SimpleGrid>
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={entry.progress}
              color={entry.status === 'failed' ? 'red' : entry.status === 'success' ? 'green' : 'indigo'}
              animated={entry.status === 'uploading'}
              aria-label={`Upload progress of ${entry.file.name}`}
              style={{ flex: 1 }}
            />
            <Text size="xs" c="dimmed" w={36} ta="right">
              {entry.progress}%
            </Text>
          </Group>
          <StatusLine entry={entry} />
        </Stack>
      </Group>
    </Paper>
  );
}
