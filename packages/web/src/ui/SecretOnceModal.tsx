import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

/**
 * The modal of a form that creates something whose secret the server shows once (a delivery key, a webhook's signing
 * secret): the form, then in its place what was created with the secret. While the secret shows, the modal closes
 * only by Done, not by a stray click or Escape.
 */
export function SecretOnceModal({ title, secretStep, onClose, children }: { title: string; secretStep: ReactNode; onClose: () => void; children: ReactNode }) {
  const isSecretShown = Boolean(secretStep);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={!isSecretShown} closeOnEscape={!isSecretShown}>
      {isSecretShown ? (
        <Stack gap="md">
          {secretStep}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        children
      )}
    </Modal>
  );
}
