import { Group, Paper, Text } from '@mantine/core';
import { Link } from '../../router/index.ts';
import type { AssetListItem } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { StarButton } from '../../parts/asset-card/AssetCard.tsx';
import { AssetCardMoreMenu } from '../../parts/asset-card/AssetCardMenus.tsx';
import { UNTITLED } from '../../parts/asset-card/cardModel.ts';
import { NarrowCardSummary } from '../../parts/asset-card/NarrowAssetCard.tsx';

/** One asset in a dashboard list (Recents, Athletes): thumbnail, title (opening the editor), stencil, locale, status, the star (where the list follows bookmark changes) and the card menu. */
export function AssetRow({ item, hasStar = false }: { item: AssetListItem; hasStar?: boolean }) {
  return (
    <Paper component="article" aria-label={item.title || UNTITLED} withBorder radius="sm" p={6}>
      <Group gap="xs" wrap="nowrap">
        <div style={{ width: 56, height: 40, flexShrink: 0, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-1)', display: 'grid', placeItems: 'center' }}>
          {item.imageUrl ? (
            <img src={item.imageUrl} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Text c="gray.5" lh={0}>
              <StencilIcon name={item.stencilIcon} size={20} />
            </Text>
          )}
        </div>
        <Link to={assetEditorPath({ id: item.id, locale: item.localization })} style={{ flex: 1, minWidth: 0, color: 'inherit', textDecoration: 'none' }}>
          <NarrowCardSummary item={item} />
        </Link>
        {hasStar && <StarButton item={item} />}
        <AssetCardMoreMenu item={item} />
      </Group>
    </Paper>
  );
}

