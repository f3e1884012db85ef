import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { AppConfig } from '@editor/domain';
import { createQueryClient } from '../api/createQueryClient.ts';
import { appRoutes } from './appRoutes.tsx';
import { AppProviders } from './AppProviders.tsx';
import { createUserManager } from './auth/createUserManager.ts';
import { AUTH_PATHS } from './routes.ts';

export function App({ config }: { config: AppConfig }) {
  const [userManager] = useState(() => createUserManager(config));
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders
      config={config}
      userManager={userManager}
      queryClient={queryClient}
      onSignedIn={(returnTo) => void router.navigate(returnTo, { replace: true })}
      onSignedOut={() => void router.navigate(AUTH_PATHS.logout, { replace: true })}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}
