import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DeliveryKey } from '@editor/domain';
import { formatDisplayDate } from '../../ui/formatDate.ts';

/**
 * The keys with their scope, creation and status; Edit and Revoke where the key's link offers PATCH and DELETE (a
 * revoked key offers neither).
 */
export function DeliveryKeyTable({ keys, onEdit, onRevoke }: { keys: readonly DeliveryKey[]; onEdit: (key: DeliveryKey) => void; onRevoke: (key: DeliveryKey) => void }) {
  return (
    <Table aria-label="Delivery keys" verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Spaces</Table.Th>
          <Table.Th>Locales</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => {
          const { methods } = key._links.self;
          return (
            <Table.Tr key={key.id} c={key.revokedAt ? 'dimmed' : undefined}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" title="How the key starts">
                  {key.secretPrefix}…
                </Text>
              </Table.Td>
              <Table.Td>{key.spaces.join(', ')}</Table.Td>
              <Table.Td>{key.locales.join(', ')}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDisplayDate(key.createdAt)}</Text>
                <Text size="xs" c="dimmed">
                  by {key.createdBy}
                </Text>
              </Table.Td>
              <Table.Td>
                {key.revokedAt ? (
                  <>
                    <Badge color="gray" variant="light">
                      Revoked
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {formatDisplayDate(key.revokedAt)} by {key.revokedBy}
                    </Text>
                  </>
                ) : (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {methods.includes('PATCH') && (
                    <Button size="compact-sm" variant="default" onClick={() => onEdit(key)}>
                      Edit
                    </Button>
                  )}
                  {methods.includes('DELETE') && (
                    <Button size="compact-sm" variant="light" color="red" onClick={() => onRevoke(key)}>
                      Revoke
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
