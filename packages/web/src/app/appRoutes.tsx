import type { RouteObject } from '../router/index.ts';
import { CallbackPage } from './auth/CallbackPage.tsx';
import { LoginPage } from './auth/LoginPage.tsx';
import { LogoutPage } from './auth/LogoutPage.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { lazyPage } from './lazyPage.ts';
import { ADMIN_ROUTES, AUTH_PATHS, HELP, ROUTES } from '../router/routes.ts';
import { DashboardRoute } from './shell/DashboardRoute.tsx';
import { HomeRedirect } from './shell/HomeRedirect.tsx';
import { MainLayout } from './shell/MainLayout.tsx';
import { RedirectWithQuery } from './shell/RedirectWithQuery.tsx';
import { RouteErrorView } from './shell/RouteErrorView.tsx';

const DashboardPage = lazyPage(() => import('../pages/DashboardPage.tsx'), 'DashboardPage');
const AllContentPage = lazyPage(() => import('../pages/AllContentPage.tsx'), 'AllContentPage');
const FavoritesPage = lazyPage(() => import('../pages/FavoritesPage.tsx'), 'FavoritesPage');
const MyContentPage = lazyPage(() => import('../pages/MyContentPage.tsx'), 'MyContentPage');
const ImageUploadsPage = lazyPage(() => import('../pages/ImageUploadsPage.tsx'), 'ImageUploadsPage');
const MediaArchivePage = lazyPage(() => import('../pages/MediaArchivePage.tsx'), 'MediaArchivePage');
const PublicationOverviewPage = lazyPage(() => import('../pages/PublicationOverviewPage.tsx'), 'PublicationOverviewPage');
const AssetEditorPage = lazyPage(() => import('../pages/AssetEditorPage.tsx'), 'AssetEditorPage');
const HelpPage = lazyPage(() => import('../pages/HelpPage.tsx'), 'HelpPage');
const EaqlHelp = lazyPage(() => import('../features/help/EaqlHelp.tsx'), 'EaqlHelp');
const MiscHelp = lazyPage(() => import('../features/help/MiscHelp.tsx'), 'MiscHelp');
const DeliveryKeysPage = lazyPage(() => import('../pages/DeliveryKeysPage.tsx'), 'DeliveryKeysPage');
const WebhooksPage = lazyPage(() => import('../pages/WebhooksPage.tsx'), 'WebhooksPage');
const TrashPage = lazyPage(() => import('../pages/TrashPage.tsx'), 'TrashPage');
const DataImportsPage = lazyPage(() => import('../pages/DataImportsPage.tsx'), 'DataImportsPage');

/**
 * The route table of spec 000 §2. A named route's id is its name, which the header's tabs follow.
 * Everything but /login, /callback and /logout needs sign-in.
 */
export const appRoutes: RouteObject[] = [
  { path: AUTH_PATHS.login, element: <LoginPage /> },
  { path: AUTH_PATHS.callback, element: <CallbackPage /> },
  { path: AUTH_PATHS.logout, element: <LogoutPage /> },
  {
    id: 'Main',
    path: '/',
    element: (
      <RequireAuth>
        <MainLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorView />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        id: 'Dashboard',
        path: ROUTES.Dashboard.path,
        element: (
          <DashboardRoute>
            <DashboardPage />
          </DashboardRoute>
        ),
      },
      { id: 'AllContent', path: ROUTES.AllContent.path, element: <AllContentPage /> },
      { id: 'Favorites', path: ROUTES.Favorites.path, element: <FavoritesPage /> },
      { id: 'MyContent', path: ROUTES.MyContent.path, element: <MyContentPage /> },
      { id: 'ImageUploads', path: ROUTES.ImageUploads.path, element: <ImageUploadsPage /> },
      { id: 'MediaArchive', path: ROUTES.MediaArchive.path, element: <MediaArchivePage /> },
      { id: 'PublicationOverview', path: ROUTES.PublicationOverview.path, element: <PublicationOverviewPage /> },
      { id: 'AssetEditor', path: ROUTES.AssetEditor.path, element: <AssetEditorPage /> },
      {
        path: HELP.path,
        element: <HelpPage />,
        children: [
          { index: true, element: <RedirectWithQuery to={HELP.tabs.eaql.path} /> },
          // The help texts themselves are not part of the app shell.
          { path: HELP.tabs.eaql.path, element: <EaqlHelp /> },
          { path: HELP.tabs.misc.path, element: <MiscHelp /> },
        ],
      },
      { path: ADMIN_ROUTES.DeliveryKeys.path, element: <DeliveryKeysPage /> },
      { path: ADMIN_ROUTES.Webhooks.path, element: <WebhooksPage /> },
      { path: ADMIN_ROUTES.Trash.path, element: <TrashPage /> },
      { path: ADMIN_ROUTES.DataImports.path, element: <DataImportsPage /> },
      { path: '*', element: <RedirectWithQuery to="/" /> },
    ],
  },
];
