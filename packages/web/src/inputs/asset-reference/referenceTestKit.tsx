import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from '../../router/index.ts';
import type { AssetListItem, UserResponse } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { AppConfigProvider } from '../../config/AppConfigProvider.tsx';
import { ROUTES, assetEditorPath } from '../../router/routes.ts';
import { buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildConfig, buildUser } from '../../test/fixtures.ts';

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

/**
 * What a reference field needs around it in the editor: the app config, the API client, a query client and the
 * editor's route (its locale is the editor's locale). For `renderField`'s `wrapper`.
 */
export function editorWrapper(options: { locale?: string } = {}) {
  const config = buildConfig();
  const queryClient = createQueryClient({ retry: false });
  return (children: ReactNode) => {
    const router = createMemoryRouter([{ path: ROUTES.AssetEditor.path, element: children }], {
      initialEntries: [assetEditorPath({ id: 'host', locale: options.locale ?? 'en' })],
    });
    return (
      <AppConfigProvider config={config}>
        <ApiClientProvider getCredentials={credentials}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientProvider>
      </AppConfigProvider>
    );
  };
}

/** The ids an `id in ("a", "b")` lookup asks for. */
export function idsAskedFor(request: RecordedRequest): string[] | undefined {
  const q = request.query.get('q') ?? '';
  if (!q.startsWith('id in (')) return undefined;
  return [...q.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
}

/**
 * A server holding these asset versions: the list call answers a lookup by ids with every version of those assets,
 * and a search with the versions of the asked stencils whose title contains the text.
 */
export function installCatalogue(catalogue: readonly AssetListItem[], extra: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)> = {}, user: UserResponse = buildUser()) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: user },
    'GET /api/v1/assets': (request) => {
      const ids = idsAskedFor(request);
      if (ids) return { status: 200, body: buildListResponse({ items: catalogue.filter((item) => ids.includes(item.id)) }) };
      const stencils = request.query.get('stencil')?.split(',');
      const text = request.query.get('q')?.toLowerCase() ?? '';
      const items = catalogue.filter((item) => (!stencils || stencils.includes(item.stencil)) && item.title.toLowerCase().includes(text));
      return { status: 200, body: buildListResponse({ items }) };
    },
    ...extra,
  });
  const lookups = () => api.requests.filter((request) => request.path === '/api/v1/assets' && idsAskedFor(request) !== undefined);
  const searches = () => api.requests.filter((request) => request.path === '/api/v1/assets' && idsAskedFor(request) === undefined);
  return { ...api, lookups, searches };
}
