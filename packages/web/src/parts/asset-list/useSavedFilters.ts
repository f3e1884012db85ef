import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Filters, SavedFilter, UserResponse } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { describeError } from '../../ui/describeError.ts';
import { showToast } from '../../ui/toasts.tsx';

const onError = (error: unknown) => showToast({ kind: 'error', message: describeError(error).message });

/**
 * Saving and removing filter presets (spec 000 §7: POST {p:filters link}, DELETE {filter self link}). The user's
 * list of presets, which the profile modal shows too, follows at once.
 */
export function useSavedFilters() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const userKey = queryKeys.currentUser();
  const updateUser = (change: (user: UserResponse) => UserResponse) =>
    queryClient.setQueryData<UserResponse>(userKey, (user) => (user ? change(user) : user));

  const save = useMutation({
    mutationFn: ({ href, filters }: { href: string; filters: Filters }) => api.request({ method: 'POST', path: href, body: { filters }, response: 'savedFilter' }),
    onSuccess: (saved) => updateUser((user) => ({ ...user, filters: [...user.filters, saved] })),
    onError,
  });

  const remove = useMutation({
    mutationFn: (filter: SavedFilter) => api.send({ method: 'DELETE', path: filter._links.self.href }),
    onSuccess: (_answer, removed) => {
      updateUser((user) => ({ ...user, filters: user.filters.filter((filter) => filter.id !== removed.id) }));
      // Removing the default filter also clears the default on the server.
      return queryClient.invalidateQueries({ queryKey: userKey });
    },
    onError,
  });

  return { save, remove };
}
