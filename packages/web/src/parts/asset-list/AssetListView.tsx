import { useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { TENANT_GROUP_SPACES, isTenantOf, type AssetListItem, type Facet, type Filters } from '@editor/domain';
import { AssetCard, type CardSelection } from '../asset-card/AssetCard.tsx';
import { InfiniteCardGrid } from '../asset-card/InfiniteCardGrid.tsx';
import { versionKey } from '../asset-card/cardModel.ts';
import { useCurrentUser } from '../user/useCurrentUser.ts';
import { FilterBar } from './FilterBar.tsx';
import { filterValue, listRequestParams, tabFilters, userFilters, type ListTab } from './listFilters.ts';
import { ListSummary, filterChips } from './ListSummary.tsx';
import { SaveFilterButton, SavedFilterList } from './SavedFilters.tsx';
import { SortControl } from './SortControl.tsx';
import { useAssetList } from './useAssetList.ts';

export interface AssetListViewProps {
  tab: ListTab;
  /** The filters chosen for the list (from the URL, or a modal's own state). */
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  /** A picker's allowed stencils (spec 001 §2.3): the list shows only these. */
  allowedStencils?: readonly string[] | undefined;
  /** In a picker a card selects instead of opening. */
  selectionOf?: ((item: AssetListItem) => CardSelection) | undefined;
}

/**
 * The asset list of spec 001 §2.3: filter bar, saved filters, count text with the active filters, the card grid
 * with infinite scroll, 'No results found.' when empty and the error view when the call fails.
 */
export function AssetListView({ tab, filters: chosen, onFiltersChange, allowedStencils, selectionOf }: AssetListViewProps) {
  const { user, effectiveRights } = useCurrentUser();
  // The tab's period is fixed when the list opens, so the request stays the same while it is shown.
  const [openedAt] = useState(() => new Date());
  const [labels, setLabels] = useState<Record<string, string>>({});
  const filters = tabFilters(userFilters(chosen, tab), tab, openedAt);
  const params = listRequestParams({ filters, tab, userName: user.name, allowedStencils });
  const list = useAssetList(params);

  // The facets of the last answer stay while a new one is awaited or failed, so a filter can still be changed back.
  const [lastFacets, setLastFacets] = useState<readonly Facet[]>([]);
  if (list.data && list.facets !== lastFacets) setLastFacets(list.facets);
  const facets = list.data ? list.facets : lastFacets;

  const labelOf = (value: string) => labels[value];
  const rememberLabels = (more: Record<string, string>) => setLabels((current) => ({ ...current, ...more }));
  const chips = filterChips({ filters, facets, tab, labelOf });
  const hasSearchText = Boolean(filterValue(filters, 'q'));
  // The answer says how it sorted; an EAQL expression keeps the chosen order.
  const isSortedByRelevance = hasSearchText && (list.sortBy === undefined || list.isPlaceholderData || list.sortBy === 'relevance');

  return (
    <Stack gap="sm">
      <FilterBar
        tab={tab}
        filters={filters}
        onChange={onFiltersChange}
        facets={facets}
        allowedStencils={allowedStencils}
        hasAuthorFilters={isTenantOf(effectiveRights.spaces, TENANT_GROUP_SPACES)}
        labelOf={labelOf}
        onRemember={rememberLabels}
      />
      <SavedFilterList savedFilters={user.filters} onApply={onFiltersChange} />
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap={6} wrap="wrap">
          <ListSummary total={list.isError ? undefined : list.total} chips={chips} isUpdating={list.isPlaceholderData} onChange={onFiltersChange} />
          <SaveFilterButton tab={tab} filters={filters} savedFilters={user.filters} saveHref={user._links['p:filters'].href} />
        </Group>
        <SortControl filters={filters} onChange={onFiltersChange} isSortedByRelevance={isSortedByRelevance} />
      </Group>
      <InfiniteCardGrid list={list} what="assets" keyOf={versionKey} renderCard={(item) => <AssetCard item={item} selection={selectionOf?.(item)} />} />
    </Stack>
  );
}
