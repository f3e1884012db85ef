import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { GEOBLOCK_SHORT_LIST, geoblockText } from '@editor/domain';

/**
 * Spec 000 §4 geoblocked flag, 002 §4: the countries a media item is blocked in — the short form ('… and N other
 * countries') with 'Show all' when there are more than a few, and the whole list with 'Hide all'.
 */
export function GeoblockList({ countries }: { countries: readonly string[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  if (countries.length === 0) return null;
  const isLong = countries.length > GEOBLOCK_SHORT_LIST;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" aria-label="Geoblocked countries" role="group">
      <Text span c="gray.7" lh={0} mt={2} role="img" aria-label="Geoblocked">
        <IconWorldOff size={15} stroke={1.6} />
      </Text>
      <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
        Blocked in {isLong && isExpanded ? countries.join(', ') : geoblockText(countries)}
      </Text>
      {isLong && (
        <Button size="compact-xs" variant="subtle" onClick={() => setIsExpanded((expanded) => !expanded)} style={{ flexShrink: 0 }}>
          {isExpanded ? 'Hide all' : 'Show all'}
        </Button>
      )}
    </Group>
  );
}
