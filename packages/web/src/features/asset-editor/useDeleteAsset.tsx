import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import type { AssetVersion } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { openConfirmModal } from '../../ui/appModals.tsx';
import { openErrorModal } from '../../ui/ErrorModal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { deleteVersion } from './api/editorCalls.ts';
import { removeDraft } from '../../editor-state/localDrafts.ts';

export const DELETE_TEXTS = {
  confirm: "This action can't be revoked",
  deleted: 'Your asset has been deleted',
  notDeleted: 'Your asset could not be deleted',
  errorModal: 'Sorry, it was not possible to delete your asset',
} as const;

/**
 * Spec 000 §4, 002 §4 delete: confirm, delete the version, remove its local draft and refresh the lists that show it
 * (the sibling locales' about data comes from there); on failure a toast and the error modal.
 */
export function useDeleteAsset({ onDeleted }: { onDeleted: (version: AssetVersion) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (version: AssetVersion) => deleteVersion(api, version),
    onSuccess: (_, version) => {
      removeDraft(version.id, version.localization);
      showToast({ kind: 'success', message: DELETE_TEXTS.deleted });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists() });
      onDeleted(version);
    },
    onError: (error) => {
      showToast({ kind: 'error', message: DELETE_TEXTS.notDeleted });
      openErrorModal(error, DELETE_TEXTS.errorModal);
    },
  });

  return {
    isDeleting: mutation.isPending,
    confirmDelete(version: AssetVersion) {
      void openConfirmModal({
        title: 'Delete asset',
        children: <Text>{DELETE_TEXTS.confirm}</Text>,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => mutation.mutate(version),
      });
    },
  };
}
