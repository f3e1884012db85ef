import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { describeError } from '../../ui/describeError.ts';
import { AssetEditor } from './AssetEditor.tsx';
import { useEditorAsset } from './useEditorAsset.ts';

/** Spec 002 §2: a spinner while loading; 'Oh no! An error occurred.' when loading fails. */
export function AssetEditorScreen({ id, locale }: { id: string; locale: string }) {
  const { data, error, isPending } = useEditorAsset(id, locale);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading asset" />
      </Center>
    );
  }
  if (error || !data) {
    return (
      <Center py="xl">
        <Paper withBorder p="lg" maw={520} role="alert">
          <Stack gap="xs">
            <Title order={3}>Oh no! An error occurred.</Title>
            <Text c="dimmed">{describeError(error).message}</Text>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return <AssetEditor initial={data} />;
}
