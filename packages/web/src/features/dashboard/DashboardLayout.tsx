import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { AthletesWidget } from './AthletesWidget.tsx';
import { EventOpportunitiesWidget } from './EventOpportunitiesWidget.tsx';
import { RecentsWidget } from './RecentsWidget.tsx';
import { ScheduleWidget } from './ScheduleWidget.tsx';
import { TrendingWidget } from './TrendingWidget.tsx';

/**
 * Spec 001 §2.2: Latest Media Content top left, Event Opportunities and Athletes side by side below it; Recents
 * and Schedule on the right. Narrow windows stack the two sides.
 */
export function DashboardLayout() {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <TrendingWidget />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <EventOpportunitiesWidget />
            <AthletesWidget />
          </SimpleGrid>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <RecentsWidget />
          <ScheduleWidget />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
