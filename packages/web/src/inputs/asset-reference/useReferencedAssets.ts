import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useParams } from '../../router/index.ts';
import type { AssetListItem, AssetReference } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchVersionsOf, mostRelevantVersions } from '../../parts/asset-list/referenceLookup.ts';
import { numberInputsOf, numbersOf } from './sortReferences.ts';

/** Spec 000 §4: without a locale of its own the editor falls back to en. */
const FALLBACK_LOCALE = 'en';

/** The locale of the version open in the editor (spec 002 §2 AssetEditor route). */
export function useEditorLocale(): string {
  return useParams().locale ?? FALLBACK_LOCALE;
}

type VersionsById = Record<string, AssetListItem>;

/**
 * The answer for these ids taken from a cached lookup of more ids (after a Remove), so taking a reference out asks
 * the server nothing; with the time of that answer, so it goes stale when that one does.
 */
function answerFromCache(queryClient: QueryClient, ids: readonly string[], locale: string): { data: VersionsById; updatedAt: number } | undefined {
  for (const [key, data] of queryClient.getQueriesData<VersionsById>({ queryKey: queryKeys.referencedAssetsIn(locale) })) {
    const cachedIds = key[2];
    if (!data || !Array.isArray(cachedIds) || !ids.every((id) => cachedIds.includes(id))) continue;
    const updatedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
    return { data: Object.fromEntries(ids.flatMap((id) => (Object.hasOwn(data, id) ? [[id, data[id]]] : []))) as VersionsById, updatedAt };
  }
  return undefined;
}

export interface ReferencedAssets {
  /** The version a card shows; undefined while loading and for an asset that does not exist (any more). */
  versionOf: (id: string) => AssetListItem | undefined;
  /** Whether the answer is in and holds no version of the asset: it was deleted, or lies outside the user's spaces. */
  isMissing: (id: string) => boolean;
  /** Whether an answer is on its way (a card without its version then shows a placeholder). */
  isLoading: boolean;
}

/**
 * The card data of a field's references, in one list call for all of them (cached per set of ids and locale): each
 * asset in the version most relevant to the editor's locale. `known` holds assets just picked in the browse modal,
 * shown until the answer for the new set of ids is in.
 */
export function useReferencedAssets(references: readonly AssetReference[], known?: ReadonlyMap<string, AssetListItem>): ReferencedAssets {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const locale = useEditorLocale();
  // The ids follow their text, so a reorder or a new array of the same references fetches nothing.
  const idsText = JSON.stringify([...new Set(references.map((reference) => reference.id))].toSorted());
  const ids = useMemo(() => JSON.parse(idsText) as string[], [idsText]);
  const query = useQuery({
    queryKey: queryKeys.referencedAssets(ids, locale),
    queryFn: async ({ signal }): Promise<VersionsById> => Object.fromEntries(mostRelevantVersions(await fetchVersionsOf(api, ids, signal), locale)),
    enabled: ids.length > 0,
    initialData: () => answerFromCache(queryClient, ids, locale)?.data,
    initialDataUpdatedAt: () => answerFromCache(queryClient, ids, locale)?.updatedAt,
    // While the answer for a changed set of ids is on its way, the cards already shown stay.
    placeholderData: keepPreviousData,
  });
  const { data, isSuccess, isPlaceholderData, isFetching } = query;
  return useMemo(
    () => ({
      versionOf: (id) => (data && Object.hasOwn(data, id) ? data[id] : undefined) ?? known?.get(id),
      isMissing: (id) => isSuccess && !isPlaceholderData && !Object.hasOwn(data, id),
      isLoading: isFetching,
    }),
    [data, isSuccess, isPlaceholderData, isFetching, known],
  );
}

/** The bulk fetch takes at most this many identifiers at once. */
const BULK_GET_LIMIT = 200;

const versionKeyOf = (version: Pick<AssetListItem, 'id' | 'localization'>) => `${version.id}-${version.localization}`;

/**
 * The episode and season numbers of referenced versions (spec 002 §5 list ordering), which the list call's card data
 * does not carry: one bulk fetch of their raw content. Only versions of numbered stencils are asked for.
 */
export function useReferenceNumbers(versions: readonly AssetListItem[]): (version: AssetListItem) => number[] | undefined {
  const api = useApiClient();
  const wanted = new Map(versions.filter((version) => numberInputsOf(version.stencil).length > 0).map((version) => [versionKeyOf(version), version]));
  const identifiersText = JSON.stringify([...wanted.keys()].toSorted().map((key) => ({ id: wanted.get(key)?.id, localization: wanted.get(key)?.localization })));
  const identifiers = useMemo(() => JSON.parse(identifiersText) as Array<{ id: string; localization: string }>, [identifiersText]);
  const query = useQuery({
    queryKey: queryKeys.referenceNumbers(identifiers.map(versionKeyOf)),
    queryFn: async ({ signal }) => {
      const numbers: Record<string, number[]> = {};
      for (let start = 0; start < identifiers.length; start += BULK_GET_LIMIT) {
        const answer = await api.request({
          method: 'POST',
          path: '/api/v1/assets/localizations/bulk-get?raw=true',
          body: { assetLocalizationIdentifiers: identifiers.slice(start, start + BULK_GET_LIMIT) },
          response: 'bulkGet',
          signal,
        });
        for (const entry of answer.data) {
          // An identifier that could not be read answers with its status and messages instead.
          if (!('data' in entry)) continue;
          const key = numbersOf(entry.data.stencil, entry.data.content);
          if (key) numbers[`${entry.id}-${entry.localization}`] = key;
        }
      }
      return numbers;
    },
    enabled: identifiers.length > 0,
    placeholderData: keepPreviousData,
  });
  const { data } = query;
  return useMemo(() => (version: AssetListItem) => data?.[versionKeyOf(version)], [data]);
}
