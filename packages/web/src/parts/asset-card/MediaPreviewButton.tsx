import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { AssetListItem } from '@editor/domain';
import { MEDIA_PREVIEW_LABELS, MediaPreviewPanel } from './MediaPreviewPanel.tsx';

/**
 * Spec 001 §2.3: the Preview button on a card's picture, for an image, a video, an image gallery or an asset with a
 * hero image; it opens the media preview panel. It sits above the card's link, so it takes its own clicks and focus.
 */
export function MediaPreviewButton({ item }: { item: AssetListItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const preview = item.mediaPreview;
  if (!preview) return null;
  const label = `Preview ${MEDIA_PREVIEW_LABELS[preview.kind]}`;
  const icon = preview.kind === 'video' ? <IconPlayerPlayFilled size={16} /> : preview.kind === 'image-gallery' ? <IconLayoutGrid size={16} stroke={1.8} /> : <IconPhoto size={16} stroke={1.8} />;
  return (
    <>
      <Tooltip label={label} withArrow fz="xs">
        <ActionIcon variant="filled" color="dark" radius="xl" size="md" aria-label={label} onClick={() => setIsOpen(true)} style={{ position: 'absolute', top: 8, right: 8, zIndex: 1, opacity: 0.85 }}>
          {icon}
        </ActionIcon>
      </Tooltip>
      <MediaPreviewPanel item={item} opened={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
