import { useState } from 'react';
import { Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DashboardEvent } from '@editor/domain';
import { EventButton } from './EventButton.tsx';
import { useEventSearch } from './useEventWizardData.ts';


function Message({ title, text, action }: { title: string; text?: string | string[]; action?: { label: string; onClick: () => void } }) {
  const lines = text === undefined ? [] : Array.isArray(text) ? text : [text];
  return (
    <Stack gap={4} align="center" py="md">
      <Text fw={600}>{title}</Text>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {action && (
        <Button size="xs" variant="light" onClick={action.onClick} mt={4}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

/** Spec 001 §8: the texts of the two event searches. */
const STATES = {
  upcoming: {
    error: { title: 'An error occurred while fetching the events', text: 'Please try again', action: 'Reload Events' },
    empty: { title: 'Events not found', text: 'Please check your event search.' },
    label: 'Search events',
  },
  past: {
    error: { title: 'No assets found', text: undefined, action: 'Reload Assets' },
    empty: { title: 'No similar events found', text: ['Try fewer or other words.', 'Try the name of the event series.'] },
    label: 'Search similar events',
  },
} as const;

/**
 * Spec 001 §2.4, §4, §8: an event search; 'upcoming' finds the event to create a profile for, 'past' a similar event
 * to base it on.
 */
export function EventSearch({ kind, initialText = '', selectedId, onSelect }: { kind: 'upcoming' | 'past'; initialText?: string; selectedId: string | null; onSelect: (event: DashboardEvent) => void }) {
  const [text, setText] = useState(initialText);
  const search = useEventSearch(kind, text);
  const states = STATES[kind];
  const events = search.data?.data ?? [];
  return (
    <Stack gap="sm">
      <TextInput aria-label={states.label} placeholder={states.label} leftSection={<IconSearch size={16} stroke={1.6} />} value={text} onChange={(event) => setText(event.currentTarget.value)} data-autofocus />
      {search.isError ? (
        <Message title={states.error.title} text={states.error.text} action={{ label: states.error.action, onClick: () => void search.refetch() }} />
      ) : search.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading events" />
        </Center>
      ) : events.length === 0 ? (
        <Message title={states.empty.title} text={[...(Array.isArray(states.empty.text) ? states.empty.text : [states.empty.text])]} />
      ) : (
        <Stack gap={6}>
          {events.map((event) => (
            <EventButton key={event.id} event={event} isSelected={event.id === selectedId} onSelect={() => onSelect(event)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
