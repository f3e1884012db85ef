import { useState } from 'react';
import { Badge, Group, ScrollArea, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { DashboardEvent } from '@editor/domain';
import { formatDisplayDate } from '../../ui/formatDate.ts';
import { EventWizardModal } from '../event-wizard/EventWizardModal.tsx';
import { useEventOpportunities, type EventFlow } from './useEventOpportunities.ts';
import { WidgetInfiniteEnd } from './WidgetInfiniteEnd.tsx';
import { ALL_UP_TO_DATE, WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

function EventRow({ event, onSelect }: { event: DashboardEvent; onSelect: () => void }) {
  const start = formatDisplayDate(event.startDate.dateTimeUTC);
  const end = formatDisplayDate(event.endDate.dateTimeUTC);
  return (
    <UnstyledButton onClick={onSelect} p={6} style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="sm" fw={600} truncate>
            {event.title}
          </Text>
          <Badge size="xs" radius="sm" variant="light" color={event.status === 'Confirmed' ? 'green' : 'orange'}>
            {event.status}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {start === end ? start : `${start} – ${end}`} · {[event.location.city, event.location.countryName].filter(Boolean).join(', ')}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

function EventList({ flow, onSelect }: { flow: EventFlow; onSelect: (event: DashboardEvent) => void }) {
  const events = useEventOpportunities(flow);
  if (events.isError && !events.isFetchNextPageError) return <WidgetError onRetry={() => void events.refetch()} />;
  if (events.isPending) return <WidgetLoading what="events" />;
  if (events.events.length === 0) return <WidgetEmpty text={ALL_UP_TO_DATE} />;

  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={6}>
        {events.events.map((event) => (
          <EventRow key={event.id} event={event} onSelect={() => onSelect(event)} />
        ))}
        <WidgetInfiniteEnd list={events} count={events.events.length} what="events" />
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** Spec 001 §2.2 Event Opportunities: upcoming events (create flow) or only existing ones (maintain flow). */
export function EventOpportunitiesWidget() {
  const [flow, setFlow] = useState<EventFlow>('create');
  // Spec 001 §2.2: selecting an event opens the event wizard on it.
  const [selected, setSelected] = useState<DashboardEvent | null>(null);
  return (
    <WidgetPanel
      title="Event Opportunities"
      actions={
        <SegmentedControl
          size="xs"
          value={flow}
          onChange={(value) => setFlow(value as EventFlow)}
          data={[
            { value: 'create', label: 'show upcoming events' },
            { value: 'maintain', label: 'show only existing' },
          ]}
        />
      }
    >
      <EventList key={flow} flow={flow} onSelect={setSelected} />
      <EventWizardModal opened={selected !== null} onClose={() => setSelected(null)} event={selected} />
    </WidgetPanel>
  );
}
