import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DeliveryKey } from '@editor/domain';
import { openConfirmModal } from '../../ui/appModals.tsx';
import { describeError } from '../../ui/describeError.ts';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
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
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={720}>
          Websites and apps read published content from the delivery API with a key. Give each its own key, so that you can change or revoke it alone.
        </Text>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ editing: null })}>
            New key
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading delivery keys" />
        </Center>
      ) : query.isError ? (
        <LoadFailure what="The delivery keys" error={query.error} onRetry={() => void query.refetch()} />
      ) : keys.length === 0 ? (
        <Text c="dimmed">There are no delivery keys yet.</Text>
      ) : (
        <DeliveryKeyTable keys={keys} onEdit={(key) => setDialog({ editing: key })} onRevoke={confirmRevoke} />
      )}
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
