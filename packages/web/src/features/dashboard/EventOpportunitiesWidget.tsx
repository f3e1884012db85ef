import { useState } from 'react';
import { ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import type { DashboardEvent } from '@editor/domain';
import { EventButton } from '../event-wizard/EventButton.tsx';
import { EventWizardModal } from '../event-wizard/EventWizardModal.tsx';
import { useEventOpportunities, type EventFlow } from './useEventOpportunities.ts';
import { WidgetInfiniteEnd } from './WidgetInfiniteEnd.tsx';
import { ALL_UP_TO_DATE, WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

function EventList({ flow, onSelect }: { flow: EventFlow; onSelect: (event: DashboardEvent) => void }) {
  const events = useEventOpportunities(flow);
  if (events.isError && !events.isFetchNextPageError) return <WidgetError onRetry={() => void events.refetch()} />;
  if (events.isPending) return <WidgetLoading what="events" />;
  if (events.events.length === 0) return <WidgetEmpty text={ALL_UP_TO_DATE} />;

  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={6}>
        {events.events.map((event) => (
          <EventButton key={event.id} event={event} onSelect={() => onSelect(event)} />
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
      {/* Spec 001 §4 create flag: the maintain flow's events have their profiles, so its wizard creates none. */}
      <EventWizardModal opened={selected !== null} onClose={() => setSelected(null)} event={selected} canCreate={flow === 'create'} />
    </WidgetPanel>
  );
}
