import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@editor/domain';
import { ErrorSummary } from './ErrorSummary.tsx';

/** The generic error view (spec 001 §8). */
export function ErrorView({ error, title = MESSAGES.errorViewTitle, onOk }: { error: unknown; title?: string; onOk: () => void }) {
  return (
    <Paper withBorder shadow="xs" p="lg" w="100%" maw={560} role="alert">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        <ErrorSummary error={error} />
        <Group justify="flex-end">
          <Button onClick={onOk}>Ok</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
