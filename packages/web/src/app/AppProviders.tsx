import { useCallback, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@editor/domain';
import { ApiClientProvider } from '../api/ApiClientProvider.tsx';
import { LiveProvider } from '../api/live/LiveProvider.tsx';
import type { Credentials } from '../api/client.ts';
import { readRoleOverride } from '../parts/user/roleOverrideStorage.ts';
import { ModalsHost } from '../ui/appModals.tsx';
import { ToastHost } from '../ui/ToastHost.tsx';
import { AppConfigProvider } from '../config/AppConfigProvider.tsx';
import { returnToOf } from './auth/returnTo.ts';
import type { SignInClient } from './auth/signInClient.ts';
import { SignInProvider } from './auth/SignInProvider.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  config: AppConfig;
  signInClient: SignInClient;
  queryClient: QueryClient;
  /** Continues after sign-in at the path the user wanted (the router lives inside these providers). */
  onSignedIn: (returnTo: string) => void;
  /** Called after the provider's sign-out returned to /logout. */
  onSignedOut: () => void;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ config, signInClient, queryClient, onSignedIn, onSignedOut, env = 'default', children }: AppProvidersProps) {
  const getCredentials = useCallback(async (): Promise<Credentials> => {
    const user = signInClient.getUser();
    return { idToken: user?.idToken, roleOverride: user ? readRoleOverride(user.profile.sub) : null };
  }, [signInClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <ToastHost position="top-right" limit={5} />
      <AppConfigProvider config={config}>
        <SignInProvider client={signInClient} onSignedIn={(state) => onSignedIn(returnToOf(state))} onSignedOut={onSignedOut}>
          <ApiClientProvider getCredentials={getCredentials}>
            <LiveProvider getCredentials={getCredentials}>
              <QueryClientProvider client={queryClient}>
                {children}
                <ModalsHost />
              </QueryClientProvider>
            </LiveProvider>
          </ApiClientProvider>
        </SignInProvider>
      </AppConfigProvider>
    </MantineProvider>
  );
}
