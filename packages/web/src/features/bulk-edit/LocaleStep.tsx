import { useMemo, useState } from 'react';
import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { matchesLocaleSearch, selectAllState } from '@editor/domain';
import type { BulkEditLocale } from './bulkEditLocales.ts';
import { LocaleName } from './LocaleName.tsx';

interface LocaleStepProps {
  locales: readonly BulkEditLocale[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}

/** Spec 002 §4 bulk edit, step Locales: search by prefix, select all of the rows shown, or pick rows. */
export function LocaleStep({ locales, selected, onChange }: LocaleStepProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => locales.filter((row) => matchesLocaleSearch(row.locale, row.label, search)), [locales, search]);
  const allState = selectAllState(shown.filter((row) => selected.has(row.locale)).length, shown.length);

  function toggleAll() {
    const next = new Set(selected);
    for (const row of shown) {
      if (allState === 'all') next.delete(row.locale);
      else next.add(row.locale);
    }
    onChange(next);
  }

  function toggle(locale: string) {
    const next = new Set(selected);
    if (next.has(locale)) next.delete(locale);
    else next.add(locale);
    onChange(next);
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Search locales"
        placeholder="Search"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Checkbox
        label="Select all"
        checked={allState === 'all'}
        indeterminate={allState === 'mixed'}
        disabled={shown.length === 0}
        onChange={toggleAll}
      />
      <Stack gap={6} role="group" aria-label="Locales">
        {shown.map((row) => (
          <Checkbox
            key={row.locale}
            aria-label={`${row.label} (${row.locale})`}
            checked={selected.has(row.locale)}
            onChange={() => toggle(row.locale)}
            label={
              <Group gap="xs" wrap="nowrap">
                <LocaleName row={row} />
                <Text size="xs" c="dimmed" tt="uppercase">
                  {row.status}
                </Text>
              </Group>
            }
          />
        ))}
        {shown.length === 0 && (
          <Text size="sm" c="dimmed">
            No locale matches the search.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
