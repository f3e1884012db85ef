import { Button, Group, Modal, Stack } from '@mantine/core';
import { MESSAGES } from '@editor/domain';
import { closeModal, openModal } from './appModals.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';

interface ErrorModalProps {
  opened: boolean;
  error: unknown;
  title?: string;
  onClose: () => void;
}

/** The generic error modal (spec 001 §8): the error view in a modal. */
export function ErrorModal({ opened, error, title = MESSAGES.errorViewTitle, onClose }: ErrorModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <ErrorModalBody error={error} onOk={onClose} />
    </Modal>
  );
}

function ErrorModalBody({ error, onOk }: { error: unknown; onOk: () => void }) {
  return (
    <Stack gap="md">
      <ErrorSummary error={error} />
      <Group justify="flex-end">
        <Button onClick={onOk}>Ok</Button>
      </Group>
    </Stack>
  );
}

/** Opens the error modal from anywhere, e.g. from a failed action. */
export function openErrorModal(error: unknown, title: string = MESSAGES.errorViewTitle): void {
  let id = '';
  void openModal({ title, children: <ErrorModalBody error={error} onOk={() => void closeModal(id)} /> }).then((opened) => (id = opened));
}
