import { useState } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { MediaChannel, MediaContentType } from '@editor/domain';
import { INPUT_DEBOUNCE_MS } from '../asset-list/useDropdownSearch.ts';
import { CHANNEL_OPTIONS, CONTENT_TYPE_OPTIONS, type ArchiveFilters } from './archiveSearch.ts';

/** The search text, applied after the input debounce (spec 001 §9) or at once on Enter; a value set from outside replaces it. */
export function ArchiveSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const apply = (next: string) => {
    setApplied(next.trim());
    onChange(next.trim());
  };
  const applyLater = useDebouncedCallback(apply, INPUT_DEBOUNCE_MS);
  return (
    <TextInput
      size="xs"
      aria-label="Search media"
      placeholder="Search media"
      leftSection={<IconSearch size={14} stroke={1.6} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        applyLater(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        applyLater.cancel();
        apply(text);
      }}
      rightSection={
        text !== '' ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              applyLater.cancel();
              setText('');
              apply('');
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 200px', minWidth: 180, maxWidth: 400 }}
    />
  );
}

const isContentType = (value: string | null): value is MediaContentType => CONTENT_TYPE_OPTIONS.some((option) => option.value === value);
const isChannel = (value: string | null): value is MediaChannel => CHANNEL_OPTIONS.some((option) => option.value === value);

/**
 * Spec 001 §2.7: the search box, Type and Channel, each a single choice that can be cleared. Channel offers the
 * channels the user may see (spec 000 §6 restricted buckets), and is left out when there are none.
 */
export function ArchiveFilterBar({ filters, channels, onChange }: { filters: ArchiveFilters; channels: readonly MediaChannel[]; onChange: (filters: ArchiveFilters) => void }) {
  const channelOptions = CHANNEL_OPTIONS.filter((option) => channels.includes(option.value));
  return (
    <Group gap="xs" wrap="wrap">
      <ArchiveSearchBox value={filters.q ?? ''} onChange={(q) => onChange({ ...filters, q: q === '' ? undefined : q })} />
      <Select
        size="xs"
        w={140}
        aria-label="Type"
        placeholder="Type"
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
          aria-label="Channel"
          placeholder="Channel"
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
