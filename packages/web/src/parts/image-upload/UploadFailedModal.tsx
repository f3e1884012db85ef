import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';

/** Why an image was not added: the text to show and, for a failed call, the error the server described. */
export interface UploadFailure {
  message: string;
  error?: unknown;
}

/**
 * Spec 002 §2, §5, §8 'Upload Failed' (also the image size warning): the reason an image was not added, with the
 * error's code and details when a call failed.
 */
export function UploadFailedModal({ failure, onClose }: { failure: UploadFailure | null; onClose: () => void }) {
  return (
    <Modal opened={failure !== null} onClose={onClose} title="Upload Failed">
      {failure && (
        <Stack gap="md">
          <Text size="sm">{failure.message}</Text>
          {failure.error !== undefined && <ErrorSummary error={failure.error} />}
          <Group justify="flex-end">
            <Button onClick={onClose}>Ok</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
