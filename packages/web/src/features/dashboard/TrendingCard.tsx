import { Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from '../../router/index.ts';
import type { TrendingAsset } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import classes from '../../parts/asset-card/AssetCard.module.css';
import { UNTITLED } from '../../parts/asset-card/cardModel.ts';
import { CardThumbnail } from '../../parts/asset-card/CardThumbnail.tsx';
import { stencilNameLabel } from './stencilNameLabel.ts';
import { TooltipList } from '../../ui/TooltipList.tsx';

/** Spec 001 §2.2: a trending card shows its image at 460x340, here at half that for sharp pictures on dense screens. */
export const TRENDING_CARD_WIDTH = 230;

/** Spec 001 §3 Trending asset: image, stencil, title, the first discipline and the other locales it trends in. */
export function TrendingCard({ asset }: { asset: TrendingAsset }) {
  const [discipline] = asset.disciplines;
  const others = asset.additionalTrendingLocales;
  return (
    <Card component="article" aria-label={asset.title || UNTITLED} withBorder padding={0} radius="sm" className={classes.card} w={TRENDING_CARD_WIDTH} style={{ flexShrink: 0 }}>
      <CardThumbnail ratio={460 / 340} imageUrl={asset.imageUrl} size={{ width: 460, height: 340 }} placeholder={{ icon: <IconPhoto size={36} stroke={1.2} />, label: 'No image' }} />
      <Stack gap={4} p="xs">
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {stencilNameLabel(asset.stencil)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge size="xs" radius="sm" variant="light" color="gray">
              {asset.localization}
            </Badge>
            {others.length > 0 && (
              <Tooltip label={<TooltipList items={others} />} withArrow fz="xs">
                <Text span size="xs" c="dimmed" fw={600} className={classes.raised}>
                  +{others.length}
                </Text>
              </Tooltip>
            )}
          </Group>
        </Group>
        <Link to={assetEditorPath({ id: asset.id, locale: asset.localization })} className={classes.cover}>
          <Text component="span" size="sm" fw={600} lh={1.3} lineClamp={2} title={asset.title}>
            {asset.title || UNTITLED}
          </Text>
        </Link>
        {discipline && (
          <Text size="xs" c="dimmed" truncate>
            {discipline.title}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
