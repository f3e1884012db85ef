import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DeliveryKey } from '@editor/domain';
import { openConfirmModal } from '../../ui/appModals.tsx';
import { describeError } from '../../ui/describeError.ts';
import { ListIntro } from '../../ui/ListIntro.tsx';
import { LoadedList } from '../../ui/LoadedList.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { DeliveryApiHint } from './DeliveryApiHint.tsx';
import { DeliveryKeyModal } from './DeliveryKeyModal.tsx';
import { DeliveryKeyTable } from './DeliveryKeyTable.tsx';
import { useDeliveryKeyChanges } from './useDeliveryKeyChanges.ts';
import { useDeliveryKeys } from './useDeliveryKeys.ts';

/** The delivery API's keys: the list, New key and Edit in a modal, Revoke after a confirmation, and how a key is used. */
export function DeliveryKeys() {
  const query = useDeliveryKeys();
  const { revoke } = useDeliveryKeyChanges();
  const [dialog, setDialog] = useState<{ editing: DeliveryKey | null } | null>(null);
  const keys = query.data?._embedded.item ?? [];
  const canCreate = query.data?._links.self.methods.includes('POST') ?? false;

  function confirmRevoke(key: DeliveryKey) {
    void openConfirmModal({
      title: 'Revoke key',
      children: (
        <Text size="sm">
          Websites and apps that use “{key.name}” can no longer read content with it, within seconds. A revoked key cannot be used again.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key, {
          onSuccess: () => showToast({ kind: 'success', message: `Key “${key.name}” revoked` }),
          onError: (error) => showToast({ kind: 'error', title: `Key “${key.name}” was not revoked`, message: describeError(error).message }),
        }),
    });
  }

  return (
    <Stack gap="lg" maw={1200}>
      <ListIntro newLabel="New key" onNew={canCreate ? () => setDialog({ editing: null }) : undefined}>
        Websites and apps read published content from the delivery API with a key. Give each its own key, so that you can change or revoke it alone.
      </ListIntro>
      <LoadedList query={query} loadingLabel="Loading delivery keys" what="The delivery keys" isEmpty={keys.length === 0} emptyText="There are no delivery keys yet.">
        <DeliveryKeyTable keys={keys} onEdit={(key) => setDialog({ editing: key })} onRevoke={confirmRevoke} />
      </LoadedList>
      <Paper withBorder p="md" maw={960}>
        <Stack gap="xs">
          <Title order={2} size="h5">
            Using a key
          </Title>
          <DeliveryApiHint />
        </Stack>
      </Paper>
      {dialog && <DeliveryKeyModal editing={dialog.editing} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
