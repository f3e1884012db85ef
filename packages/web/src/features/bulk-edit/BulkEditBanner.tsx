import { Alert, Button, Group, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useBulkEdit } from './BulkEditContext.tsx';

/** Spec 002 §2, §4: the banner under the action bar while bulk edit mode is on, with Cancel and Next. */
export function BulkEditBanner() {
  const phase = useBulkEdit((state) => state.phase);
  const count = useBulkEdit((state) => state.selected.size);
  const leave = useBulkEdit((state) => state.leave);
  const openWizard = useBulkEdit((state) => state.openWizard);
  if (phase === 'off') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconStack2 size={18} />} title="Bulk Edit mode" role="region" aria-label="Bulk Edit mode">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Select the properties to apply to other locales. {count === 1 ? '1 property selected' : `${count} properties selected`}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={leave}>
            Cancel
          </Button>
          {/* Spec 002 §4: confirm only with properties selected. */}
          <Button size="xs" disabled={count === 0} onClick={openWizard}>
            Next
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
