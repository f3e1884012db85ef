import { useState } from 'react';
import { Badge, Button, Center, Code, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { WebhookDelivery, WebhookEndpoint } from '@editor/domain';
import { describeError } from '../../ui/describeError.ts';
import { formatDisplayTimestamp } from '../../ui/formatDate.ts';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useWebhookChanges } from './useWebhookChanges.ts';
import { useWebhookDeliveries } from './useWebhookDeliveries.ts';
import { webhookEventLabel } from './webhookEvents.ts';

const STATUS_LOOK = {
  pending: { label: 'Pending', color: 'yellow' },
  succeeded: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const;

/** The log's columns, which a row of details or of older pages spans. */
const COLUMNS = 7;

type Attempt = WebhookDelivery['attempts'][number];

/** What a try's answer began with (as it came), or else why it did not count. */
function AnswerExcerpt({ attempt }: { attempt: Attempt }) {
  if (attempt.response !== '') {
    return (
      <Text size="xs" ff="monospace" lineClamp={2} title={attempt.response} style={{ wordBreak: 'break-all' }}>
        {attempt.response}
      </Text>
    );
  }
  return (
    <Text size="xs" c={attempt.error ? 'red.8' : 'dimmed'} lineClamp={2}>
      {attempt.error ?? 'Empty answer'}
    </Text>
  );
}

/** What every row of the log needs, whichever page it is on. */
interface RowContext {
  deliveriesHref: string;
  resendingId: string | undefined;
  onResend: (delivery: WebhookDelivery) => void;
}

/**
 * An endpoint's delivery log, newest first: each delivery's event, status and its latest try (HTTP status, response
 * time, the answer's first bytes), its tries and body under Details, Resend; Send test event above it. Older pages
 * come one at a time, on request.
 */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveriesHref = endpoint._links.deliveries.href;
  const first = useWebhookDeliveries({ deliveriesHref, pageHref: deliveriesHref });
  const { sendTest, resend } = useWebhookChanges();

  function handleSendTest() {
    sendTest.mutate(endpoint, {
      onSuccess: () => showToast({ kind: 'success', message: 'Test event queued; it shows here once it has been sent' }),
      onError: (error) => showToast({ kind: 'error', title: 'The test event was not sent', message: describeError(error).message }),
    });
  }

  const context: RowContext = {
    deliveriesHref,
    resendingId: resend.isPending ? resend.variables.delivery.id : undefined,
    onResend: (delivery) =>
      resend.mutate(
        { endpoint, delivery },
        {
          onSuccess: () => showToast({ kind: 'success', message: `${webhookEventLabel(delivery.eventType)} queued again` }),
          onError: (error) => showToast({ kind: 'error', title: 'The delivery was not resent', message: describeError(error).message }),
        },
      ),
  };

  return (
    <Paper component="section" aria-label="Delivery log" withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              Delivery log
            </Title>
            <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
          </div>
          <Group gap="xs">
            {endpoint._links.test.methods.includes('POST') && (
              <Button variant="default" leftSection={<IconSend size={16} />} loading={sendTest.isPending} onClick={handleSendTest}>
                Send test event
              </Button>
            )}
            <Button variant="subtle" onClick={() => void first.refetch()}>
              Refresh
            </Button>
          </Group>
        </Group>
        {first.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading the delivery log" />
          </Center>
        ) : first.isError ? (
          <LoadFailure what="The delivery log" error={first.error} onRetry={() => void first.refetch()} />
        ) : first.data._embedded.item.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been sent to this endpoint yet. Send a test event to try it.
          </Text>
        ) : (
          <Table aria-label="Deliveries" verticalSpacing="xs">
            <TableHead columns={['Time', 'Event', 'Status', 'HTTP', 'Response time', 'Answer']} />
            <Table.Tbody>
              <DeliveryRows page={first.data} context={context} />
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

type DeliveryPage = NonNullable<ReturnType<typeof useWebhookDeliveries>['data']>;

/** A page's rows, then the way to the next older page if there is one. */
function DeliveryRows({ page, context }: { page: DeliveryPage; context: RowContext }) {
  return (
    <>
      {page._embedded.item.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} isResending={context.resendingId === delivery.id} onResend={() => context.onResend(delivery)} />
      ))}
      {page._links.next && <OlderDeliveries pageHref={page._links.next.href} context={context} />}
    </>
  );
}

