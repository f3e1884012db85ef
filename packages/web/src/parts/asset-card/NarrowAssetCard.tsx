import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { truncateText, type AssetListItem } from '@editor/domain';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { UNTITLED, cardModel } from './cardModel.ts';
import { OpenAssetButton } from './OpenAssetButton.tsx';

/**
 * The narrow card of pickers (spec 000 §2): a thumbnail, the title, stencil, locale and status, with Remove and an
 * open arrow that opens the asset in a new tab, leaving the picker as it is.
 */
export function NarrowAssetCard({ item, onRemove }: { item: AssetListItem; onRemove: () => void }) {
  return (
    <Paper component="article" aria-label={item.title || UNTITLED} withBorder radius="sm" p={6}>
      <Group gap="xs" wrap="nowrap">
        <div
          style={{ width: 56, height: 40, flexShrink: 0, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-1)', display: 'grid', placeItems: 'center' }}
        >
          {item.imageUrl ? (
            <img src={item.imageUrl} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Text c="gray.5" lh={0}>
              <StencilIcon name={item.stencilIcon} size={20} />
            </Text>
          )}
        </div>
        <NarrowCardSummary item={item} />
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Remove" onClick={onRemove}>
          <IconX size={16} stroke={1.6} />
        </ActionIcon>
        <OpenAssetButton item={item} />
      </Group>
    </Paper>
  );
}

/** The title, stencil, locale and status of a narrow card; reference cards show the same. */
export function NarrowCardSummary({ item }: { item: AssetListItem }) {
  const { badge } = cardModel(item);
  return (
    <Stack gap={2} miw={0} style={{ flex: 1 }}>
      <Text size="sm" fw={600} truncate title={item.title} c={item.title ? undefined : 'dimmed'}>
        {item.title ? truncateText(item.title) : UNTITLED}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {item.stencilLabel} · {item.localization}
        </Text>
        <Badge color={badge.color} variant="light" size="xs" radius="sm">
          {badge.text}
        </Badge>
      </Group>
    </Stack>
  );
}
