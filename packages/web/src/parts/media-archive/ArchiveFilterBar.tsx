import { Group, Select } from '@mantine/core';
import type { MediaChannel, MediaContentType } from '@editor/domain';
import { SearchBox } from '../asset-list/SearchBox.tsx';
import { CHANNEL_OPTIONS, CONTENT_TYPE_OPTIONS, type ArchiveFilters } from './archiveSearch.ts';

/** The archive's search text: the list's search box (debounced, Enter applies at once) under its own label. */
export function ArchiveSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <SearchBox value={value} onChange={onChange} label="Search media" placeholder="Search media" />;
}

const isContentType = (value: string | null): value is MediaContentType => CONTENT_TYPE_OPTIONS.some((option) => option.value === value);
const isChannel = (value: string | null): value is MediaChannel => CHANNEL_OPTIONS.some((option) => option.value === value);

/**
 * Spec 001 §2.7: the search box, Type and Channel, each a single choice that can be cleared. Channel offers the
 * channels the user may see (spec 000 §6 restricted buckets), and is left out when there are none. Type and Channel
 * carry visible labels: a placeholder is gone once a value is chosen, and is no name (WCAG 3.3.2).
 */
export function ArchiveFilterBar({ filters, channels, onChange }: { filters: ArchiveFilters; channels: readonly MediaChannel[]; onChange: (filters: ArchiveFilters) => void }) {
  const channelOptions = CHANNEL_OPTIONS.filter((option) => channels.includes(option.value));
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <ArchiveSearchBox value={filters.q ?? ''} onChange={(q) => onChange({ ...filters, q: q === '' ? undefined : q })} />
      <Select
        size="xs"
        w={140}
        label="Type"
        placeholder="Any type"
        data={CONTENT_TYPE_OPTIONS}
        value={filters.contentType ?? null}
        onChange={(value) => onChange({ ...filters, contentType: isContentType(value) ? value : undefined })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear type', 'aria-hidden': false }}
      />
      {channelOptions.length > 0 && (
        <Select
          size="xs"
          w={180}
          label="Channel"
          placeholder="Any channel"
          data={channelOptions}
          value={filters.channel ?? null}
          onChange={(value) => onChange({ ...filters, channel: isChannel(value) ? value : undefined })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear channel', 'aria-hidden': false }}
        />
      )}
    </Group>
  );
}
