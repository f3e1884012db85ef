import { useLocation, useNavigate, useSearchParams } from '../../router/index.ts';
import type { Filters } from '@editor/domain';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { AssetListView } from '../../parts/asset-list/AssetListView.tsx';
import { filtersFromSearch, hasFilterQuery, initialFilters, searchOfFilters, type ListTab } from '../../parts/asset-list/listFilters.ts';

/** Marks a URL written by the filter bar, so that an empty query chosen by the user stays empty. */
interface FilterNavigationState {
  filtersChosen: true;
}

function isFilterNavigation(state: unknown): state is FilterNavigationState {
  return typeof state === 'object' && state !== null && 'filtersChosen' in state;
}

/**
 * The asset list of a tab page, its filters kept in the URL query (spec 000 §2, 001 §2.3) so that a link reproduces
 * the view. A URL without filters shows the tab's defaults (the default filter, the auto space filter); once the
 * user changes anything, the URL holds every filter shown.
 */
export function AssetListScreen({ tab }: { tab: ListTab }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, settings } = useCurrentUser();
  const isChosen = hasFilterQuery(searchParams) || isFilterNavigation(location.state);
  const filters = isChosen ? filtersFromSearch(searchParams) : initialFilters({ tab, isModal: false, settings, savedFilters: user.filters });

  const handleFiltersChange = (next: Filters) => {
    const state: FilterNavigationState = { filtersChosen: true };
    // Replaced, not pushed: Back leaves the list instead of stepping through every keystroke of a search.
    void navigate({ search: searchOfFilters(next) }, { replace: true, state });
  };

  return <AssetListView tab={tab} filters={filters} onFiltersChange={handleFiltersChange} />;
}
