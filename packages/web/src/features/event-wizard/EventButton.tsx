import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import type { DashboardEvent } from '@editor/domain';
import { formatDisplayDate } from '../../ui/formatDate.ts';

/** An event's dates and place in one line. */
export function eventSummary(event: DashboardEvent): string {
  const start = formatDisplayDate(event.startDate.dateTimeUTC);
  const end = formatDisplayDate(event.endDate.dateTimeUTC);
  const place = [event.location.city, event.location.countryName].filter(Boolean).join(', ');
  return `${start === end ? start : `${start} – ${end}`}${place ? ` · ${place}` : ''}`;
}

/** An event as a button: title, status, dates and place; `isSelected` makes it a toggle (the wizard's event search). */
export function EventButton({ event, isSelected, onSelect }: { event: DashboardEvent; isSelected?: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={isSelected}
      p={6}
      style={{ borderRadius: 4, border: `1px solid var(--mantine-color-${isSelected ? 'indigo-5' : 'gray-3'})` }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600} truncate>
          {event.title}
        </Text>
        <Badge size="xs" radius="sm" variant="light" color={event.status === 'Confirmed' ? 'green' : 'orange'}>
          {event.status}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {eventSummary(event)}
      </Text>
    </UnstyledButton>
  );
}
