import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Rights } from '@editor/domain';

function RightsList({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Group gap={4} role="list" aria-label={label}>
        {values.map((value) => (
          <Badge key={value} role="listitem" variant="default" radius="sm" tt="none" fw={500}>
            {value}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** Spec 001 §2.9: the user's roles, spaces and localisations. */
export function UserRightsLists({ rights }: { rights: Rights }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <RightsList label="Your roles" values={rights.roles} />
      <RightsList label="Your spaces" values={rights.spaces} />
      <RightsList label="Your localisations" values={rights.localizations} />
    </SimpleGrid>
  );
}
