import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconSparkles, IconTrash } from '@tabler/icons-react';

export interface AiReviewBannerProps {
  /** The user may change this version (Accept saves it). */
  canAccept: boolean;
  canDelete: boolean;
  isSaving: boolean;
  onAccept: () => void;
  onDelete: () => void;
}

/**
 * Spec 002 §2, §4 AI Review Mode banner, under the action bar while the version's AI translation awaits
 * confirmation: Accept confirms the whole translation, Delete removes this AI-translated locale.
 */
export function AiReviewBanner({ canAccept, canDelete, isSaving, onAccept, onDelete }: AiReviewBannerProps) {
  return (
    <Alert color="violet" variant="light" icon={<IconSparkles size={18} />} role="region" aria-label="AI Review Mode" p="xs">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600}>AI Review Mode</Text>
        <Group gap="xs">
          {canDelete && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} disabled={isSaving}>
              Delete
            </Button>
          )}
          {canAccept && (
            <Button size="xs" color="violet" leftSection={<IconCheck size={14} />} onClick={onAccept} loading={isSaving}>
              Accept
            </Button>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
