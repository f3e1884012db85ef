import { Modal, Text } from '@mantine/core';
import type { MediaChannel, MediaLibraryItem } from '@editor/domain';
import { playerAccountOf, previewSourceOf } from './mediaCard.ts';

function PreviewMedia({ item, channel }: { item: MediaLibraryItem; channel: MediaChannel | undefined }) {
  const source = previewSourceOf(item);
  if (!source) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        This media has nothing to preview.
      </Text>
    );
  }
  const { title } = item.attributes;
  if (source.kind === 'image') return <img src={source.url} alt={title} style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' }} />;
  if (source.kind === 'audio') return <audio controls src={source.url} aria-label={title} style={{ width: '100%' }} />;
  // The browser's own player stands in for the video player; the account it would load the video with is named on it.
  return (
    <video
      controls
      src={source.url}
      poster={source.posterUrl}
      aria-label={title}
      data-player-account={playerAccountOf(item, channel)}
      style={{ display: 'block', width: '100%', maxHeight: '70vh', background: 'black' }}
    />
  );
}

/** Spec 001 §2.7: 'Preview - {title}', playing a video or audio item or showing an image. */
export function MediaPreviewModal({ item, channel, onClose }: { item: MediaLibraryItem | undefined; channel: MediaChannel | undefined; onClose: () => void }) {
  return (
    <Modal opened={item !== undefined} onClose={onClose} title={item ? `Preview - ${item.attributes.title}` : ''} size="xl">
      {item && <PreviewMedia item={item} channel={channel} />}
    </Modal>
  );
}
