import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { UploadsFailure } from './uploadQueueStore.ts';

/**
 * Spec 002 §5, §8: the Upload Failed modal of a batch (the editor's single image uses image-upload's): its texts and
 * the files they concern, for files refused before any call and for uploads that failed.
 */
export function UploadsFailedModal({ failure, onClose }: { failure: UploadsFailure | null; onClose: () => void }) {
  return (
    <Modal opened={failure !== null} onClose={onClose} title="Upload Failed">
      {failure && (
        <Stack gap="md">
          {failure.messages.map((message) => (
            <Text key={message}>{message}</Text>
          ))}
          {failure.fileNames.length > 0 && (
            <List size="sm" c="dimmed" aria-label="Files">
              {failure.fileNames.map((name, index) => (
                <List.Item key={`${index}-${name}`}>{name}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Ok</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
