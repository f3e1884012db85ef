import { Button, Combobox, Text, useCombobox } from '@mantine/core';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import type { Filters } from '@editor/domain';
import { filterValue, withFilter } from './listFilters.ts';

/** Spec 001 §2.3 sort options; 'Last edited' is the default. */
export const SORT_CHOICES = [
  { value: 'lastEdited', label: 'Last edited' },
  { value: 'lastPublished', label: 'Last published' },
  { value: 'lastCreated', label: 'Last created' },
];

/**
 * The sort of the list; while a search text is active the list is sorted by relevance and the sort is hidden. A
 * button with a list of the three orders, built on the filters' combobox, so the list's first load needs no select
 * (and its scroll area) of its own.
 */
export function SortControl({ filters, onChange, isSortedByRelevance }: { filters: Filters; onChange: (filters: Filters) => void; isSortedByRelevance: boolean }) {
  const combobox = useCombobox({ onDropdownOpen: () => combobox.selectActiveOption() });
  if (isSortedByRelevance) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        sorted by relevance
      </Text>
    );
  }
  const current = filterValue(filters, 'sortBy') ?? 'lastEdited';
  const currentLabel = SORT_CHOICES.find((choice) => choice.value === current)?.label ?? current;

  return (
    <Combobox
      store={combobox}
      width={170}
      position="bottom-end"
      shadow="md"
      withinPortal
      onOptionSubmit={(value) => {
        onChange(withFilter(filters, 'sortBy', value === 'lastEdited' ? undefined : value));
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target targetType="button">
        <Button
          variant="default"
          size="xs"
          fw={500}
          miw={150}
          justify="space-between"
          rightSection={<IconSelector size={14} stroke={1.6} />}
          onClick={() => combobox.toggleDropdown()}
          // The accessible name holds the visible order (WCAG 2.5.3).
          aria-label={`Sort: ${currentLabel}`}
        >
          {currentLabel}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {SORT_CHOICES.map((choice) => (
            <Combobox.Option key={choice.value} value={choice.value} active={choice.value === current} aria-selected={choice.value === current}>
              <Text size="sm" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                {choice.label}
                {choice.value === current && <IconCheck size={14} stroke={1.6} aria-hidden />}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
