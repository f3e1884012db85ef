import { Suspense, type ReactNode } from 'react';
import type { AppConfig, UserResponse } from '@editor/domain';
import { RequireAuth } from '../app/auth/RequireAuth.tsx';
import { installFakeApi, type FakeResponse, type RecordedRequest } from './fakeApi.ts';
import { buildUser } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/**
 * Renders one details panel signed in, with the app's providers and a fake server: the user call answers `user`,
 * everything else what `api` says. The panel sits at `/`, and the editor route exists so links can be followed.
 */
export async function renderDetailsPanel(
  panel: ReactNode,
  options: { user?: UserResponse; config?: Partial<AppConfig>; api?: Record<string, Handler> } = {},
) {
  const api = installFakeApi({ 'GET /api/v1/user': { status: 200, body: options.user ?? buildUser() }, ...options.api });
  const view = await renderApp({
    path: '/',
    signedInAs: 'editor',
    config: options.config,
    routes: [
      {
        path: '/',
        element: (
          <RequireAuth>
            <Suspense fallback={null}>{panel}</Suspense>
          </RequireAuth>
        ),
      },
      { path: '/assets/:id/localizations/:locale/edit', element: <p>Editor page</p> },
    ],
  });
  return { ...view, api };
}
