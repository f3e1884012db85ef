import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AUTH_PATHS } from '../../router/routes.ts';
import { SignInError, type SignInClient, type SignedInUser } from './signInClient.ts';

export interface SignIn {
  user: SignedInUser | null;
  isAuthenticated: boolean;
  /** Finishing a sign-in: at /callback, or quietly in the background as the page starts. */
  isLoading: boolean;
  /** On the way to the provider: the page is about to be left. */
  isRedirecting: boolean;
  /** Why the last sign-in step failed. */
  error: SignInError | undefined;
  signInRedirect(options: { state: unknown; prompt?: string }): Promise<void>;
  signOutRedirect(): Promise<void>;
  removeUser(): void;
}

const SignInContext = createContext<SignIn | null>(null);

const asSignInError = (error: unknown) => (error instanceof SignInError ? error : new SignInError(error instanceof Error ? error.message : String(error)));

function isCallbackWithAnswer(): boolean {
  const query = new URLSearchParams(window.location.search);
  return window.location.pathname === AUTH_PATHS.callback && (query.has('code') || query.has('error'));
}

function isSignOutReturn(): boolean {
  return window.location.pathname === AUTH_PATHS.logout && new URLSearchParams(window.location.search).has('state');
}

/** A page that starts without a user signs in quietly first, except where a sign-in or sign-out is being finished. */
function startsQuietly(client: SignInClient): boolean {
  const path = window.location.pathname;
  return client.getUser() === null && path !== AUTH_PATHS.callback && path !== AUTH_PATHS.logout;
}

interface SignInProviderProps {
  client: SignInClient;
  /** After /callback finished a sign-in, with the state it was started with. */
  onSignedIn: (state: unknown) => void;
  /** After the provider's sign-out returned to /logout. */
  onSignedOut: () => void;
  children: ReactNode;
}

/**
 * The signed-in user for the app, and the sign-in steps: /callback is finished here as the app starts, and a page that
 * starts without a user (a reload, a new tab) first signs in quietly in the background, so it shows directly; only when
 * that does not work does the main view send the user to /login.
 */
export function SignInProvider({ client, onSignedIn, onSignedOut, children }: SignInProviderProps) {
  const user = useSyncExternalStore(client.subscribe, client.getUser);
  const [isLoading, setIsLoading] = useState(() => isCallbackWithAnswer() || startsQuietly(client));
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [error, setError] = useState<SignInError>();
  // Once per page: the answer's pending sign-in is used up by the first attempt.
  const hasStarted = useRef(false);
  const latest = useRef({ onSignedIn, onSignedOut });
  useEffect(() => {
    latest.current = { onSignedIn, onSignedOut };
  });

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (isSignOutReturn()) latest.current.onSignedOut();
    if (!isCallbackWithAnswer()) {
      if (!startsQuietly(client)) return;
      // Whatever went wrong, /login takes over with the visible way.
      client
        .signInSilently()
        .catch(() => undefined)
        .finally(() => setIsLoading(false));
      return;
    }
    client
      .handleCallback(window.location.href)
      .then((state) => latest.current.onSignedIn(state))
      .catch((failure: unknown) => setError(asSignInError(failure)))
      .finally(() => setIsLoading(false));
  }, [client]);

  /** Runs a step that leaves the page; one that resolves false stayed, so the app goes on. */
  const leaveFor = useCallback(async (step: () => Promise<boolean | void>) => {
    setIsRedirecting(true);
    setError(undefined);
    try {
      if ((await step()) === false) setIsRedirecting(false);
    } catch (failure) {
      setError(asSignInError(failure));
      setIsRedirecting(false);
    }
  }, []);

  const value = useMemo<SignIn>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isLoading,
      isRedirecting,
      error,
      signInRedirect: (options) => leaveFor(() => client.signInRedirect(options)),
      signOutRedirect: () => leaveFor(() => client.signOutRedirect()),
      removeUser: () => client.removeUser(),
    }),
    [client, error, isLoading, isRedirecting, leaveFor, user],
  );
  return <SignInContext.Provider value={value}>{children}</SignInContext.Provider>;
}

export function useSignIn(): SignIn {
  const value = useContext(SignInContext);
  if (!value) throw new Error('useSignIn needs a SignInProvider above it.');
  return value;
}
