import { createContext, useContext, type ReactNode } from 'react';
import type { Router, RouterState } from './createRouter.ts';
import type { RouteMatch } from './matchRoutes.ts';

export const RouterContext = createContext<Router | null>(null);
/** The router's state as this render shows it (updates arrive as transitions). */
export const RouterStateContext = createContext<RouterState | null>(null);
/** The matches down to the route being rendered, and what its `Outlet` shows. */
export const RouteContext = createContext<{ matches: RouteMatch[]; outlet: ReactNode }>({ matches: [], outlet: null });
/** What a route's `errorElement` is showing. */
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component needs a RouterProvider above it.');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('This component needs a RouterProvider above it.');
  return state;
}
