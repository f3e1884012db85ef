import { Component, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import type { Router } from './createRouter.ts';
import type { Location } from './history.ts';
import type { RouteMatch } from './matchRoutes.ts';
import { RouteContext, RouteErrorContext, RouterContext, RouterStateContext } from './routerContext.ts';

interface RouteErrorBoundaryProps {
  locationKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows the route's `errorElement` when rendering it throws, until the next navigation. */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; locationKey: string }> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { error: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

/** Nests the matched routes' elements from the inside out: each one's `Outlet` shows the next. */
function renderMatches(matches: RouteMatch[], location: Location): ReactNode {
  let outlet: ReactNode = null;
  for (let depth = matches.length - 1; depth >= 0; depth -= 1) {
    const { route } = matches[depth] as RouteMatch;
    const context = { matches: matches.slice(0, depth + 1), outlet };
    const element = <RouteContext.Provider value={context}>{route.element === undefined ? outlet : route.element}</RouteContext.Provider>;
    outlet = route.errorElement ? (
      <RouteErrorBoundary locationKey={location.key} fallback={<RouteContext.Provider value={context}>{route.errorElement}</RouteContext.Provider>}>
        {element}
      </RouteErrorBoundary>
    ) : (
      element
    );
  }
  return outlet;
}

/**
 * Renders the route that matches the router's location. A navigation renders as a transition, so the page on
 * screen stays until the next one (a lazily loaded page included) is ready.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  // A layout effect subscribes before any child's passive effect (a `Navigate`) can navigate.
  useLayoutEffect(() => router.subscribe((next) => startTransition(() => setState(next))), [router]);
  return (
    <RouterContext.Provider value={router}>
      <RouterStateContext.Provider value={state}>{renderMatches(state.matches, state.location)}</RouterStateContext.Provider>
    </RouterContext.Provider>
  );
}

/** Where a parent route shows its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}
