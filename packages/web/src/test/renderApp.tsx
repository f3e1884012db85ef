import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../router/index.ts';
import type { AppConfig } from '@editor/domain';
import { createQueryClient } from '../api/createQueryClient.ts';
import { appRoutes } from '../app/appRoutes.tsx';
import { AppProviders } from '../app/AppProviders.tsx';
import { createSignInClient, type SignedInUser } from '../app/auth/signInClient.ts';
import { AUTH_PATHS } from '../router/routes.ts';
import { buildConfig, TEST_ORIGIN } from './fixtures.ts';

export const TEST_ID_TOKEN = 'test-id-token';

function signedInUser(config: AppConfig, subject: string): SignedInUser {
  const now = Math.floor(Date.now() / 1000);
  return {
    idToken: TEST_ID_TOKEN,
    accessToken: 'test-access-token',
    refreshToken: 'test-refresh-token',
    profile: { sub: subject, iss: config.oidc.authority, aud: config.oidc.clientId, exp: now + 3600, iat: now },
    expiresAt: now + 3600,
  };
}

/**
 * Renders the whole app at a path, with the real providers and route table. `signedInAs` puts a signed-in
 * user (by subject) where the sign-in client keeps it; the server is whatever `installFakeApi` answers (the
 * provider's discovery document included, for a test that signs in).
 * `routes` replaces the route table, to host a piece no route shows yet (a picker).
 */
export async function renderApp(options: {
  path: string;
  signedInAs?: string | null;
  config?: Partial<AppConfig>;
  routes?: RouteObject[];
  /** Where the sign-in client would send the browser (the provider's login or logout). */
  onRedirect?: (url: string) => void;
  /** Where the quiet sign-in's hidden frame lands for a provider URL; by default nowhere, as with no provider session. */
  onHiddenFrame?: (url: string) => Promise<string | undefined>;
}) {
  const config = buildConfig(options.config);
  // The sign-in client never leaves the page here.
  const signInClient = createSignInClient(config, {
    origin: TEST_ORIGIN,
    redirect: options.onRedirect ?? (() => {}),
    loadInHiddenFrame: options.onHiddenFrame ?? (async () => undefined),
  });
  if (options.signedInAs) signInClient.storeUser(signedInUser(config, options.signedInAs));
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [options.path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      config={config}
      signInClient={signInClient}
      queryClient={queryClient}
      env="test"
      onSignedIn={(returnTo) => void router.navigate(returnTo, { replace: true })}
      onSignedOut={() => void router.navigate(AUTH_PATHS.logout, { replace: true })}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, signInClient, queryClient };
}
