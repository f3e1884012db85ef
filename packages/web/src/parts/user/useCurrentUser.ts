import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { canUseRoleOverride, type UserResponse } from '@editor/domain';
import { USER_CALL_PATH, type ApiClient } from '../../api/client.ts';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { currentUserOf, type CurrentUser } from './currentUserOf.ts';
import { forgetRoleOverride } from './roleOverrideStorage.ts';
import { useRoleOverride } from './useRoleOverride.ts';

async function fetchCurrentUser(api: ApiClient, signal: AbortSignal): Promise<UserResponse> {
  const user = await api.request({ path: USER_CALL_PATH, response: 'userResponse', signal });
  // Someone who lost the technical admin role must not keep sending an override the server now refuses.
  if (!canUseRoleOverride(user)) forgetRoleOverride(user.id);
  return user;
}

/**
 * The signed-in user with their effective rights and resolved settings. Suspends until the user call has
 * answered; a failure reaches the nearest error boundary.
 */
export function useCurrentUser(): CurrentUser {
  const api = useApiClient();
  const { spaces } = useAppConfig();
  const { data: user } = useSuspenseQuery({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(api, signal),
  });
  const storedOverride = useRoleOverride(user.id);
  return useMemo(() => currentUserOf({ user, storedOverride, allSpaces: spaces }), [user, storedOverride, spaces]);
}
