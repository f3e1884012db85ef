import { useCallback, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { UserManager } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import type { AppConfig } from '@editor/domain';
import { ApiClientProvider } from '../api/ApiClientProvider.tsx';
import type { Credentials } from '../api/client.ts';
import { readRoleOverride } from '../features/user/roleOverrideStorage.ts';
import { AppConfigProvider } from './config/AppConfigProvider.tsx';
import { returnToOf } from './auth/returnTo.ts';
import { AUTH_PATHS } from './routes.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  config: AppConfig;
  userManager: UserManager;
  queryClient: QueryClient;
  /** Continues after sign-in at the path the user wanted (the router lives inside these providers). */
  onSignedIn: (returnTo: string) => void;
  /** Called after the provider's sign-out returned to /logout. */
  onSignedOut: () => void;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

function isSignoutReturn(): boolean {
  return window.location.pathname === AUTH_PATHS.logout && new URLSearchParams(window.location.search).has('state');
}

export function AppProviders({ config, userManager, queryClient, onSignedIn, onSignedOut, env = 'default', children }: AppProvidersProps) {
  const getCredentials = useCallback(async (): Promise<Credentials> => {
    const user = await userManager.getUser();
    return { idToken: user?.id_token, roleOverride: user ? readRoleOverride(user.profile.sub) : null };
  }, [userManager]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position="top-right" limit={5} />
      <AppConfigProvider config={config}>
        <AuthProvider
          userManager={userManager}
          // Only /callback carries a code for us; other pages may have their own query parameters.
          skipSigninCallback={window.location.pathname !== AUTH_PATHS.callback}
          onSigninCallback={(user) => onSignedIn(returnToOf(user?.state))}
          matchSignoutCallback={isSignoutReturn}
          onSignoutCallback={onSignedOut}
        >
          <ApiClientProvider getCredentials={getCredentials}>
            <QueryClientProvider client={queryClient}>
              <ModalsProvider>{children}</ModalsProvider>
            </QueryClientProvider>
          </ApiClientProvider>
        </AuthProvider>
      </AppConfigProvider>
    </MantineProvider>
  );
}
