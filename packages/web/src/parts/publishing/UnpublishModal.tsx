import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetVersion } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { describeError } from '../../ui/describeError.ts';
import { openErrorModal } from '../../ui/ErrorModal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useUsage } from './useUsage.ts';
import { depublishVersion, type UnpublishTarget } from './publishingCalls.ts';

export const UNPUBLISH_TEXTS = {
  title: 'Unpublish',
  effect: 'Unpublished content disappears from the website.',
  unpublished: 'Your asset has been unpublished',
  notUnpublished: 'Your asset could not be unpublished',
  errorModal: 'Sorry, it was not possible to unpublish your asset.',
  usageFailed: 'Sorry, could not get usage data.',
} as const;

/** Spec 002 §2 usage sentences; their middle is spec 001 §9's 'used by N other asset(s)'. */
export function usageText(total: number): string {
  return total > 0 ? `This asset is used by ${total} other asset(s).` : 'This asset is not used in other assets so far.';
}

export interface UnpublishModalProps {
  opened: boolean;
  /** The editor's version or a list card's item: both carry the usage and depublish links. */
  target: UnpublishTarget;
  onClose: () => void;
  onUnpublished?: (version: AssetVersion) => void;
}

/**
 * Spec 001 §4, §8 and 002 §4 unpublish: the usage check first (spinner), then its error or the confirmation with
 * the usage count (Cancel / Unpublish, 'Unpublishing...' while busy), then a toast. A failure also opens the error
 * modal with the server's reason.
 */
export function UnpublishModal({ opened, target, onClose, onUnpublished }: UnpublishModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={UNPUBLISH_TEXTS.title}>
      {opened && <UnpublishDialog target={target} onClose={onClose} onUnpublished={onUnpublished} />}
    </Modal>
  );
}

function UnpublishDialog({ target, onClose, onUnpublished }: Omit<UnpublishModalProps, 'opened'>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const usage = useUsage(target._links['p:usage'].href, { isEnabled: true });
  const unpublish = useMutation({
    mutationFn: () => depublishVersion(api, target),
    onSuccess: (version) => {
      showToast({ kind: 'success', message: UNPUBLISH_TEXTS.unpublished });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lifecycles(target.id) });
      onUnpublished?.(version);
      onClose();
    },
    onError: (error) => {
      showToast({ kind: 'error', message: UNPUBLISH_TEXTS.notUnpublished });
      onClose();
      openErrorModal(error, UNPUBLISH_TEXTS.errorModal);
    },
  });

  if (usage.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Checking usage">
        <Loader />
      </Center>
    );
  }
  if (usage.isError || usage.total === undefined) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          <Text size="sm">{UNPUBLISH_TEXTS.usageFailed}</Text>
          <Text size="sm">{`ERROR: ${describeError(usage.error).status}`}</Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>{usageText(usage.total)}</Text>
      <Text size="sm" c="dimmed">
        {UNPUBLISH_TEXTS.effect}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={unpublish.isPending}>
          Cancel
        </Button>
        <Button color="red" disabled={unpublish.isPending} onClick={() => unpublish.mutate()}>
          {unpublish.isPending ? 'Unpublishing...' : 'Unpublish'}
        </Button>
      </Group>
    </Stack>
  );
}
