import { useState } from 'react';
import { Button, Checkbox, Group, Loader, Modal, MultiSelect, Select, Stack, Tabs, Text } from '@mantine/core';
import { DEFAULT_TRENDING_TYPES, MAX_PAGE_SIZE, VIDEO_ON_DEMAND_TRENDING_TYPES, withTrendingFeed, type TrendingFeed, type UserSettings } from '@editor/domain';
import { useAssetList } from '../../parts/asset-list/useAssetList.ts';
import { useSaveSettings } from '../profile/useSaveSettings.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { stencilNameLabel } from './stencilNameLabel.ts';
import { useTrendingFeed } from './useTrending.ts';

/** Spec 001 §9: the asset types a feed can show; film and show matter to video-on-demand users. */
const ASSET_TYPES = [...DEFAULT_TRENDING_TYPES, ...VIDEO_ON_DEMAND_TRENDING_TYPES];
const OPTIONS_LIMIT = String(MAX_PAGE_SIZE);
/** Spec 001 §7: the event-series list is read in en, most recently published first. */
const EVENT_SERIES_PARAMS = { limit: OPTIONS_LIMIT, localization: 'en', sortBy: 'lastPublished', stencil: 'event-series' };
const DISCIPLINE_PARAMS = { limit: OPTIONS_LIMIT, stencil: 'discipline' };

/** The assets of a taxonomy stencil as options (id → title), for the Disciplines and Event Series tabs. */
function useTaxonomyOptions(params: Record<string, string>) {
  const list = useAssetList(params);
  const options = list.items.map((item) => ({ value: item.id, label: item.title || item.id }));
  return { options, isPending: list.isPending, isError: list.isError };
}

function CheckboxList({ label, options, value, onChange }: { label: string; options: Array<{ value: string; label: string }>; value: string[]; onChange: (value: string[]) => void }) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange}>
      <Stack gap={6} mt="xs">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function FeedForm({ onClose }: { onClose: () => void }) {
  const { user, effectiveRights } = useCurrentUser();
  const saveSettings = useSaveSettings();
  const [feed, setFeed] = useState<TrendingFeed>(useTrendingFeed());
  const disciplines = useTaxonomyOptions(DISCIPLINE_PARAMS);
  const eventSeries = useTaxonomyOptions(EVENT_SERIES_PARAMS);
  const change = (key: keyof TrendingFeed) => (value: string[]) => setFeed((current) => ({ ...current, [key]: value }));

  const handleSave = () => {
    const { _links: _self, ...settings } = user.settings;
    saveSettings.mutate({ href: user.settings._links.self.href, settings: withTrendingFeed<UserSettings>(settings, feed) }, { onSuccess: onClose });
  };

  return (
    <Stack gap="md">
      <Tabs defaultValue="assetTypes" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="assetTypes">Asset Type</Tabs.Tab>
          <Tabs.Tab value="locales">Locales</Tabs.Tab>
          <Tabs.Tab value="disciplines">Disciplines</Tabs.Tab>
          <Tabs.Tab value="eventSeries">Event Series</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assetTypes" pt="md" mih={220}>
          <CheckboxList label="Asset types in your feed" options={ASSET_TYPES.map((type) => ({ value: type, label: stencilNameLabel(type) }))} value={feed.assetTypes} onChange={change('assetTypes')} />
        </Tabs.Panel>
        <Tabs.Panel value="locales" pt="md" mih={220}>
          <CheckboxList label="Locales in your feed" options={effectiveRights.localizations.map((locale) => ({ value: locale, label: locale }))} value={feed.locales} onChange={change('locales')} />
        </Tabs.Panel>
        <Tabs.Panel value="disciplines" pt="md" mih={220}>
          {disciplines.isPending ? (
            <Loader size="sm" aria-label="Loading disciplines" />
          ) : (
            <MultiSelect label="Disciplines" placeholder="All disciplines" data={disciplines.options} value={feed.disciplines} onChange={change('disciplines')} searchable clearable comboboxProps={{ withinPortal: false }} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="eventSeries" pt="md" mih={220}>
          {eventSeries.isPending ? (
            <Loader size="sm" aria-label="Loading event series" />
          ) : (
            // Spec 001 §5: event series selection is single choice.
            <Select
              label="Event Series"
              placeholder="All event series"
              data={eventSeries.options}
              value={feed.eventSeries[0] ?? null}
              onChange={(value) => change('eventSeries')(value ? [value] : [])}
              searchable
              clearable
              comboboxProps={{ withinPortal: false }}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {feed.assetTypes.length === 0 && (
        <Text size="sm" c="dimmed">
          Without a chosen asset type the feed shows the default ones.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={saveSettings.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec 001 §2.2: 'Configure your Feed' (640 px) with the tabs Asset Type, Locales, Disciplines, Event Series, kept in the user's settings. */
export function ConfigureFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Configure your Feed" size={640}>
      {/* Mounted only while open, so each opening starts from the kept feed. */}
      {opened && <FeedForm onClose={onClose} />}
    </Modal>
  );
}
