import { Group } from '@mantine/core';
import { FILTER_KEYS, type Facet, type FilterKey, type Filters } from '@editor/domain';
import { DateRangeFilter } from './DateRangeFilter.tsx';
import { FilterDropdown } from './FilterDropdown.tsx';
import { filterValue, filterValues, withFilter, type ListTab } from './listFilters.ts';
import { SearchBox } from './SearchBox.tsx';
import { AuthorFilter, AuthorshipFilter, TaggingFilter, type RememberLabels } from './SearchFilters.tsx';

const isFilterKey = (name: string): name is FilterKey => (FILTER_KEYS as readonly string[]).includes(name);

interface FilterBarProps {
  tab: ListTab;
  /** The filters the user sees and changes (the tab's fixed ones left out). */
  filters: Filters;
  onChange: (filters: Filters) => void;
  facets: readonly Facet[];
  /** A picker's allowed stencils: the stencil facet offers only these. */
  allowedStencils?: readonly string[] | undefined;
  /** Spec 001 §6: the 'Created By' and 'Authorship' filters are for one tenant only. */
  hasAuthorFilters: boolean;
  labelOf: (value: string) => string | undefined;
  onRemember: RememberLabels;
}

/** Spec 001 §2.3: the filter bar of the asset list. */
export function FilterBar({ tab, filters, onChange, facets, allowedStencils, hasAuthorFilters, labelOf, onRemember }: FilterBarProps) {
  const set = (key: FilterKey, values: readonly string[] | string | undefined) => onChange(withFilter(filters, key, values));
  const setRange = (fromKey: FilterKey, toKey: FilterKey, range: { from: string | undefined; to: string | undefined }) =>
    onChange(withFilter(withFilter(filters, fromKey, range.from), toKey, range.to));
  const created = { from: filterValue(filters, 'createdDateFrom'), to: filterValue(filters, 'createdDateTo') };
  const published = { from: filterValue(filters, 'publishDateFrom'), to: filterValue(filters, 'publishDateTo') };

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <SearchBox value={filterValue(filters, 'q') ?? ''} onChange={(q) => set('q', q)} />
      {facets.map((facet) => {
        const { name } = facet;
        if (!isFilterKey(name)) return null;
        const values = filterValues(filters, name);
        if (name === 'tagging') {
          return <TaggingFilter key={name} facet={facet} values={values} onChange={(next) => set(name, next)} labelOf={labelOf} onRemember={onRemember} />;
        }
        const buckets = name === 'stencil' && allowedStencils ? facet.buckets.filter((bucket) => allowedStencils.includes(bucket.name)) : facet.buckets;
        if (buckets.length === 0 && values.length === 0) return null;
        return (
          <FilterDropdown
            key={name}
            label={facet.label}
            options={buckets.map((bucket) => ({ value: bucket.name, label: bucket.label, count: bucket.count }))}
            selected={values}
            isMulti={facet.selectionBehavior === 'multi'}
            onChange={(next) => set(name, next)}
            labelOf={labelOf}
          />
        );
      })}
      {hasAuthorFilters && tab !== 'MyContent' && (
        <AuthorFilter values={filterValues(filters, 'author')} onChange={(next) => set('author', next)} labelOf={labelOf} onRemember={onRemember} />
      )}
      {hasAuthorFilters && (
        <AuthorshipFilter values={filterValues(filters, 'authorshipId')} onChange={(next) => set('authorshipId', next)} labelOf={labelOf} onRemember={onRemember} />
      )}
      <DateRangeFilter
        label="Created date"
        fromLabel="Created from"
        toLabel="Created to"
        value={created}
        isActive={Boolean(created.from && created.to)}
        onChange={(range) => setRange('createdDateFrom', 'createdDateTo', range)}
      />
      <DateRangeFilter
        label="Publish date"
        fromLabel="Published from"
        toLabel="Published to"
        value={published}
        isActive={Boolean(published.from || published.to)}
        onChange={(range) => setRange('publishDateFrom', 'publishDateTo', range)}
      />
    </Group>
  );
}
