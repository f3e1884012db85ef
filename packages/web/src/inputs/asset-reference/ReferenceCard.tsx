import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { LINKED_ASSET_ROW_HEIGHT_PX, type AssetListItem, type AssetReference } from '@editor/domain';
import { UNTITLED } from '../../parts/asset-card/cardModel.ts';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { OpenAssetButton } from '../../parts/asset-card/OpenAssetButton.tsx';
import { NarrowCardSummary } from '../../parts/asset-card/NarrowAssetCard.tsx';

/** What a card says of a referenced asset the server no longer has (spec 002 §8 uses it when translating). */
export const MISSING_ASSET = 'Asset not found';

export type ReferenceCardLayout = 'row' | 'tile';

/** The padding of a card; a row's thumbnail is as tall as the row within it. */
const CARD_PADDING_PX = 6;
const ROW_THUMBNAIL_HEIGHT = LINKED_ASSET_ROW_HEIGHT_PX - 2 * CARD_PADDING_PX - 2;

interface ReferenceCardProps {
  reference: AssetReference;
  /** The referenced version; undefined while loading and when missing. */
  item: AssetListItem | undefined;
  isMissing: boolean;
  /** Whether the version is on its way: the card shows a placeholder for the title meanwhile. */
  isLoading?: boolean | undefined;
  /** 'row' is the narrow card of spec 000 §2; 'tile' the card of a grid, with a larger image. */
  layout: ReferenceCardLayout;
  /** Left out where the reference cannot be changed: the card then only opens the asset. */
  onRemove?: (() => void) | undefined;
  /** The drag handle of a sortable list. */
  handle?: ReactNode;
  /** The item's own validation messages. */
  messages?: readonly string[] | undefined;
}

function Thumbnail({ item, layout, isMissing }: { item: AssetListItem | undefined; layout: ReferenceCardLayout; isMissing: boolean }) {
  // A row's thumbnail fills its height (spec 001 §9: 94 px a row) but for the card's padding, at 3:2.
  const size = layout === 'tile' ? { width: '100%', aspectRatio: '3 / 2' } : { height: ROW_THUMBNAIL_HEIGHT, aspectRatio: '3 / 2', flexShrink: 0 };
  return (
    <div style={{ ...size, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-1)', display: 'grid', placeItems: 'center' }}>
      {item?.imageUrl ? (
        <img src={item.imageUrl} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Text c={isMissing ? 'red.6' : 'gray.5'} lh={0}>
          {isMissing ? <IconAlertTriangle size={20} stroke={1.6} aria-hidden /> : item ? <StencilIcon name={item.stencilIcon} size={20} /> : null}
        </Text>
      )}
    </div>
  );
}

function Description({ reference, item, isMissing, isLoading }: Pick<ReferenceCardProps, 'reference' | 'item' | 'isMissing' | 'isLoading'>) {
  if (isMissing) {
    return (
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} c="red">
          {MISSING_ASSET}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {reference.stencil} · {reference.id}
        </Text>
      </Stack>
    );
  }
  if (!item) {
    return (
      <Stack gap={6} miw={0} style={{ flex: 1 }} aria-busy={isLoading}>
        {isLoading && <Skeleton height={12} width="70%" />}
        <Text size="xs" c="dimmed" truncate>
          {reference.stencil} · {reference.id}
        </Text>
      </Stack>
    );
  }
  return <NarrowCardSummary item={item} />;
}

/**
 * One referenced asset as a card (spec 000 §2 narrow card: Remove and an open arrow that opens the asset in a new
 * tab). A referenced asset the server does not have shows as missing, with Remove only.
 */
export function ReferenceCard({ reference, item, isMissing, isLoading, layout, onRemove, handle, messages = [] }: ReferenceCardProps) {
  const label = isMissing ? MISSING_ASSET : item ? item.title || UNTITLED : reference.id;
  const actions = (
    <Group gap={2} wrap="nowrap">
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Remove" onClick={onRemove}>
          <IconX size={16} stroke={1.6} />
        </ActionIcon>
      )}
      {item && (
        <OpenAssetButton item={item} />
      )}
    </Group>
  );
  const hasError = isMissing || messages.length > 0;
  return (
    <Paper
      component="article"
      aria-label={label}
      withBorder
      radius="sm"
      p={CARD_PADDING_PX}
      mih={layout === 'row' ? LINKED_ASSET_ROW_HEIGHT_PX : undefined}
      style={hasError ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      {layout === 'tile' ? (
        <Stack gap={6}>
          <Thumbnail item={item} layout={layout} isMissing={isMissing} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {handle}
            <Description reference={reference} item={item} isMissing={isMissing} isLoading={isLoading} />
            {actions}
          </Group>
        </Stack>
      ) : (
        <Group gap="xs" wrap="nowrap">
          {handle}
          <Thumbnail item={item} layout={layout} isMissing={isMissing} />
          <Description reference={reference} item={item} isMissing={isMissing} isLoading={isLoading} />
          {actions}
        </Group>
      )}
      {messages.length > 0 && (
        <Text size="xs" c="red" mt={4}>
          {messages.join(' ')}
        </Text>
      )}
    </Paper>
  );
}
