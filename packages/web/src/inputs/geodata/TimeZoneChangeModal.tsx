import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface TimeZoneChange {
  /** The zone the asset has now. */
  current: string;
  /** The zone at the new place. */
  next: string;
}

/**
 * Spec 002 §2 time zone change modal: after the place changed, the zone at the new place is offered in place of the
 * asset's time zone; keeping the current one closes it.
 */
export function TimeZoneChangeModal({ change, onApply, onClose }: { change: TimeZoneChange | null; onApply: (zone: string) => void; onClose: () => void }) {
  return (
    <Modal opened={change !== null} onClose={onClose} title="Change the time zone?">
      {change && (
        <Stack gap="md">
          <Text>{`The new place is in the time zone ${change.next}. The time zone of this asset is ${change.current}.`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {`Keep ${change.current}`}
            </Button>
            <Button onClick={() => onApply(change.next)}>{`Change to ${change.next}`}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
