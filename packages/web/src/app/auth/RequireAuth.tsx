import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../router/index.ts';
import { useSignIn } from './SignInProvider.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { AUTH_PATHS } from '../../router/routes.ts';
import type { SignInState } from './returnTo.ts';

/** The main view requires sign-in; anyone else goes to /login, which remembers where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useSignIn();
  const location = useLocation();
  if (auth.isAuthenticated) return children;
  // While signing in or out the browser is about to leave; sending the user to /login now would race it.
  if (auth.isLoading || auth.isRedirecting) return <FullPageLoader />;
  const state: SignInState = { returnTo: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to={AUTH_PATHS.login} replace state={state} />;
}
