import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from '../router/index.ts';
import type { AppConfig } from '@editor/domain';
import { createQueryClient } from '../api/createQueryClient.ts';
import { appRoutes } from './appRoutes.tsx';
import { AppProviders } from './AppProviders.tsx';
import { createSignInClient } from './auth/signInClient.ts';
import { AUTH_PATHS } from '../router/routes.ts';

export function App({ config }: { config: AppConfig }) {
  const [signInClient] = useState(() => createSignInClient(config));
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders
      config={config}
      signInClient={signInClient}
      queryClient={queryClient}
      onSignedIn={(returnTo) => void router.navigate(returnTo, { replace: true })}
      onSignedOut={() => void router.navigate(AUTH_PATHS.logout, { replace: true })}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}
