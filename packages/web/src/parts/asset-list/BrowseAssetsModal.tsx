import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { AssetListItem, Filters } from '@editor/domain';
import { ROUTES } from '../../router/routes.ts';
import { NarrowAssetCard } from '../asset-card/NarrowAssetCard.tsx';
import { versionKey } from '../asset-card/cardModel.ts';
import { useCurrentUser } from '../user/useCurrentUser.ts';
import { AssetListView } from './AssetListView.tsx';
import { initialFilters, type ListTab } from './listFilters.ts';

/** Spec 001 §2.1: in a modal the tabs switch locally, without the editor tab. */
const MODAL_TABS = ['AllContent', 'Favorites', 'MyContent'] as const satisfies readonly ListTab[];
type ModalTab = (typeof MODAL_TABS)[number];

const isModalTab = (value: string | null): value is ModalTab => (MODAL_TABS as readonly (string | null)[]).includes(value);

export interface BrowseAssetsModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the selected asset versions, in the order they were selected. */
  onAdd: (items: AssetListItem[]) => void;
  /** Only assets of these stencils are listed (spec 001 §2.3 allowed stencils). */
  allowedStencils?: readonly string[] | undefined;
}

function BrowseAssets({ onClose, onAdd, allowedStencils }: Omit<BrowseAssetsModalProps, 'opened'>) {
  const { user, settings } = useCurrentUser();
  const filtersOf = (tab: ListTab) => initialFilters({ tab, isModal: true, settings, savedFilters: user.filters });
  const [tab, setTab] = useState<ModalTab>('AllContent');
  const [filters, setFilters] = useState<Filters>(() => filtersOf('AllContent'));
  const [selected, setSelected] = useState<ReadonlyMap<string, AssetListItem>>(new Map());

  const toggle = (item: AssetListItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(versionKey(item))) next.delete(versionKey(item));
      else next.set(versionKey(item), item);
      return next;
    });
  const items = [...selected.values()];

  return (
    <>
      <Modal.Header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} py={0} mih={52}>
        <Group justify="space-between" wrap="nowrap" w="100%" h={52}>
          <Group gap="md" wrap="nowrap" h="100%">
            <Modal.Title>Browse assets</Modal.Title>
            <Tabs
              value={tab}
              onChange={(value) => {
                if (!isModalTab(value)) return;
                setTab(value);
                setFilters(filtersOf(value));
              }}
              h="100%"
              styles={{ root: { '--tab-border-color': 'transparent' }, list: { height: '100%', flexWrap: 'nowrap' }, tab: { height: '100%' } }}
            >
              <Tabs.List>
                {MODAL_TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {ROUTES[name].label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {items.length > 0 && (
              <Button size="compact-sm" onClick={() => onAdd(items)}>
                Add
              </Button>
            )}
            <Button size="compact-sm" variant="default" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Group>
      </Modal.Header>
      <Modal.Body pt="sm" bg="gray.0">
        <Stack gap="sm">
          {items.length > 0 && (
            <Stack gap={6} role="region" aria-label="Selected assets">
              <Text size="sm" fw={500}>
                {items.length} selected
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6}>
                {items.map((item) => (
                  <NarrowAssetCard key={versionKey(item)} item={item} onRemove={() => toggle(item)} />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <AssetListView
            key={tab}
            tab={tab}
            filters={filters}
            onFiltersChange={setFilters}
            allowedStencils={allowedStencils}
            selectionOf={(item) => ({ isSelected: selected.has(versionKey(item)), onToggle: () => toggle(item) })}
          />
        </Stack>
      </Modal.Body>
    </>
  );
}

/**
 * The browse (modal) view of the asset list, for pickers: its own tabs and filters (not the page's URL), several
 * cards selected by a click, the selection summarised with narrow cards, and the header actions Add (only with a
 * selection) and Cancel (spec 001 §2.1, §2.3).
 */
export function BrowseAssetsModal({ opened, onClose, onAdd, allowedStencils }: BrowseAssetsModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size="min(1400px, 96vw)">
      <Modal.Overlay />
      <Modal.Content>
        {/* Mounted only while open, so every opening starts with no selection. */}
        {opened && <BrowseAssets onClose={onClose} onAdd={onAdd} allowedStencils={allowedStencils} />}
      </Modal.Content>
    </Modal.Root>
  );
}
