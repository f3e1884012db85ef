import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '../../router/index.ts';
import type { MediaLibraryItem } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { assetEditorPath } from '../../router/routes.ts';
import { showToast } from '../../ui/toasts.tsx';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { archiveCreationOf, creationPath, creationTargetOf } from '../../parts/media-archive/createFromArchive.ts';

/**
 * Go to: opens the asset an archive item belongs to in the editor, in its version most relevant to the user's
 * preferred locale (`GET /api/v1/assets/{id}/localization`). A failure shows the error view's toast.
 */
export function useGoToArchiveAsset() {
  const api = useApiClient();
  const navigate = useNavigate();
  const { settings } = useCurrentUser();
  return useMutation({
    mutationFn: (assetId: string) =>
      api.request({
        path: `/api/v1/assets/${encodeURIComponent(assetId)}/localization?${new URLSearchParams({ localization: settings.preferredLocalization }).toString()}`,
        response: 'assetVersionKey',
      }),
    onSuccess: (version) => void navigate(assetEditorPath({ id: version.id, locale: version.localization })),
    onError: () => showToast({ kind: 'warning', message: 'The asset could not be opened' }),
  });
}

/**
 * Create: a new image, video or podcast episode prefilled from an archive item (spec 001 §7), in the user's default
 * space and preferred locale, then opened in the editor. Without a space or locale the create-content modal's
 * warning shows; a failed call the warning toast of spec 001 §8.
 */
export function useCreateFromArchive() {
  const api = useApiClient();
  const navigate = useNavigate();
  const { settings, effectiveRights } = useCurrentUser();
  const mutation = useMutation({
    mutationFn: ({ item, space, localization }: { item: MediaLibraryItem; space: string; localization: string }) => {
      const { stencil, content } = archiveCreationOf(item);
      return api.request({ method: 'POST', path: creationPath({ space, localization, stencil }), body: { content }, response: 'assetVersionKey' });
    },
    onSuccess: (asset) => void navigate(assetEditorPath({ id: asset.id, locale: asset.localization })),
    onError: (error, { item }) => {
      console.error(`Creating an asset from the media item ${item.id} failed.`, error);
      showToast({ kind: 'warning', message: 'Asset could not be created' });
    },
  });
  const create = (item: MediaLibraryItem) => {
    const target = creationTargetOf({ settings, rights: effectiveRights });
    if ('warning' in target) {
      showToast({ kind: 'warning', message: target.warning });
      return;
    }
    mutation.mutate({ item, ...target });
  };
  return { create, isPending: mutation.isPending, creatingId: mutation.isPending ? mutation.variables.item.id : undefined };
}
