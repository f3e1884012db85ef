import { Group, Stack, Text } from '@mantine/core';
import { tooltipColumns } from '@editor/domain';

/** A tooltip's list of names in columns of 10, or 5 for 10 to 20 names (spec 001 §9). */
export function TooltipList({ items }: { items: readonly string[] }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      {tooltipColumns(items).map((column) => (
        <Stack key={column[0]} gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {column.map((item) => (
            <Text key={item} component="li" size="xs">
              {item}
            </Text>
          ))}
        </Stack>
      ))}
    </Group>
  );
}
