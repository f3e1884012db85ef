import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { EVENTS_PAGE_SIZE, type DashboardEvent } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { listPath } from '../../parts/asset-list/listFilters.ts';
import { INPUT_DEBOUNCE_MS } from '../../parts/asset-list/useDropdownSearch.ts';

/** The wizard's query keys, kept together here: nothing else reads these answers. */
const eventWizardKeys = {
  events: (kind: 'upcoming' | 'past', searchTerm: string) => ['event-wizard', 'events', kind, searchTerm] as const,
  profile: (title: string, locale: string) => ['event-wizard', 'profile', title, locale] as const,
  copySource: (title: string) => ['event-wizard', 'copy-source', title] as const,
};

/**
 * Spec 001 §7 events search: `GET /api/v1/events` (upcoming, to create a profile for) or `/api/v1/events/past`
 * (similar events to base one on), 10 a page (§9), the typed text debounced (§9: 500 ms).
 */
export function useEventSearch(kind: 'upcoming' | 'past', text: string) {
  const api = useApiClient();
  const [searchTerm] = useDebouncedValue(text.trim(), INPUT_DEBOUNCE_MS);
  return useQuery({
    queryKey: eventWizardKeys.events(kind, searchTerm),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ 'page[number]': '1', 'page[size]': String(EVENTS_PAGE_SIZE) });
      if (searchTerm !== '') search.set('searchTerm', searchTerm);
      return api.request({ path: `/api/v1/events${kind === 'past' ? '/past' : ''}?${search.toString()}`, response: 'eventsResponse', signal });
    },
  });
}

/** The event-profile assets whose title is the event's (docs/decisions.md, "Event wizard"). */
async function profilesOf(api: ReturnType<typeof useApiClient>, title: string, signal: AbortSignal) {
  const answer = await api.request({ path: listPath({ limit: String(EVENTS_PAGE_SIZE), q: title, stencil: 'event-profile' }), response: 'assetListResponse', signal });
  const wanted = title.trim().toLowerCase();
  return answer._embedded.item.filter((item) => item.title.trim().toLowerCase() === wanted);
}

/** Spec 001 §2.5 'Go To': the event's profile in a locale it already has; null when none is found. */
export function useEventProfileIn(title: string, locale: string | null, isEnabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: eventWizardKeys.profile(title, locale ?? ''),
    queryFn: async ({ signal }) => (await profilesOf(api, title, signal)).find((item) => item.localization === locale) ?? null,
    enabled: isEnabled && locale !== null,
  });
}

/**
 * Spec 001 §4 copy-data: the content of the similar event's profile, in another locale than the new one's when it
 * has several; null when that event has no profile.
 */
export function useCopySource(event: DashboardEvent | null, locale: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: eventWizardKeys.copySource(event?.title ?? ''),
    enabled: event !== null,
    queryFn: async ({ signal }) => {
      const profiles = await profilesOf(api, event?.title ?? '', signal);
      const profile = profiles.find((item) => item.localization !== locale) ?? profiles[0];
      if (!profile) return null;
      return api.request({ path: `/api/v1/assets/${profile.id}/localizations/${encodeURIComponent(profile.localization)}`, response: 'assetVersion', signal });
    },
    retry: false,
  });
}
