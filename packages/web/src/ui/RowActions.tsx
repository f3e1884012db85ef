import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

/**
 * A row's buttons: its own first, then Edit and the removal (Delete, Revoke) where the row's link offers PATCH and
 * DELETE.
 */
export function RowActions(props: { methods: readonly string[]; removeLabel: string; onEdit: () => void; onRemove: () => void; children?: ReactNode }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {props.children}
      {props.methods.includes('PATCH') && (
        <Button size="compact-sm" variant="default" onClick={props.onEdit}>
          Edit
        </Button>
      )}
      {props.methods.includes('DELETE') && (
        <Button size="compact-sm" variant="light" color="red" onClick={props.onRemove}>
          {props.removeLabel}
        </Button>
      )}
    </Group>
  );
}
