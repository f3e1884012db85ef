import { useState } from 'react';
import { Center, Loader, Modal, Stack, Text } from '@mantine/core';
import type { MediaLibraryItem } from '@editor/domain';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { AssetCardGrid, AssetCardGridItem } from '../asset-card/AssetCardGrid.tsx';
import { useLoadMoreSentinel } from '../asset-list/useLoadMoreSentinel.ts';
import { ArchiveSearchBox } from '../media-archive/ArchiveFilterBar.tsx';
import { archiveRequestParams } from '../media-archive/archiveSearch.ts';
import { MediaArchiveCard } from '../media-archive/MediaArchiveCard.tsx';
import { MediaPreviewModal } from '../media-archive/MediaPreviewModal.tsx';
import { useMediaArchive } from '../media-archive/useMediaArchive.ts';

export interface AddMediaModalProps {
  opened: boolean;
  onClose: () => void;
  /** The kind of media the input takes; the search is filtered to it. */
  contentType: 'video' | 'audio';
  onChoose: (item: MediaLibraryItem) => void;
}

function AddMediaResults({ contentType, q, onChoose, onPreview }: { contentType: 'video' | 'audio'; q: string; onChoose: (item: MediaLibraryItem) => void; onPreview: (item: MediaLibraryItem) => void }) {
  const list = useMediaArchive(archiveRequestParams({ contentType, q }));
  const loadMoreRef = useLoadMoreSentinel(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  });
  if (list.isError && !list.isFetchNextPageError) return <ErrorView error={list.error} onOk={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading media" />
      </Center>
    );
  }
  if (list.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No results found.
      </Text>
    );
  }
  return (
    <>
      <AssetCardGrid>
        {list.items.map((item) => (
          <AssetCardGridItem key={item.id}>
            <MediaArchiveCard item={item} onChoose={() => onChoose(item)} onPreview={() => onPreview(item)} />
          </AssetCardGridItem>
        ))}
      </AssetCardGrid>
      {list.isFetchNextPageError && <ErrorView error={list.error} onOk={() => void list.fetchNextPage()} />}
      {list.hasNextPage && !list.isFetchNextPageError && <div key={list.items.length} ref={loadMoreRef} style={{ height: 1 }} data-testid="load-more" />}
      {list.isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading more media" />
        </Center>
      )}
    </>
  );
}

/**
 * Spec 002 §2 Add media: the media archive's search box and cards with infinite scroll, filtered to the input's kind
 * of media; Choose hands the item to the input, Preview plays it first. The search starts over each time it opens.
 */
export function AddMediaModal({ opened, onClose, contentType, onChoose }: AddMediaModalProps) {
  const [q, setQ] = useState('');
  const [previewed, setPreviewed] = useState<MediaLibraryItem | undefined>(undefined);
  const close = () => {
    setQ('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add media" size="xl">
      <Stack gap="sm">
        <ArchiveSearchBox value={q} onChange={setQ} />
        {opened && (
          <AddMediaResults
            contentType={contentType}
            q={q}
            onChoose={(item) => {
              setQ('');
              onChoose(item);
            }}
            onPreview={setPreviewed}
          />
        )}
      </Stack>
      <MediaPreviewModal item={previewed} channel={undefined} onClose={() => setPreviewed(undefined)} />
    </Modal>
  );
}
