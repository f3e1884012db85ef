import { useState } from 'react';
import { Avatar, Badge, Button, Center, Group, Loader, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { AssetVersion, Revision, StencilDefinition } from '@editor/domain';
import { useEditor } from '../../../editor-state/EditorStoreContext.tsx';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import { LoadedList } from '../../../ui/LoadedList.tsx';
import { LoadFailure } from '../../../ui/LoadFailure.tsx';
import { useLoadMoreSentinel } from '../../../ui/useLoadMoreSentinel.ts';
import { ConflictModal } from '../modals/ConflictModal.tsx';
import { RevisionComparison } from './RevisionComparison.tsx';
import { changedFieldsOf, revisionKindLabel } from './revisionLabels.ts';
import { useRevisionComparison, useRevisions, type VersionKey } from './revisionCalls.ts';
import { useRestoreRevision } from './useRestoreRevision.ts';

const NO_RESTORE_WHILE_DIRTY = 'Save or discard your changes to restore a revision.';

interface HistoryPanelProps {
  version: AssetVersion;
  stencil: StencilDefinition;
  /** The server version the editor shows: a restore names it in If-Match. */
  getBasedOnVersion: () => number;
  /** A restore (or the newer version loaded from its conflict) moved the editor to this version. */
  onServerVersion: (version: AssetVersion) => void;
}

/**
 * Issue 41 History tab: every revision of the version, newest first with who, when and what changed; one chosen is
 * compared field by field with the current version or any other revision, and restored whole or field by field.
 */
export function HistoryPanel({ version, stencil, getBasedOnVersion, onServerVersion }: HistoryPanelProps) {
  const key = { id: version.id, locale: version.localization };
  const history = useRevisions(key);
  const [selected, setSelected] = useState<number | null>(null);
  const restoring = useRestoreRevision({ version, getBasedOnVersion, onServerVersion });
  const chosen = history.revisions.find((revision) => revision.version === selected);
  return (
    <>
      {chosen ? (
        <RevisionView
          versionKey={key}
          stencil={stencil}
          revision={chosen}
          revisions={history.revisions}
          currentVersion={version._meta.version}
          isRestoring={restoring.isRestoring}
          onBack={() => setSelected(null)}
          onRestore={async (field) => {
            if (await restoring.restore(chosen, field)) setSelected(null);
          }}
        />
      ) : (
        <LoadedList query={history} loadingLabel="Loading revisions" what="The revisions" isEmpty={history.revisions.length === 0} emptyText="No revisions are recorded for this version yet.">
          <RevisionList
            revisions={history.revisions}
            stencil={stencil}
            currentVersion={version._meta.version}
            hasMore={history.hasNextPage}
            isLoadingMore={history.isFetchingNextPage}
            onLoadMore={() => void history.fetchNextPage()}
            onSelect={setSelected}
          />
        </LoadedList>
      )}
      <ConflictModal conflict={restoring.conflict} />
    </>
  );
}

interface RevisionListProps {
  revisions: readonly Revision[];
  stencil: StencilDefinition;
  currentVersion: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onSelect: (version: number) => void;
}

function RevisionList({ revisions, stencil, currentVersion, hasMore, isLoadingMore, onLoadMore, onSelect }: RevisionListProps) {
  const sentinel = useLoadMoreSentinel(() => {
    if (hasMore && !isLoadingMore) onLoadMore();
  });
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Choose a revision to see what changed and to restore it.
      </Text>
      <Stack component="ol" gap={2} m={0} p={0} aria-label="Revisions" style={{ listStyle: 'none' }}>
        {revisions.map((revision) => {
          const changed = changedFieldsOf(revision.changedPaths, stencil.inputs);
          const label = revisionKindLabel(revision.kind, stencil.inputs);
          return (
            <li key={revision.version}>
              <UnstyledButton
                onClick={() => onSelect(revision.version)}
                aria-label={`Revision ${revision.version}: ${label} by ${revision.user.name}, ${formatDisplayDateTime(revision.date)}`}
                p={6}
                w="100%"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Avatar name={revision.user.name} color="initials" size={28} radius="xl" aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      {/* A publish is a marker on the timeline: the content it holds went live then. */}
                      {revision.isPublished ? (
                        <Badge size="sm" color="green" variant="light">
                          {label}
                        </Badge>
                      ) : (
                        <Text size="sm" fw={600}>
                          {label}
                        </Text>
                      )}
                      {revision.version === currentVersion && (
                        <Badge size="xs" color="gray" variant="outline">
                          Current
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {revision.user.name} · {formatDisplayDateTime(revision.date)} · Revision {revision.version}
                    </Text>
                    {changed.length > 0 && (
                      <Text size="xs" lineClamp={2}>
                        {changed.join(', ')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      {hasMore && (
        <Center key={revisions.length} ref={sentinel}>
          {isLoadingMore ? (
            <Loader size="sm" aria-label="Loading older revisions" />
          ) : (
            <Button size="compact-sm" variant="subtle" onClick={onLoadMore}>
              Load older revisions
            </Button>
          )}
        </Center>
      )}
    </Stack>
  );
}

interface RevisionViewProps {
  versionKey: VersionKey;
  stencil: StencilDefinition;
  revision: Revision;
  revisions: readonly Revision[];
  currentVersion: number;
  isRestoring: boolean;
  onBack: () => void;
  onRestore: (field?: { input: string; label: string }) => Promise<void>;
}

/** The revision before `version` among those loaded, to compare the current one with. */
const previousOf = (revisions: readonly Revision[], version: number) => revisions.find((revision) => revision.version < version)?.version;

function RevisionView({ versionKey, stencil, revision, revisions, currentVersion, isRestoring, onBack, onRestore }: RevisionViewProps) {
  const isClean = useEditor((state) => state.changes.length === 0);
  const isReadonly = useEditor((state) => state.isReadonly);
  const isCurrent = revision.version === currentVersion;
  const [other, setOther] = useState<number | undefined>(() => (isCurrent ? previousOf(revisions, revision.version) : currentVersion));
  const pair = other === undefined ? null : { from: Math.min(other, revision.version), to: Math.max(other, revision.version) };
  const comparison = useRevisionComparison(versionKey, pair);
  const mayRestore = revision._links.restore.methods.includes('POST') && !isReadonly && !isCurrent;
  const canRestore = mayRestore && isClean && !isRestoring;
  const choices = revisions
    .filter((candidate) => candidate.version !== revision.version)
    .map((candidate) => ({
      value: String(candidate.version),
      label: candidate.version === currentVersion ? `Current version (revision ${candidate.version})` : `Revision ${candidate.version} · ${candidate.user.name} · ${formatDisplayDateTime(candidate.date)}`,
    }));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          All revisions
        </Button>
        {mayRestore && (
          <Button size="compact-sm" onClick={() => void onRestore()} disabled={!canRestore} loading={isRestoring}>
            Restore this revision
          </Button>
        )}
      </Group>
      <div>
        <Title order={5}>
          Revision {revision.version}: {revisionKindLabel(revision.kind, stencil.inputs)}
        </Title>
        <Text size="xs" c="dimmed">
          {revision.user.name} · {formatDisplayDateTime(revision.date)}
        </Text>
      </div>
      {mayRestore && !isClean && (
        <Text size="xs" c="dimmed">
          {NO_RESTORE_WHILE_DIRTY}
        </Text>
      )}
      <Select label="Compare with" data={choices} value={other === undefined ? null : String(other)} onChange={(value) => setOther(value === null ? undefined : Number(value))} allowDeselect={false} searchable nothingFoundMessage="No such revision is loaded" />
      {pair && (
        <Text size="xs" c="dimmed">
          What changed from revision {pair.from} to revision {pair.to}: added words are underlined, removed ones struck through.
        </Text>
      )}
      {pair === null ? null : comparison.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Comparing revisions" />
        </Center>
      ) : comparison.isError ? (
        <LoadFailure what="The comparison" error={comparison.error} onRetry={() => void comparison.refetch()} />
      ) : (
        <RevisionComparison fields={comparison.data.fields} isRestoring={isRestoring} onRestoreField={canRestore ? (input, label) => void onRestore({ input, label }) : undefined} />
      )}
    </Stack>
  );
}
