import { Badge, Button, Table, Text } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '@editor/domain';
import { RowActions } from '../../ui/RowActions.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { webhookEventLabel } from './webhookEvents.ts';

interface WebhookEndpointTableProps {
  endpoints: readonly WebhookEndpoint[];
  /** The endpoint whose delivery log is shown. */
  selectedId: string | null;
  onShowLog: (endpoint: WebhookEndpoint) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

const eventsText = (endpoint: WebhookEndpoint) =>
  endpoint.events.length === WEBHOOK_EVENT_TYPES.length ? 'All events' : endpoint.events.map(webhookEventLabel).join(', ');

/** The endpoints with what they get and whether they are enabled; the log, Edit and Delete as their links allow. */
export function WebhookEndpointTable({ endpoints, selectedId, onShowLog, onEdit, onDelete }: WebhookEndpointTableProps) {
  return (
    <Table aria-label="Webhooks" verticalSpacing="sm" highlightOnHover>
      <TableHead columns={['Endpoint', 'Events', 'Spaces', 'Status']} />
      <Table.Tbody>
        {endpoints.map((endpoint) => {
          const isSelected = endpoint.id === selectedId;
          return (
            <Table.Tr key={endpoint.id} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td maw={420}>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {endpoint.url}
                </Text>
                {endpoint.description && (
                  <Text size="xs" c="dimmed">
                    {endpoint.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm">{eventsText(endpoint)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{endpoint.spaces ? endpoint.spaces.join(', ') : 'Every space'}</Text>
              </Table.Td>
              <Table.Td>
                {endpoint.enabled ? (
                  <Badge color="green" variant="light">
                    Enabled
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    Paused
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <RowActions methods={endpoint._links.self.methods} removeLabel="Delete" onEdit={() => onEdit(endpoint)} onRemove={() => onDelete(endpoint)}>
                  {endpoint._links.deliveries.methods.includes('GET') && (
                    <Button size="compact-sm" variant={isSelected ? 'light' : 'default'} aria-pressed={isSelected} onClick={() => onShowLog(endpoint)}>
                      Delivery log
                    </Button>
                  )}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
