import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { Blocker, BlockerFunction, NavigateOptions, To } from './createRouter.ts';
import type { Location } from './history.ts';
import type { Params } from './matchRoutes.ts';
import { RouteContext, RouteErrorContext, useRouter, useRouterState } from './routerContext.ts';

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

/** Navigates from code; stable for the router's life. */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

export function useLocation(): Location {
  return useRouterState().location;
}

/** The current entry's position in this tab's history: above 0, the app has a page to go back to. */
export function useHistoryIndex(): number {
  return useRouterState().historyIndex;
}

/** The `:name` parameters of the route being rendered and of its parents. */
export function useParams(): Params {
  const { matches } = useContext(RouteContext);
  const all = useRouterState().matches;
  // Outside any route (a test's wrapper) the deepest match stands in.
  return (matches.at(-1) ?? all.at(-1))?.params ?? {};
}

/** Every matched route of the current location, outermost first. */
export function useMatches(): { id: string | undefined; pathname: string; params: Params }[] {
  const { matches } = useRouterState();
  return useMemo(() => matches.map(({ route, pathname, params }) => ({ id: route.id, pathname, params })), [matches]);
}

/** The error a route's `errorElement` shows. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/** The query of the current location, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      void router.navigate({ search: query ? `?${query}` : '' }, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Holds navigations away while `shouldBlock` says so, for the caller to ask the user (the leave modal). */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useRouter();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => router.block((transition) => latest.current(transition)), [router]);
  return useRouterState().blocker;
}
