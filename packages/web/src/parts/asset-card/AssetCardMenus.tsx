import { useState } from 'react';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconLanguage, IconPencil, IconWorldOff } from '@tabler/icons-react';
import { Link } from '../../router/index.ts';
import type { AssetListItem } from '@editor/domain';
import { assetEditorPath } from '../../router/routes.ts';
import { showToast } from '../../ui/toasts.tsx';
import { useHasBeenOpen } from '../../ui/useHasBeenOpen.ts';
import { lazyComponent } from '../../ui/lazyComponent.tsx';
import { canUnpublishFromList } from '../publishing/canUnpublishFromList.ts';
import type { UnpublishModalProps } from '../publishing/UnpublishModal.tsx';
import type { CardModel } from './cardModel.ts';
import { useAssetLinks } from './useAssetLinks.ts';

type Localizations = AssetListItem['_embedded']['about']['_meta']['localizations'];

/** Loaded when a card's Unpublish is first chosen: with its modal, it is not part of the list's first load. */
const UnpublishModal = lazyComponent<UnpublishModalProps>(async () => (await import('../publishing/UnpublishModal.tsx')).UnpublishModal, () => null);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One menu item per locale of the asset, each opening that locale in the editor. */
function LocalizationItems({ id, localizations }: { id: string; localizations: Localizations }) {
  return localizations.map(({ localization, status }) => (
    <Menu.Item
      key={localization}
      component={Link}
      to={assetEditorPath({ id, locale: localization })}
      rightSection={
        <Text size="xs" c="dimmed">
          {capitalise(status)}
        </Text>
      }
    >
      {localization}
    </Menu.Item>
  ));
}

/** Spec 001 §7: the url-composer links of the version, fetched when the menu opens; only those present, each in a new tab. */
function AssetLinkItems({ item }: { item: AssetListItem }) {
  const { links } = useAssetLinks(item);
  if (links.length === 0) return null;
  return (
    <>
      <Menu.Divider />
      {links.map((link) => (
        <Menu.Item key={link.rel} component="a" href={link.href} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={14} stroke={1.6} />}>
          {link.label}
        </Menu.Item>
      ))}
    </>
  );
}

/** Spec 000 §8: a failed clipboard copy is only logged. */
async function copyId(id: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(id);
    showToast({ kind: 'success', message: 'ID copied to the clipboard' });
  } catch (error) {
    console.error(`Copying the ID ${id} to the clipboard failed.`, error);
  }
}

/** Spec 000 §2: the standard card's overflow menu with Edit, Translations and Copy ID; Unpublish for published assets (spec 001 §4); the links out (§7). */
export function AssetCardMoreMenu({ item }: { item: AssetListItem }) {
  const { localizations } = item._embedded.about._meta;
  const [isUnpublishOpen, setIsUnpublishOpen] = useState(false);
  const isUnpublishMounted = useHasBeenOpen(isUnpublishOpen);
  return (
    <>
      <Menu position="bottom-end" width={200} withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label="More">
            <IconDots size={16} stroke={1.6} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={assetEditorPath({ id: item.id, locale: item.localization })} leftSection={<IconPencil size={14} stroke={1.6} />}>
            Edit
          </Menu.Item>
          <Menu.Sub position="left-start">
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconLanguage size={14} stroke={1.6} />}>Translations</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <LocalizationItems id={item.id} localizations={localizations} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <Menu.Item leftSection={<IconCopy size={14} stroke={1.6} />} onClick={() => void copyId(item.id)}>
            Copy ID
          </Menu.Item>
          {canUnpublishFromList(item) && (
            <Menu.Item leftSection={<IconWorldOff size={14} stroke={1.6} />} onClick={() => setIsUnpublishOpen(true)}>
              Unpublish
            </Menu.Item>
          )}
          <AssetLinkItems item={item} />
        </Menu.Dropdown>
      </Menu>
      {isUnpublishMounted && <UnpublishModal opened={isUnpublishOpen} target={item} onClose={() => setIsUnpublishOpen(false)} />}
    </>
  );
}

/** Spec 001 §2.3: the translate button shows the locale and the count of translations; it lists the locales. */
export function AssetCardTranslationsButton({ item, model }: { item: AssetListItem; model: CardModel }) {
  const count = model.translations.length;
  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          px={4}
          // The accessible name starts with the visible text: the locale and the count (WCAG 2.5.3).
          aria-label={`${item.localization}${count > 0 ? `+${count}` : ''} translations`}
          title={count === 1 ? '1 translation' : `${count} translations`}
          styles={{ label: { fontWeight: 600 } }}
        >
          {item.localization}
          {count > 0 && (
            <Text span size="xs" c="dimmed" ml={4} fw={500}>
              +{count}
            </Text>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Translations</Menu.Label>
        <LocalizationItems id={item.id} localizations={item._embedded.about._meta.localizations} />
      </Menu.Dropdown>
    </Menu>
  );
}
