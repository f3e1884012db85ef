import { useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import type { MediaLibraryItem } from '@editor/domain';
import { InfiniteCardGrid } from '../asset-card/InfiniteCardGrid.tsx';
import { ArchiveSearchBox } from '../media-archive/ArchiveFilterBar.tsx';
import { archiveRequestParams } from '../media-archive/archiveSearch.ts';
import { MediaArchiveCard } from '../media-archive/MediaArchiveCard.tsx';
import { MediaPreviewModal } from '../media-archive/MediaPreviewModal.tsx';
import { useMediaArchive } from '../media-archive/useMediaArchive.ts';

export interface AddMediaModalProps {
  opened: boolean;
  onClose: () => void;
  /** The kind of media the input takes; the search is filtered to it. */
  contentType: MediaLibraryItem['contentType'];
  onChoose: (item: MediaLibraryItem) => void;
}

function AddMediaResults({ contentType, q, onChoose, onPreview }: { contentType: MediaLibraryItem['contentType']; q: string; onChoose: (item: MediaLibraryItem) => void; onPreview: (item: MediaLibraryItem) => void }) {
  const list = useMediaArchive(archiveRequestParams({ contentType, q }));
  return (
    <InfiniteCardGrid
      list={list}
      what="media"
      keyOf={(item) => item.id}
      renderCard={(item) => <MediaArchiveCard item={item} onChoose={() => onChoose(item)} onPreview={() => onPreview(item)} />}
    />
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
