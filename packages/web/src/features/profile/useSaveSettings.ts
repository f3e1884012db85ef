import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse, UserSettings } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { describeError } from '../../ui/describeError.ts';
import { showToast } from '../../ui/toasts.tsx';

/**
 * Saves the settings (spec 000 §7: PUT {settings self link}). The user is updated at once and restored when the
 * call fails (spec 000 §8); afterwards everything is fetched again, so it follows the rights now in effect.
 */
export function useSaveSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const userKey = queryKeys.currentUser();

  return useMutation({
    mutationFn: ({ href, settings }: { href: string; settings: UserSettings }) =>
      api.request({ method: 'PUT', path: href, body: settings, response: 'userSettings' }),
    onMutate: async ({ settings }) => {
      await queryClient.cancelQueries({ queryKey: userKey });
      const previous = queryClient.getQueryData<UserResponse>(userKey);
      if (previous) {
        queryClient.setQueryData<UserResponse>(userKey, { ...previous, settings: { ...settings, _links: previous.settings._links } });
      }
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData<UserResponse>(userKey, context.previous);
      showToast({ kind: 'error', message: describeError(error).message });
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
