import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { format } from 'date-fns';
import { Link } from '../../router/index.ts';
import { assetEditorPath } from '../../router/routes.ts';
import { UNTITLED } from '../../parts/asset-card/cardModel.ts';
import { groupScheduleByDay, type ScheduleEntry } from './scheduleDays.ts';
import { useSchedule } from './useSchedule.ts';
import { WidgetInfiniteEnd } from './WidgetInfiniteEnd.tsx';
import { WidgetEmpty, WidgetError, WidgetLoading, WidgetPanel } from './WidgetStates.tsx';

function ScheduleRow({ entry }: { entry: ScheduleEntry }) {
  const { assetLocalization: asset, transitionTo } = entry;
  const isPublish = transitionTo === 'published';
  return (
    <Group component="li" gap="xs" wrap="nowrap" py={4}>
      <Text size="xs" c="dimmed" w={40} style={{ flexShrink: 0 }}>
        {format(new Date(entry.unixTimestamp * 1000), 'HH:mm')}
      </Text>
      <Badge size="xs" radius="sm" variant="light" color={isPublish ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
        {isPublish ? 'Publish' : 'Unpublish'}
      </Badge>
      <Text component={Link} to={assetEditorPath({ id: asset.id, locale: asset.localization })} size="sm" truncate style={{ flex: 1 }} c={asset.title ? undefined : 'dimmed'}>
        {asset.title || UNTITLED}
      </Text>
      <Text size="xs" c="dimmed">
        {asset.localization}
      </Text>
    </Group>
  );
}

/** Spec 001 §2.2, §4 Schedule: scheduled publishes and unpublishes grouped by day, with infinite scroll. */
export function ScheduleWidget() {
  const schedule = useSchedule();
  const body = () => {
    if (schedule.isError && !schedule.isFetchNextPageError) return <WidgetError onRetry={() => void schedule.refetch()} />;
    if (schedule.isPending) return <WidgetLoading what="schedule" />;
    const days = groupScheduleByDay(schedule.entries);
    if (days.length === 0) return <WidgetEmpty text="Empty schedule" />;
    return (
      <ScrollArea.Autosize mah={480} type="auto">
        <Stack gap="sm">
          {days.map(({ day, entries }) => (
            <section key={day} aria-label={day}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {day}
              </Text>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {entries.map((entry) => (
                  <ScheduleRow key={`${entry.assetLocalization.id}-${entry.assetLocalization.localization}-${entry.transitionTo}-${entry.unixTimestamp}`} entry={entry} />
                ))}
              </ul>
            </section>
          ))}
          <WidgetInfiniteEnd list={schedule} count={schedule.entries.length} what="of the schedule" />
        </Stack>
      </ScrollArea.Autosize>
    );
  };
  return <WidgetPanel title="Schedule">{body()}</WidgetPanel>;
}
