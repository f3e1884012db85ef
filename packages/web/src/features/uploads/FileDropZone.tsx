import { useRef } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { IMAGE_UPLOAD_ACCEPT, IMAGE_UPLOAD_TYPES } from '@editor/domain';
import { useFileDrop } from './useFileDrop.ts';

const ALLOWED_TYPES_TEXT = `Allowed types: ${IMAGE_UPLOAD_TYPES.join(', ')}`;

/** The hidden multi-file picker behind a 'Choose file(s)' button; the input is labelled so it can be found. */
function ChooseFilesButton({ onFiles, isDisabled }: { onFiles: (files: File[]) => void; isDisabled: boolean }) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      multiple
      accept={IMAGE_UPLOAD_ACCEPT}
      resetRef={resetRef}
      disabled={isDisabled}
      inputProps={{ 'aria-label': 'Choose file(s)' }}
      onChange={(files) => {
        onFiles(files);
        // Picking the same file again must add it again.
        resetRef.current?.();
      }}
    >
      {(props) => (
        <Button {...props} variant="light" size="xs">
          Choose file(s)
        </Button>
      )}
    </FileButton>
  );
}

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** The big empty state, or the slim bar above a list. */
  isEmptyState: boolean;
  isDisabled?: boolean;
}

/** Spec 001 §2.8: drop files here or choose them; the allowed types are listed (spec 000 §5). */
export function FileDropZone({ onFiles, isEmptyState, isDisabled = false }: FileDropZoneProps) {
  const { isDragging, dropHandlers } = useFileDrop({ onFiles, isDisabled });

  return (
    <Paper
      role="region"
      aria-label="Image drop zone"
      withBorder
      radius="md"
      p={isEmptyState ? 'xl' : 'sm'}
      bg={isDragging ? 'indigo.0' : 'white'}
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: isDragging ? 'var(--mantine-color-indigo-5)' : undefined }}
      {...dropHandlers}
    >
      {isEmptyState ? (
        <Stack align="center" gap="sm" py="xl">
          <IconPhotoUp size={48} stroke={1.2} color="var(--mantine-color-indigo-5)" />
          <Title order={2} size="h4">
            Please upload images here
          </Title>
          <Group gap="xs">
            <Text>Drag &amp; Drop or</Text>
            <ChooseFilesButton onFiles={onFiles} isDisabled={isDisabled} />
          </Group>
          <Text size="sm" c="dimmed">
            {ALLOWED_TYPES_TEXT}
          </Text>
        </Stack>
      ) : (
        <Group gap="xs" justify="center">
          <IconPhotoUp size={20} stroke={1.4} color="var(--mantine-color-indigo-5)" />
          <Text size="sm">Drag &amp; Drop or</Text>
          <ChooseFilesButton onFiles={onFiles} isDisabled={isDisabled} />
          <Text size="sm" c="dimmed">
            {ALLOWED_TYPES_TEXT}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
