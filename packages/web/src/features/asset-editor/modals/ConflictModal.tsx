import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import type { Conflict } from '../save/useSaveAsset.ts';

/**
 * Spec 002 §4, §8 conflict modal. Beyond the spec it lists which inputs differ between the editor's version and the
 * server's, with both values, so that Overwrite Newer Version is an informed choice.
 */
export function ConflictModal({ conflict }: { conflict: Conflict | null }) {
  const latest = conflict?.latest;
  return (
    <Modal opened={conflict !== null} onClose={() => conflict?.resolve('cancel')} title={conflict ? `A newer version of »${conflict.id}« is on the server.` : ''} size="lg">
      {conflict && latest && (
        <Stack gap="md">
          <Text>{`Asset was updated in the mean time by ${latest._meta.updatedBy} on ${formatDisplayDateTime(latest._meta.updatedDate)}.`}</Text>
          {conflict.differences.length > 0 && (
            <Table withTableBorder striped aria-label="Differences between your version and the server's">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Your version</Table.Th>
                  <Table.Th>Version on the server</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conflict.differences.map((difference) => (
                  <Table.Tr key={difference.input}>
                    <Table.Td>{difference.label}</Table.Td>
                    <Table.Td>{difference.mine}</Table.Td>
                    <Table.Td>{difference.theirs}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => conflict.resolve('cancel')}>
              Cancel
            </Button>
            <Button variant="light" color="gray" onClick={() => conflict.resolve('dont-save')}>
              Don't Save
            </Button>
            <Button color="red" onClick={() => conflict.resolve('overwrite')}>
              Overwrite Newer Version
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
