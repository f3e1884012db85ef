import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Spec 002 §4 leaving with unsaved changes: Save or Discard, or stay. */
export function LeaveModal({ opened, isSaving, onStay, onDiscard, onSave }: { opened: boolean; isSaving: boolean; onStay: () => void; onDiscard: () => void; onSave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Unsaved changes">
      <Stack gap="md">
        <Text>This asset has changes that are not saved. Save them before you leave, or discard them.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} disabled={isSaving}>
            Stay
          </Button>
          <Button variant="light" color="red" onClick={onDiscard} disabled={isSaving}>
            Discard
          </Button>
          <Button onClick={onSave} loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
