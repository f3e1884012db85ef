import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** What a list page is for, and its New button beside it when the user may add to the list (`onNew`). */
export function ListIntro({ children, newLabel, onNew }: { children: ReactNode; newLabel: string; onNew: (() => void) | undefined }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" maw={720}>
        {children}
      </Text>
      {onNew && (
        <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
          {newLabel}
        </Button>
      )}
    </Group>
  );
}
