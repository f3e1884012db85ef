import { useNavigate, useSearchParams } from '../router/index.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ROUTES } from '../router/routes.ts';
import { archiveFiltersFromSearch, searchOfArchiveFilters, type ArchiveFilters } from '../parts/media-archive/archiveSearch.ts';
import { MediaArchiveView } from '../features/media-archive/MediaArchiveView.tsx';

/** Spec 001 §2.7: the media archive, its filters kept in the URL query like the list pages'. */
export function MediaArchivePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = archiveFiltersFromSearch(searchParams);
  // Replaced, not pushed: Back leaves the page instead of stepping through every filter change.
  const handleFiltersChange = (next: ArchiveFilters) => void navigate({ search: searchOfArchiveFilters(next) }, { replace: true });
  return (
    <>
      <PageHeading>{ROUTES.MediaArchive.label}</PageHeading>
      <MediaArchiveView filters={filters} onFiltersChange={handleFiltersChange} />
    </>
  );
}
