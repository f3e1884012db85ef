import { useQuery } from '@tanstack/react-query';
import { DELIVERY_PATH, VERY_LARGE_RESOURCE, cropperRequestSize, imageUrlOf, type MediaValue } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** A delivery path's leading transformation segments (`w_2500,c_fit/`), before the version and the public id. */
const TRANSFORMATION_SEGMENT = /^([a-z]{1,2}_[^/]*)$/;

/**
 * The address the cropper loads (spec 002 §9): the very large resource when the media call named one, asked for at
 * `width` when it is one of our delivery addresses; otherwise the delivery address of the value itself. `width`
 * undefined asks for the original.
 */
export function cropperImageUrl(
  media: Pick<MediaValue, 'provider' | 'referenceId'>,
  options: { veryLargeUrl: string | undefined; width: number | undefined; deliveryBaseUrl?: string | undefined },
): string | undefined {
  const { veryLargeUrl, width, deliveryBaseUrl } = options;
  const resize = width === undefined ? '' : `w_${width}/`;
  if (veryLargeUrl === undefined) {
    return imageUrlOf(media, { ...(width === undefined ? {} : { width }), ...(deliveryBaseUrl === undefined ? {} : { baseUrl: deliveryBaseUrl }) });
  }
  const path = veryLargeUrl.startsWith('/') ? veryLargeUrl : undefined;
  if (path?.startsWith(`${DELIVERY_PATH}/`)) {
    const segments = path.slice(DELIVERY_PATH.length + 1).split('/');
    while (segments.length > 1 && TRANSFORMATION_SEGMENT.test(segments[0] ?? '')) segments.shift();
    return `${DELIVERY_PATH}/${resize}${segments.join('/')}`;
  }
  // Another host's very large image is loaded as it is: its address scheme is not ours to change.
  return veryLargeUrl;
}

/** Spec 002 §9: the width the cropper asks for, a multiple of 250, or undefined when the original is no larger. */
export function cropperRequestWidth(shownWidth: number, imageWidth: number): number | undefined {
  const wanted = cropperRequestSize(shownWidth);
  return wanted >= imageWidth ? undefined : wanted;
}

const MEDIA_PATH = '/api/v1/media';

/**
 * The image's media answer (spec 000 §7), for its very large resource and its size when the value lacks one. A
 * failed call is only logged (spec 002 §8): the cropper then loads the value's own delivery address.
 */
export function useImageMedia(media: Pick<MediaValue, 'provider' | 'referenceId'>, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.imageMedia(media.provider, media.referenceId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ provider: media.provider, referenceId: media.referenceId });
      try {
        return await api.request({ path: `${MEDIA_PATH}?${query.toString()}`, response: 'imageMedia', signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('The image media could not be fetched.', error);
        return null;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function veryLargeUrlOf(media: { resources: ReadonlyArray<{ type: string; url: string }> } | null | undefined): string | undefined {
  return media?.resources.find((resource) => resource.type === VERY_LARGE_RESOURCE)?.url;
}
