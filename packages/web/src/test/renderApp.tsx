import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { User } from 'oidc-client-ts';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AppConfig } from '@editor/domain';
import { createQueryClient } from '../api/createQueryClient.ts';
import { appRoutes } from '../app/appRoutes.tsx';
import { AppProviders } from '../app/AppProviders.tsx';
import { createUserManager } from '../app/auth/createUserManager.ts';
import { AUTH_PATHS } from '../app/routes.ts';
import { buildConfig, TEST_ORIGIN } from './fixtures.ts';

export const TEST_ID_TOKEN = 'test-id-token';

function signedInUser(config: AppConfig, subject: string): User {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    id_token: TEST_ID_TOKEN,
    access_token: 'test-access-token',
    refresh_token: 'test-refresh-token',
    token_type: 'Bearer',
    scope: config.oidc.scope,
    profile: { sub: subject, iss: config.oidc.authority, aud: config.oidc.clientId, exp: now + 3600, iat: now },
    expires_at: now + 3600,
  });
}

/**
 * Renders the whole app at a path, with the real providers and route table. `signedInAs` puts a signed-in
 * user (by subject) where the sign-in client keeps it; the server is whatever `installFakeApi` answers.
 * `routes` replaces the route table, to host a piece no route shows yet (a picker).
 */
export async function renderApp(options: { path: string; signedInAs?: string | null; config?: Partial<AppConfig>; routes?: RouteObject[] }) {
  const config = buildConfig(options.config);
  const userManager = createUserManager(config, TEST_ORIGIN);
  if (options.signedInAs) await userManager.storeUser(signedInUser(config, options.signedInAs));
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [options.path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      config={config}
      userManager={userManager}
      queryClient={queryClient}
      env="test"
      onSignedIn={(returnTo) => void router.navigate(returnTo, { replace: true })}
      onSignedOut={() => void router.navigate(AUTH_PATHS.logout, { replace: true })}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, userManager, queryClient };
}
