import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router/index.ts';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { uploadQueue } from '../../features/uploads/uploadQueueStore.ts';
import { AUTH_PATHS } from '../../router/routes.ts';
import { useSignIn } from './SignInProvider.tsx';

/** The server's sign-out: from then on it refuses the tokens of this sign-in (docs/decisions.md, "Sign-out ends the bearer token"). */
export const SIGN_OUT_PATH = '/api/v1/user/sign-out';
/** How long Log Out waits for the server before it goes to the provider all the same. */
export const SIGN_OUT_TIMEOUT_MS = 3000;

/**
 * Log Out: the server ends the sign-in's token, then the provider ends its session and returns to /logout. When the
 * provider cannot be reached, the user is signed out locally and stays on /logout all the same.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useSignIn();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // Leave the main view first: signing out drops the local user at once, and the main view would answer that
    // by starting a new sign-in that races the provider's sign-out.
    await navigate(AUTH_PATHS.logout, { replace: true });
    queryClient.clear();
    // The next person at this browser must not see or upload the files this one picked.
    uploadQueue.getState().reset();
    // Before the provider: a company provider's end-session does not tell our server, whose token would otherwise stay
    // good until it expires. A server that does not answer in time does not keep the user here.
    if (auth.isAuthenticated) await api.send({ method: 'POST', path: SIGN_OUT_PATH, signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) }).catch(() => undefined);
    await auth.signOutRedirect();
    // Still here: the browser did not leave for the provider, so make sure the local user is gone.
    auth.removeUser();
  };
}
