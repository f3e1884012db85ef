import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { useNavigate } from '../../router/index.ts';
import { MESSAGES } from '@editor/domain';
import { CenteredPanel } from '../../ui/CenteredPanel.tsx';
import { interactiveSignInAfter } from './quietSignIn.ts';
import { useSignIn } from './SignInProvider.tsx';
import { useSignOut } from './useSignOut.ts';

/** Spec 000 §2: the error panel shows after 3 seconds without a result, or at once on an error. */
export const CALLBACK_PATIENCE_MS = 3000;

/**
 * /callback: the auth provider exchanges the code as the app starts and then sends the user on to where they
 * wanted to go; this page shows what happens meanwhile.
 */
export function CallbackPage() {
  const auth = useSignIn();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [isOverdue, setOverdue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOverdue(true), CALLBACK_PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // The quiet sign-in found no provider session: continue with the sign-in that shows the login form.
  const interactiveState = interactiveSignInAfter(auth.error);
  const hasStartedInteractive = useRef(false);
  useEffect(() => {
    if (!interactiveState || hasStartedInteractive.current) return;
    hasStartedInteractive.current = true;
    void auth.signInRedirect({ state: interactiveState });
  }, [auth, interactiveState]);

  const goHome = () => void navigate('/');

  if (!auth.error && auth.isAuthenticated) {
    return (
      <CenteredPanel>
        <Text>{MESSAGES.alreadyLoggedIn}</Text>
        <Group justify="flex-end">
          <Button onClick={goHome}>Home</Button>
        </Group>
      </CenteredPanel>
    );
  }
  if (interactiveState || (!auth.error && !isOverdue)) {
    return (
      <CenteredPanel>
        <Loader size="sm" aria-label="Signing in" />
      </CenteredPanel>
    );
  }
  return (
    <CenteredPanel>
      <Title order={1} size="h4">
        {MESSAGES.loginFailedHeading}
      </Title>
      <Text size="sm">{MESSAGES.loginFailedText}</Text>
      {auth.error && (
        <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
          {auth.error.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void signOut()}>
          Logout
        </Button>
        <Button onClick={goHome}>Home</Button>
      </Group>
    </CenteredPanel>
  );
}
