import { MAIN_SPACE, type Facet } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { FilterDropdown, type FilterOption } from './FilterDropdown.tsx';
import { listPath } from './listFilters.ts';
import { useDropdownSearch } from './useDropdownSearch.ts';

/** Spec 001 §9: the stencils a tagging search looks in. */
export const TAGGING_STENCILS = ['discipline', 'content-category', 'lsc'] as const;
/** Spec 001 §9: authorship search is restricted to the author stencil in one space. */
export const AUTHORSHIP_SEARCH = { stencil: 'author', space: MAIN_SPACE } as const;

const SEARCH_LIMIT = '20';

/** Labels of values the user picked, so chips can name them after the options are gone. */
export type RememberLabels = (labels: Record<string, string>) => void;

interface SearchFilterProps {
  values: readonly string[];
  onChange: (values: string[]) => void;
  labelOf: (value: string) => string | undefined;
  onRemember: RememberLabels;
}

function useAssetSearch(params: Record<string, string>) {
  const api = useApiClient();
  return useDropdownSearch({
    queryKey: (query) => queryKeys.assetSearch({ ...params, q: query }),
    search: async (query, signal) => {
      const answer = await api.request({ path: listPath({ ...params, ...(query ? { q: query } : {}), limit: SEARCH_LIMIT }), response: 'assetListResponse', signal });
      return answer._embedded.item.map((item) => ({ value: item.id, label: item.title }));
    },
  });
}

function remember(values: readonly string[], options: readonly FilterOption[], onRemember: RememberLabels) {
  onRemember(Object.fromEntries(options.filter((option) => values.includes(option.value)).map((option) => [option.value, option.label])));
}

/** 'Created By' (spec 001 §6): one author, found with the users search (spec 001 §7); the value is the user's name. */
export function AuthorFilter({ values, onChange, labelOf, onRemember }: SearchFilterProps) {
  const api = useApiClient();
  const search = useDropdownSearch({
    queryKey: queryKeys.userSearch,
    search: async (query, signal) => {
      const answer = await api.request({ path: `/api/v1/users?q=${encodeURIComponent(query)}`, response: 'userSearchResponse', signal });
      const names = [...new Set(answer._embedded.item.map((user) => user.name))];
      return names.map((name) => ({ value: name, label: name }));
    },
  });
  return (
    <FilterDropdown
      label="Created By"
      options={search.options}
      selected={values}
      isMulti={false}
      onChange={(next) => {
        remember(next, search.options, onRemember);
        onChange(next);
      }}
      remoteSearch={search}
      onOpen={search.force}
      labelOf={labelOf}
    />
  );
}

/** 'Authorship' (spec 001 §6, §9): author assets of the main space, found by the asset search. */
export function AuthorshipFilter({ values, onChange, labelOf, onRemember }: SearchFilterProps) {
  const search = useAssetSearch({ stencil: AUTHORSHIP_SEARCH.stencil, space: AUTHORSHIP_SEARCH.space });
  return (
    <FilterDropdown
      label="Authorship"
      options={search.options}
      selected={values}
      isMulti
      onChange={(next) => {
        remember(next, search.options, onRemember);
        onChange(next);
      }}
      remoteSearch={search}
      onOpen={search.force}
      labelOf={labelOf}
    />
  );
}

/**
 * The tagging facet: its buckets (the most used tags, with counts) until the user types; then the tags of the
 * tagging stencils that match (spec 001 §9), with a count where the facet has one.
 */
export function TaggingFilter({ facet, values, onChange, labelOf, onRemember }: SearchFilterProps & { facet: Facet }) {
  const search = useAssetSearch({ stencil: TAGGING_STENCILS.join(',') });
  const buckets: FilterOption[] = facet.buckets.map((bucket) => ({ value: bucket.name, label: bucket.label, count: bucket.count }));
  const countOf = new Map(facet.buckets.map((bucket) => [bucket.name, bucket.count]));
  const options = search.text.trim() === '' ? buckets : search.options.map((option) => ({ ...option, count: countOf.get(option.value) }));
  return (
    <FilterDropdown
      label={facet.label}
      options={options}
      selected={values}
      isMulti={facet.selectionBehavior === 'multi'}
      onChange={(next) => {
        remember(next, options, onRemember);
        onChange(next);
      }}
      remoteSearch={search}
      labelOf={labelOf}
    />
  );
}
