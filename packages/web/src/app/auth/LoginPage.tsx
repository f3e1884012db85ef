import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from '../../router/index.ts';
import { CenteredPanel } from '../../ui/CenteredPanel.tsx';
import { QUIET_PROMPT } from './quietSignIn.ts';
import { returnToOf, type SignInState } from './returnTo.ts';
import { useSignIn } from './SignInProvider.tsx';

/**
 * /login (spec 000 §2): tells the user they are forwarded to the company login, then forwards them. The tokens live
 * in the page's memory, so every reload and new tab passes here: the provider is asked quietly first and returns at
 * once while its session lasts; /callback turns its "login required" into the normal sign-in.
 */
export function LoginPage() {
  const location = useLocation();
  const returnTo = returnToOf(location.state);
  const state: SignInState = { returnTo };
  const auth = useSignIn();
  const { isAuthenticated, isLoading, isRedirecting, error } = auth;
  const hasAsked = useRef(false);
  useEffect(() => {
    if (hasAsked.current || isAuthenticated || isLoading || isRedirecting || error) return;
    hasAsked.current = true;
    void auth.signInRedirect({ state, prompt: QUIET_PROMPT });
  });
  if (isAuthenticated) return <Navigate to={returnTo} replace />;
  return (
    <CenteredPanel>
      <Text>You will be forwarded to the company login.</Text>
      {error ? (
        <>
          <Alert color="red">{error.message}</Alert>
          <Group justify="flex-end">
            <Button onClick={() => void auth.signInRedirect({ state })}>Try again</Button>
          </Group>
        </>
      ) : (
        <Loader size="sm" aria-label="Forwarding to the company login" />
      )}
    </CenteredPanel>
  );
}
