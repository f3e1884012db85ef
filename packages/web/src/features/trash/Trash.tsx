import { Anchor, Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { DeletedVersion, RestoredVersion } from '@editor/domain';
import { useNavigate } from '../../router/index.ts';
import { assetEditorPath } from '../../router/routes.ts';
import { describeError } from '../../ui/describeError.ts';
import { formatDisplayDateTime } from '../../ui/formatDate.ts';
import { LoadedList } from '../../ui/LoadedList.tsx';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useRestoreDeleted, useTrash } from './useTrash.ts';

/** What became of the restored version's URI slugs, when any could not be claimed again (spec 000 §3 slug registry). */
function takenSlugsText(restored: RestoredVersion): string | undefined {
  const taken = restored.slugs.filter((slug) => slug.outcome === 'taken').map((slug) => slug.slugId);
  if (taken.length === 0) return undefined;
  const subject = taken.length === 1 ? `Its URI slug ${taken.join(', ')} now belongs` : `Its URI slugs ${taken.join(', ')} now belong`;
  return `${subject} to another asset: give it a new URI title before publishing.`;
}

/** The toast after a restore; toasts show outside the router, so opening the version is the caller's `onOpen`. */
function RestoredMessage({ entry, restored, onOpen }: { entry: DeletedVersion; restored: RestoredVersion; onOpen: () => void }) {
  const taken = takenSlugsText(restored);
  return (
    <Stack gap={4}>
      <Text size="sm">
        »{entry.title}« ({entry.localization}) is restored with all its revisions.
      </Text>
      {taken && <Text size="sm">{taken}</Text>}
      <Anchor component="button" type="button" size="sm" ta="left" onClick={onOpen}>
        Open in the editor
      </Anchor>
    </Stack>
  );
}

/** Issue 41 trash: deleted versions with their revisions, for technical admins to find and restore. */
export function Trash() {
  const trash = useTrash();
  const restore = useRestoreDeleted();
  const navigate = useNavigate();

  function handleRestore(entry: DeletedVersion) {
    restore.mutate(entry, {
      onSuccess: (restored) => {
        const hasTakenSlugs = restored.slugs.some((slug) => slug.outcome === 'taken');
        showToast({ kind: hasTakenSlugs ? 'warning' : 'success', message: <RestoredMessage entry={entry} restored={restored} onOpen={() => void navigate(assetEditorPath({ id: restored.id, locale: restored.localization }))} /> });
      },
      onError: (error) => showToast({ kind: 'error', title: `»${entry.title}« was not restored`, message: describeError(error).message }),
    });
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Text size="sm" c="dimmed" maw={720}>
        A deleted version keeps its revisions here, most recently deleted first. Restore brings it back where it was, with its
        history; its URI slugs are claimed again where no other asset took them meanwhile.
      </Text>
      <LoadedList query={trash} loadingLabel="Loading deleted versions" what="The deleted versions" isEmpty={trash.deleted.length === 0} emptyText="Nothing has been deleted.">
        <Table aria-label="Deleted versions" verticalSpacing="sm" highlightOnHover>
          <TableHead columns={['Title', 'Locale', 'Spaces', 'Deleted', 'Revisions']} />
          <Table.Tbody>
            {trash.deleted.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <StencilIcon name={entry.stencil} />
                    <Text size="sm" fw={500}>
                      {entry.title || entry.assetId}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entry.assetId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {entry.localization}
                  </Badge>
                </Table.Td>
                <Table.Td>{entry.spaces.join(', ')}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDisplayDateTime(entry.deletedDate)}</Text>
                  <Text size="xs" c="dimmed">
                    by {entry.deletedBy}
                  </Text>
                </Table.Td>
                <Table.Td>{entry.lastVersion}</Table.Td>
                <Table.Td>
                  {entry._links.restore.methods.includes('POST') && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`Restore ${entry.title || entry.assetId} (${entry.localization})`}
                      loading={restore.isPending && restore.variables.id === entry.id}
                      disabled={restore.isPending}
                      onClick={() => handleRestore(entry)}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {trash.hasNextPage && (
          <Center>
            {trash.isFetchingNextPage ? (
              <Loader size="sm" aria-label="Loading more deleted versions" />
            ) : (
              <Button variant="subtle" onClick={() => void trash.fetchNextPage()}>
                Load more
              </Button>
            )}
          </Center>
        )}
      </LoadedList>
    </Stack>
  );
}
