import { ActionIcon } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from '../../router/index.ts';
import { assetEditorPath } from '../../router/routes.ts';

/** Opens an asset version's editor in a new tab, from a card that stands for it. */
export function OpenAssetButton({ item }: { item: { id: string; localization: string } }) {
  return (
    <ActionIcon
      component={Link}
      to={assetEditorPath({ id: item.id, locale: item.localization })}
      target="_blank"
      rel="noopener"
      variant="subtle"
      color="gray"
      size="sm"
      aria-label="Open"
    >
      <IconArrowUpRight size={16} stroke={1.6} />
    </ActionIcon>
  );
}
