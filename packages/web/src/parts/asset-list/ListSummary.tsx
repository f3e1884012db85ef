import { Group, Loader, Pill, Text } from '@mantine/core';
import { assetCountText, type Facet, type FilterKey, type Filters } from '@editor/domain';
import { filterValue, filterValues, withFilter, type ListTab } from './listFilters.ts';

export interface FilterChip {
  key: string;
  label: string;
  /** Absent when the chip cannot be removed (PublicationOverview's period). */
  remove?: (() => Filters) | undefined;
}

const VALUE_KEYS = ['stencil', 'tagging', 'localization', 'publishstatus', 'space', 'infographic', 'author', 'authorshipId'] as const satisfies readonly FilterKey[];

/** The active filters as chips, named by their facet bucket labels where the answer has them. */
export function filterChips(input: { filters: Filters; facets: readonly Facet[]; tab: ListTab; labelOf: (value: string) => string | undefined }): FilterChip[] {
  const { filters, facets, labelOf } = input;
  const chips: FilterChip[] = [];
  const q = filterValue(filters, 'q');
  if (q) chips.push({ key: 'q', label: `"${q}"`, remove: () => withFilter(filters, 'q', undefined) });
  for (const key of VALUE_KEYS) {
    const facet = facets.find((candidate) => candidate.name === key);
    for (const value of filterValues(filters, key)) {
      const bucketLabel = facet?.buckets.find((bucket) => bucket.name === value)?.label ?? labelOf(value) ?? value;
      // A yes/no facet needs its name to make sense on its own.
      const label = facet?.selectionBehavior === 'single' ? `${facet.label}: ${bucketLabel}` : bucketLabel;
      chips.push({ key: `${key}:${value}`, label, remove: () => withFilter(filters, key, filterValues(filters, key).filter((item) => item !== value)) });
    }
  }
  const createdFrom = filterValue(filters, 'createdDateFrom');
  const createdTo = filterValue(filters, 'createdDateTo');
  // Spec 001 §5: the created-date range filters only with both dates.
  if (createdFrom && createdTo) {
    chips.push({ key: 'created', label: `Created ${createdFrom} – ${createdTo}`, remove: () => withFilter(withFilter(filters, 'createdDateFrom', undefined), 'createdDateTo', undefined) });
  }
  const publishedFrom = filterValue(filters, 'publishDateFrom');
  const publishedTo = filterValue(filters, 'publishDateTo');
  if (publishedFrom || publishedTo) {
    chips.push({
      key: 'published',
      label: `Published ${publishedFrom ?? '…'} – ${publishedTo ?? '…'}`,
      remove: input.tab === 'PublicationOverview' ? undefined : () => withFilter(withFilter(filters, 'publishDateFrom', undefined), 'publishDateTo', undefined),
    });
  }
  return chips;
}

interface ListSummaryProps {
  total: number | undefined;
  chips: readonly FilterChip[];
  isUpdating: boolean;
  onChange: (filters: Filters) => void;
}

/** Spec 001 §2.3: the count text ('… Assets', with ' in' when filters are active) followed by the active filters. */
export function ListSummary({ total, chips, isUpdating, onChange }: ListSummaryProps) {
  return (
    <Group gap={6} wrap="wrap" mih={24}>
      {total !== undefined && (
        <Text size="sm" fw={500} role="status">
          {assetCountText(total, chips.length > 0)}
        </Text>
      )}
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="sm"
          withRemoveButton={chip.remove !== undefined}
          onRemove={() => chip.remove && onChange(chip.remove())}
          // The kit hides the remove button from assistive technology; here it is the only way to remove the filter.
          removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}`, 'aria-hidden': false, tabIndex: 0 }}
        >
          {chip.label}
        </Pill>
      ))}
      {isUpdating && <Loader size={14} aria-label="Updating" />}
    </Group>
  );
}
