import type { ReactNode } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** Spec 001 §8: the fetch error of the Athletes, Event, Recents and Schedule widgets. */
export const WIDGET_ERROR_TITLE = 'An error occurred while fetching the content';
export const WIDGET_ERROR_TEXT = 'Please try again later.';
/** Spec 001 §8: the Athletes and Event widgets when nothing is there. */
export const ALL_UP_TO_DATE = "You're all up to date!";

/** One dashboard widget: a titled panel; `actions` sit beside the title (switches, View All, Configure). */
export function WidgetPanel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="sm" p="md" h="100%">
      <Stack gap="sm" h="100%">
        <Stack gap={6}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** A widget waiting for its first answer; `what` names it for screen readers. */
export function WidgetLoading({ what }: { what: string }) {
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={`Loading ${what}`} />
    </Center>
  );
}

/** Spec 001 §8: the widget's fetch error, with a retry that asks again. */
export function WidgetError({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack role="alert" align="center" gap={4} py="lg">
      <Text fw={600} ta="center">
        {WIDGET_ERROR_TITLE}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {WIDGET_ERROR_TEXT}
      </Text>
      <Button mt="xs" size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** A widget with nothing to show: its spec text and, where the spec gives one, a way on. */
export function WidgetEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="lg">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {children}
    </Stack>
  );
}
