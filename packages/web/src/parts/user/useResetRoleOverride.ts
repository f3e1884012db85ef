import { useQueryClient } from '@tanstack/react-query';
import { forgetRoleOverride } from './roleOverrideStorage.ts';
import { useCurrentUser } from './useCurrentUser.ts';

/** Spec 001 §4: 'Reset roles' turns the custom role override off; everything then reloads with the original rights. */
export function useResetRoleOverride(): () => void {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  return () => {
    forgetRoleOverride(user.id);
    void queryClient.invalidateQueries();
  };
}
