import { Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small card in the middle of the screen, for the pages outside the main view (login, callback, logout). */
export function CenteredPanel({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="xs" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Text fw={700} size="lg">
            Editor App
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
