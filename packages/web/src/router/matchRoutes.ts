import type { ReactNode } from 'react';

/** One entry of a route table: a path (absolute, or relative to its parent's), or `index` for its parent's own path. */
export interface RouteObject {
  /** Names the route for `useMatches` (the header's tabs follow it). */
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Shown instead of the route (and its children) when rendering them throws; `useRouteError` gives the error. */
  errorElement?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string>;

export interface RouteMatch {
  route: RouteObject;
  /** The part of the path this route matched. */
  pathname: string;
  params: Params;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function joinPaths(parent: string, child: string): string {
  return child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches `pattern` (`/assets/:id/edit`, a trailing `*` for the rest) against the start of `pathname`, or all of it
 * with `end`. Static segments compare case-insensitively; a `:name` takes one non-empty segment, decoded. A trailing
 * slash is ignored.
 */
export function matchPathPrefix(pattern: string, pathname: string, end: boolean): { pathname: string; params: Params } | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Params = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = actual.slice(index).map(decodeSegment).join('/');
      return { pathname: `/${actual.join('/')}`, params };
    }
    const candidate = actual[index];
    if (candidate === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(candidate);
    else if (segment.toLowerCase() !== candidate.toLowerCase()) return null;
  }
  if (end && actual.length !== wanted.length) return null;
  return { pathname: `/${actual.slice(0, wanted.length).join('/')}`, params };
}

/** The whole `pathname` against one pattern, as the router matches a route without children. */
export function matchPath(pattern: string, pathname: string): { pathname: string; params: Params } | null {
  return matchPathPrefix(pattern, pathname, true);
}

/**
 * The branch of the route table that shows `pathname`, outermost first: in each list the first route that matches
 * wins (a table lists its catch-all `*` last). A route with children matches when one of them does; an index route
 * matches its parent's own path.
 */
export function matchRoutes(routes: RouteObject[], pathname: string, parentPath = '/'): RouteMatch[] | null {
  for (const route of routes) {
    const path = route.index ? parentPath : joinPaths(parentPath, route.path ?? '');
    if (route.children) {
      const own = matchPathPrefix(path, pathname, false);
      if (!own) continue;
      const inner = matchRoutes(route.children, pathname, path);
      if (inner) return [{ route, ...own }, ...inner.map((match) => ({ ...match, params: { ...own.params, ...match.params } }))];
      continue;
    }
    const whole = matchPathPrefix(path, pathname, true);
    if (whole) return [{ route, ...whole }];
  }
  return null;
}
