import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import type { LocalDraft } from '../../../editor-state/localDrafts.ts';

/** Spec 002 §4: a draft kept in this browser is offered on load: Discard draft or Load draft (also a new asset's '-' draft, 000 §4). */
export function DraftModal({
  draft,
  description,
  isLoading = false,
  onDiscard,
  onLoad,
}: {
  draft: Pick<LocalDraft, 'savedAt'> | null;
  /** What the draft holds; by default the unsaved changes of the open asset. */
  description?: string;
  /** Load draft is running (a new asset's draft is created on the server). */
  isLoading?: boolean;
  onDiscard: () => void;
  onLoad: () => void;
}) {
  return (
    <Modal opened={draft !== null} onClose={onDiscard} title="Draft" closeOnClickOutside={false}>
      {draft && (
        <Stack gap="md">
          <Text>{description ?? `This browser holds unsaved changes to this asset from ${formatDisplayDateTime(draft.savedAt)}.`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDiscard} disabled={isLoading}>
              Discard draft
            </Button>
            <Button onClick={onLoad} loading={isLoading}>
              Load draft
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