function OlderDeliveries({ pageHref, context }: { pageHref: string; context: RowContext }) {
  const [isShown, setIsShown] = useState(false);
  if (isShown) return <OlderPage pageHref={pageHref} context={context} />;
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS} ta="center">
        <Button variant="default" size="compact-sm" onClick={() => setIsShown(true)}>
          Show older deliveries
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function OlderPage({ pageHref, context }: { pageHref: string; context: RowContext }) {
  const page = useWebhookDeliveries({ deliveriesHref: context.deliveriesHref, pageHref });
  if (page.isSuccess) return <DeliveryRows page={page.data} context={context} />;
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        {page.isError ? (
          <LoadFailure what="Older deliveries" error={page.error} onRetry={() => void page.refetch()} />
        ) : (
          <Center>
            <Loader size="xs" aria-label="Loading older deliveries" />
          </Center>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function DeliveryRow({ delivery, isResending, onResend }: { delivery: WebhookDelivery; isResending: boolean; onResend: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const status = STATUS_LOOK[delivery.status];
  const [latest] = delivery.attempts;
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayTimestamp(delivery.createdAt)}</Table.Td>
        <Table.Td>{webhookEventLabel(delivery.eventType)}</Table.Td>
        <Table.Td>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {delivery.nextAttemptAt && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {delivery.attempts.length === 0 ? 'Due' : 'Next try'} at {formatDisplayTimestamp(delivery.nextAttemptAt)}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{latest?.statusCode ?? '–'}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{latest ? `${latest.durationMs} ms` : '–'}</Table.Td>
        <Table.Td maw={360}>
          {latest ? (
            <AnswerExcerpt attempt={latest} />
          ) : (
            <Text size="xs" c="dimmed">
              Not sent yet
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {delivery._links.resend.methods.includes('POST') && (
              <Button size="compact-sm" variant="default" loading={isResending} onClick={onResend}>
                Resend
              </Button>
            )}
            <Button size="compact-sm" variant="subtle" aria-expanded={isOpen} onClick={() => setIsOpen((open) => !open)}>
              Details
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {isOpen && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS} bg="gray.0">
            <DeliveryDetails delivery={delivery} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Every try of a delivery and the body the receiver gets, with the message id it is sent under. */
function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap="sm" py="xs">
      <Text size="xs" c="dimmed">
        Message id (webhook-id header): <Code>{delivery.id}</Code>
      </Text>
      {delivery.attempts.length > 0 && (
        <Table aria-label="Tries" withTableBorder verticalSpacing={4} fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tried at</Table.Th>
              <Table.Th>HTTP</Table.Th>
              <Table.Th>Response time</Table.Th>
              <Table.Th>Answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.attempts.map((attempt) => (
              <Table.Tr key={attempt.at}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayTimestamp(attempt.at)}</Table.Td>
                <Table.Td>{attempt.statusCode ?? '–'}</Table.Td>
                <Table.Td>{attempt.durationMs} ms</Table.Td>
                <Table.Td>
                  {attempt.error && <Text size="xs">{attempt.error}</Text>}
                  {attempt.response !== '' && (
                    <Code block fz="xs" mah={160} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {attempt.response}
                    </Code>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" fw={500}>
        Body
      </Text>
      <Code block fz="xs" mah={240} style={{ overflow: 'auto' }}>
        {JSON.stringify(delivery.payload, null, 2)}
      </Code>
    </Stack>
  );
}
