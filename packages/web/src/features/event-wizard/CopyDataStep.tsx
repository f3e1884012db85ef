import { Button, Center, Checkbox, Loader, Stack, Text } from '@mantine/core';
import type { AssetVersion, DashboardEvent } from '@editor/domain';
import type { useCopySource } from './useEventWizardData.ts';

type CopySource = ReturnType<typeof useCopySource>;

/** The event-profile inputs worth taking from a similar event: what it is about, not when or where. */
const COPYABLE = [
  { name: 'teaser', label: 'Teaser' },
  { name: 'hero-image', label: 'Hero image' },
  { name: 'story-content', label: 'Event content' },
  { name: 'ticket-url', label: 'Tickets' },
  { name: 'disciplines', label: 'Disciplines' },
  { name: 'content-categories', label: 'Content categories' },
  { name: 'tags', label: 'Tags' },
  { name: 'event-series', label: 'Event series' },
  { name: 'participants', label: 'Participants' },
] as const;

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The values of the chosen inputs of a source profile. */
export function copiedValues(source: AssetVersion | null | undefined, chosen: ReadonlySet<string>): Record<string, unknown> {
  if (!source) return {};
  return Object.fromEntries(COPYABLE.filter(({ name }) => chosen.has(name) && hasValue(source.content[name]?.value)).map(({ name }) => [name, source.content[name]?.value]));
}

/** The copyable inputs the source profile has a value for. */
export function copyableOf(source: AssetVersion | null | undefined) {
  return source ? COPYABLE.filter(({ name }) => hasValue(source.content[name]?.value)) : [];
}

/**
 * Spec 001 §2.5, §4, §8 copy-data: which inputs of the similar event's profile (in another locale) the new profile
 * starts with; a failed fetch offers Reload Content.
 */
export function CopyDataStep({ source, similarEvent, chosen, onChange }: { source: CopySource; similarEvent: DashboardEvent; chosen: ReadonlySet<string>; onChange: (chosen: Set<string>) => void }) {
  if (source.isError) {
    return (
      <Stack gap={4} align="center" py="md">
        <Text fw={600}>An error occurred while fetching the content</Text>
        <Button size="xs" variant="light" onClick={() => void source.refetch()}>
          Reload Content
        </Button>
      </Stack>
    );
  }
  if (source.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading content" />
      </Center>
    );
  }
  const inputs = copyableOf(source.data);
  if (!source.data || inputs.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {`${similarEvent.title} has no event profile content to copy.`}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{`Copy from the ${source.data.localization} event profile of ${similarEvent.title}:`}</Text>
      {inputs.map(({ name, label }) => (
        <Checkbox
          key={name}
          label={label}
          checked={chosen.has(name)}
          onChange={(event) => {
            const next = new Set(chosen);
            if (event.currentTarget.checked) next.add(name);
            else next.delete(name);
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}

export const ALL_COPYABLE: ReadonlySet<string> = new Set(COPYABLE.map(({ name }) => name));
