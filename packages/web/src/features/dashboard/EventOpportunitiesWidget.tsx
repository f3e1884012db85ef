import { useState } from 'react';
import { Badge, Group, ScrollArea, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { DashboardEvent } from '@editor/domain';
import { assetEditorPath } from '../../app/routes.ts';
import { formatDisplayDate } from '../../ui/formatDate.ts';
import { CreateContentModal } from '../create-content/CreateContentModal.tsx';
import { useEventOpportunities, useFindEventProfile, type EventFlow } from './useEventOpportunities.ts';
import { WidgetInfiniteEnd } from './WidgetInfiniteEnd.tsx';
import { ALL_UP_TO_DATE, WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

/** The create modal's search text that leaves the event-profile stencil (its label) to pick. */
const EVENT_PROFILE_LABEL = 'Event Profile';

function EventRow({ event, isOpening, onSelect }: { event: DashboardEvent; isOpening: boolean; onSelect: () => void }) {
  const start = formatDisplayDate(event.startDate.dateTimeUTC);
  const end = formatDisplayDate(event.endDate.dateTimeUTC);
  return (
    <UnstyledButton onClick={onSelect} aria-busy={isOpening || undefined} p={6} style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-3)' }}>
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

function EventList({ flow, onCreate }: { flow: EventFlow; onCreate: () => void }) {
  const events = useEventOpportunities(flow);
  const findProfile = useFindEventProfile();
  const navigate = useNavigate();
  if (events.isError && !events.isFetchNextPageError) return <WidgetError onRetry={() => void events.refetch()} />;
  if (events.isPending) return <WidgetLoading what="events" />;
  if (events.events.length === 0) return <WidgetEmpty text={ALL_UP_TO_DATE} />;

  // Spec 001 §2.2: selecting an event opens its event profile, or starts one (docs/decisions.md, "Event Opportunities").
  const handleSelect = (event: DashboardEvent) =>
    findProfile.mutate(event, {
      onSuccess: (profile) => {
        if (profile) void navigate(assetEditorPath({ id: profile.id, locale: profile.localization }));
        else onCreate();
      },
      onError: onCreate,
    });

  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={6}>
        {events.events.map((event) => (
          <EventRow key={event.id} event={event} isOpening={findProfile.isPending && findProfile.variables.id === event.id} onSelect={() => handleSelect(event)} />
        ))}
        <WidgetInfiniteEnd list={events} count={events.events.length} what="events" />
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** Spec 001 §2.2 Event Opportunities: upcoming events (create flow) or only existing ones (maintain flow). */
export function EventOpportunitiesWidget() {
  const [flow, setFlow] = useState<EventFlow>('create');
  const [isCreating, setIsCreating] = useState(false);
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
      <EventList key={flow} flow={flow} onCreate={() => setIsCreating(true)} />
      <CreateContentModal opened={isCreating} onClose={() => setIsCreating(false)} initialSearchText={EVENT_PROFILE_LABEL} />
    </WidgetPanel>
  );
}
