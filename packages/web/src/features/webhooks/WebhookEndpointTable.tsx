import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '@editor/domain';
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
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Endpoint</Table.Th>
          <Table.Th>Events</Table.Th>
          <Table.Th>Spaces</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((endpoint) => {
          const { methods } = endpoint._links.self;
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
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {endpoint._links.deliveries.methods.includes('GET') && (
                    <Button size="compact-sm" variant={isSelected ? 'light' : 'default'} aria-pressed={isSelected} onClick={() => onShowLog(endpoint)}>
                      Delivery log
                    </Button>
                  )}
                  {methods.includes('PATCH') && (
                    <Button size="compact-sm" variant="default" onClick={() => onEdit(endpoint)}>
                      Edit
                    </Button>
                  )}
                  {methods.includes('DELETE') && (
                    <Button size="compact-sm" variant="light" color="red" onClick={() => onDelete(endpoint)}>
                      Delete
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
