import { useState, type DragEvent } from 'react';
import { Button, Card, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoSearch, IconPhotoUp, IconPlus } from '@tabler/icons-react';
import { IMAGE_UPLOAD_ACCEPT } from '@editor/domain';

/**
 * Spec 002 §4: the empty image input, Add opens the file picker and a file may be dropped on it; Add media (spec
 * 002 §2) picks an image of the media archive. Without `onPickFile` (the user may not upload here) only Add media
 * is offered.
 */
export function UploadPlaceholder({ label, onPickFile, onAddMedia }: { label: string; onPickFile: ((file: File) => void) | undefined; onAddMedia?: (() => void) | undefined }) {
  const [isOver, setIsOver] = useState(false);
  const addMedia = onAddMedia && (
    <Button variant="default" size="xs" leftSection={<IconPhotoSearch size={14} stroke={1.6} />} onClick={onAddMedia}>
      Add media
    </Button>
  );
  if (!onPickFile) {
    return (
      <Card withBorder padding="md" radius="sm">
        <Group gap="sm">{addMedia}</Group>
      </Card>
    );
  }
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onPickFile(file);
  };
  return (
    <Card
      withBorder
      padding="md"
      radius="sm"
      aria-label={`Drop an image for ${label}`}
      data-drop-zone
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      style={{ borderStyle: 'dashed', background: isOver ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      <Group gap="sm">
        <IconPhotoUp size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed">
          Drop an image here or
        </Text>
        <FileButton accept={IMAGE_UPLOAD_ACCEPT} onChange={(file) => file && onPickFile(file)}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPlus size={14} stroke={1.6} />}>
              Add
            </Button>
          )}
        </FileButton>
        {addMedia}
      </Group>
    </Card>
  );
}

/** Spec 002 §4 upload-in-progress card: 0–99 while the file is sent, 100 once the image is in the asset. */
export function UploadProgressCard({ fileName, percent }: { fileName: string; percent: number }) {
  return (
    <Card withBorder padding="md" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {percent === 100 ? `Uploaded ${fileName}` : `Uploading ${fileName}`}
          </Text>
          <Text size="sm" c="dimmed">
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} aria-label={`Upload of ${fileName}`} transitionDuration={0} />
      </Stack>
    </Card>
  );
}
