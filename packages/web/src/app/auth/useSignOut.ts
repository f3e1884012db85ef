import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router/index.ts';
import { uploadQueue } from '../../features/uploads/uploadQueueStore.ts';
import { AUTH_PATHS } from '../routes.ts';
import { useSignIn } from './SignInProvider.tsx';

/**
 * Log Out: the provider ends its session and returns to /logout. When the provider cannot be reached, the user
 * is signed out locally and stays on /logout all the same.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // Leave the main view first: signing out drops the local user at once, and the main view would answer that
    // by starting a new sign-in that races the provider's sign-out.
    await navigate(AUTH_PATHS.logout, { replace: true });
    queryClient.clear();
    // The next person at this browser must not see or upload the files this one picked.
    uploadQueue.getState().reset();
    await auth.signOutRedirect();
    // Still here: the browser did not leave for the provider, so make sure the local user is gone.
    auth.removeUser();
  };
}
