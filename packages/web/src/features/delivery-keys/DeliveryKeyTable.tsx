import { Badge, Table, Text } from '@mantine/core';
import type { DeliveryKey } from '@editor/domain';
import { formatDisplayDate } from '../../ui/formatDate.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { TableHead } from '../../ui/TableHead.tsx';

/**
 * The keys with their scope, creation and status; Edit and Revoke where the key's link offers PATCH and DELETE (a
 * revoked key offers neither).
 */
export function DeliveryKeyTable({ keys, onEdit, onRevoke }: { keys: readonly DeliveryKey[]; onEdit: (key: DeliveryKey) => void; onRevoke: (key: DeliveryKey) => void }) {
  return (
    <Table aria-label="Delivery keys" verticalSpacing="sm" highlightOnHover>
      <TableHead columns={['Name', 'Spaces', 'Locales', 'Created', 'Status']} />
      <Table.Tbody>
        {keys.map((key) => (
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
              <RowActions methods={key._links.self.methods} removeLabel="Revoke" onEdit={() => onEdit(key)} onRemove={() => onRevoke(key)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
