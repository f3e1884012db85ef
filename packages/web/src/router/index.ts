/**
 * The app's router: a route table, browser history with the leave guard's blocker, and the hooks the pages use. It
 * covers what this app needs in a few KiB where a general router library took 26 KiB of the first load
 * (docs/decisions.md, "Own router").
 */
export { createBrowserRouter, createMemoryRouter, type Blocker, type NavigateOptions, type Router, type To } from './createRouter.ts';
export type { Location } from './history.ts';
export { matchPath, type RouteObject } from './matchRoutes.ts';
export { Link, Navigate, type LinkProps } from './Link.tsx';
export { useBlocker, useHistoryIndex, useLocation, useMatches, useNavigate, useParams, useRouteError, useSearchParams, type NavigateFunction } from './hooks.ts';
export { Outlet, RouterProvider } from './RouterProvider.tsx';
