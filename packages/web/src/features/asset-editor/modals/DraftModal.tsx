import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import type { LocalDraft } from '../drafts/localDrafts.ts';

/** Spec 002 §4: a draft kept in this browser is offered on load: Discard draft or Load draft. */
export function DraftModal({ draft, onDiscard, onLoad }: { draft: LocalDraft | null; onDiscard: () => void; onLoad: () => void }) {
  return (
    <Modal opened={draft !== null} onClose={onDiscard} title="Draft" closeOnClickOutside={false}>
      {draft && (
        <Stack gap="md">
          <Text>{`This browser holds unsaved changes to this asset from ${formatDisplayDateTime(draft.savedAt)}.`}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDiscard}>
              Discard draft
            </Button>
            <Button onClick={onLoad}>Load draft</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
