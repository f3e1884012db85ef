import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { MAIN_SPACE, slugIdOf, type AssetVersion, type UriSlugClaim } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** Spec 000 §9: the default debounce. */
export const SLUG_LOOKUP_DEBOUNCE_MS = 300;

/** Spec 000 §7 slug lookup path (v2). */
export const uriSlugLookupPath = (slugId: string, assetId: string) =>
  `/api/crepo/urislug-registry/v2/uriSlugs/${encodeURIComponent(slugId)}?${new URLSearchParams({ assetId }).toString()}`;

/** The space a version's URI title lives in: the main website space when the asset is there, else its first space. */
export function slugSpaceOf(version: AssetVersion): string | undefined {
  const { spaces } = version._embedded.about._meta;
  return spaces.includes(MAIN_SPACE) ? MAIN_SPACE : spaces[0];
}

/** Not in the spec: the headings of the publish modal's URI title warning (docs/decisions.md, "URI slug lookup while publishing"). */
export const URI_SLUG_TEXTS = {
  taken: 'This URI title is taken',
  pending: 'A claim on this URI title is pending',
  checking: 'Checking the URI title...',
} as const;

/** What the publish modal says of a URI title: nothing, or that it is taken or a claim on it is pending. */
export type UriSlugWarning = { kind: 'taken' | 'pending'; message: string };

/** Spec 002 §3 URI slug claim: a warning when another asset holds the title or a claim on it is pending. */
export function uriSlugWarning(claim: UriSlugClaim | null | undefined): UriSlugWarning | undefined {
  if (!claim || (claim.conflictAssetId === null && !claim.isClaimPending)) return undefined;
  const kind = claim.isClaimPending ? 'pending' : 'taken';
  return { kind, message: claim.message ?? '' };
}

/**
 * Spec 000 §7, §8 slug lookup while the URI title is typed (debounced): the registry's answer for the title in the
 * version's space and locale, seen from this asset. A failed lookup counts as no claim (000 §8), so it warns of nothing;
 * a text that is no URI title (`slugIdOf`) is not looked up.
 */
export function useUriSlugLookup(input: { version: AssetVersion; uriTitle: string; isEnabled: boolean }): { warning: UriSlugWarning | undefined; isChecking: boolean } {
  const api = useApiClient();
  const [uriTitle] = useDebouncedValue(input.uriTitle, SLUG_LOOKUP_DEBOUNCE_MS);
  const space = slugSpaceOf(input.version);
  const slugId = space && input.isEnabled && uriTitle !== '' ? slugIdOf({ space, locale: input.version.localization, uriTitle }) : undefined;
  const lookup = useQuery({
    queryKey: queryKeys.uriSlug(slugId ?? '', input.version.id),
    queryFn: async ({ signal }) => {
      try {
        return await api.request({ path: uriSlugLookupPath(slugId ?? '', input.version.id), response: 'uriSlugClaim', signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return null;
      }
    },
    enabled: slugId !== undefined,
    // Someone else may claim the title at any time: every opening asks again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const isCurrent = slugId !== undefined && uriTitle === input.uriTitle;
  return { warning: isCurrent ? uriSlugWarning(lookup.data) : undefined, isChecking: slugId !== undefined && lookup.isFetching };
}
