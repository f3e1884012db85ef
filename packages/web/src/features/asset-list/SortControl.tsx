import { Select, Text } from '@mantine/core';
import type { Filters } from '@editor/domain';
import { filterValue, withFilter } from './listFilters.ts';

/** Spec 001 §2.3 sort options; 'Last edited' is the default. */
export const SORT_CHOICES = [
  { value: 'lastEdited', label: 'Last edited' },
  { value: 'lastPublished', label: 'Last published' },
  { value: 'lastCreated', label: 'Last created' },
];

/** The sort of the list; while a search text is active the list is sorted by relevance and the sort is hidden. */
export function SortControl({ filters, onChange, isSortedByRelevance }: { filters: Filters; onChange: (filters: Filters) => void; isSortedByRelevance: boolean }) {
  if (isSortedByRelevance) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        sorted by relevance
      </Text>
    );
  }
  return (
    <Select
      size="xs"
      w={150}
      aria-label="Sort"
      data={SORT_CHOICES}
      value={filterValue(filters, 'sortBy') ?? 'lastEdited'}
      allowDeselect={false}
      onChange={(value) => onChange(withFilter(filters, 'sortBy', value === 'lastEdited' ? undefined : (value ?? undefined)))}
    />
  );
}
