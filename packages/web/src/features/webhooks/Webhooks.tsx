import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@editor/domain';
import { openConfirmModal } from '../../ui/appModals.tsx';
import { describeError } from '../../ui/describeError.ts';
import { ListIntro } from '../../ui/ListIntro.tsx';
import { LoadedList } from '../../ui/LoadedList.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { useWebhookChanges } from './useWebhookChanges.ts';
import { useWebhookEndpoints } from './useWebhookEndpoints.ts';
import { WebhookEndpointTable } from './WebhookEndpointTable.tsx';
import { WebhookModal } from './WebhookModal.tsx';

/**
 * Webhook endpoints: the list, New webhook and Edit in a modal, Delete after a confirmation, and the delivery log of
 * the chosen endpoint (`selectedId`, which the page keeps in the URL).
 */
export function Webhooks({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string | null) => void }) {
  const query = useWebhookEndpoints();
  const { remove } = useWebhookChanges();
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const endpoints = query.data?._embedded.item ?? [];
  const selected = endpoints.find((endpoint) => endpoint.id === selectedId);
  const canCreate = query.data?._links.self.methods.includes('POST') ?? false;

  function confirmDelete(endpoint: WebhookEndpoint) {
    void openConfirmModal({
      title: 'Delete webhook',
      children: (
        <Text size="sm">
          Nothing more is sent to <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>{endpoint.url}</Text>, and its delivery log is deleted. Deliveries
          still waiting are not sent.
        </Text>
      ),
      labels: { confirm: 'Delete webhook', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(endpoint, {
          onSuccess: () => {
            showToast({ kind: 'success', message: 'Webhook deleted' });
            if (endpoint.id === selectedId) onSelect(null);
          },
          onError: (error) => showToast({ kind: 'error', title: 'The webhook was not deleted', message: describeError(error).message }),
        }),
    });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <ListIntro newLabel="New webhook" onNew={canCreate ? () => setDialog({ editing: null }) : undefined}>
        Webhooks tell other systems, such as a website&apos;s build, when content changes. Each event is posted as signed JSON and tried again for 24 hours
        until the receiver answers with a 2xx status.
      </ListIntro>
      <LoadedList query={query} loadingLabel="Loading webhooks" what="The webhooks" isEmpty={endpoints.length === 0} emptyText="There are no webhooks yet.">
        <WebhookEndpointTable
          endpoints={endpoints}
          selectedId={selected?.id ?? null}
          onShowLog={(endpoint) => onSelect(endpoint.id)}
          onEdit={(endpoint) => setDialog({ editing: endpoint })}
          onDelete={confirmDelete}
        />
      </LoadedList>
      {selected && <DeliveryLog key={selected.id} endpoint={selected} />}
      {dialog && <WebhookModal editing={dialog.editing} onClose={() => setDialog(null)} onCreated={(endpoint) => onSelect(endpoint.id)} />}
    </Stack>
  );
}
