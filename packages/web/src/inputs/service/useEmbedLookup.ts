import { useMutation, useQuery } from '@tanstack/react-query';
import type { EmbedReference, MediaValue, ZoeLocalization } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Spec 002 §7 media lookup on Confirm: `GET /api/v1/media` with provider, reference id and subtype; an embed's
 * answer becomes the value with the server-built embed HTML. A failure rejects, and the form shows 'Embed ID invalid'.
 */
export function useEmbedLookup() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ provider, reference, isArchive }: { provider: string; reference: EmbedReference; isArchive: boolean }): Promise<MediaValue> => {
      const query = new URLSearchParams({ provider, referenceId: reference.referenceId });
      if (reference.subtype !== undefined) query.set('subtype', reference.subtype);
      const path = `/api/v1/media?${query.toString()}`;
      if (isArchive) {
        const item = await api.request({ path, response: 'archiveAnswer' });
        return { provider, referenceId: item.referenceId, ...(item.mediaType !== undefined ? { mediaType: item.mediaType } : {}), ...(item.duration !== undefined ? { duration: item.duration } : {}) };
      }
      const media = await api.request({ path, response: 'embedMedia' });
      return { provider: media.provider, ...(media.subtype !== undefined ? { subtype: media.subtype } : {}), referenceId: media.referenceId, mediaType: media.mediaType, embedHtml: media.embedHtml };
    },
  });
}

const NO_LOCALIZATIONS: ZoeLocalization[] = [];

/** Spec 002 §7, §9: the ZOE localizations for the asset's locale matching the search; a failure gives an empty list (and a log line, 002 §8). */
export function useZoeLocalizations({ locale, query, enabled }: { locale: string; query: string; enabled: boolean }): { localizations: ZoeLocalization[]; isLoading: boolean } {
  const api = useApiClient();
  const result = useQuery({
    queryKey: queryKeys.zoeLocalizations(locale, query),
    queryFn: async ({ signal }) => {
      try {
        const params = new URLSearchParams({ locale, query });
        return (await api.request({ path: `/api/v1/media/zoe/localizations?${params.toString()}`, response: 'zoeLocalizationList', signal })).localizations;
      } catch (error) {
        console.warn('The ZOE localizations could not be loaded.', error);
        return NO_LOCALIZATIONS;
      }
    },
    enabled,
  });
  return { localizations: result.data ?? NO_LOCALIZATIONS, isLoading: result.isLoading };
}
