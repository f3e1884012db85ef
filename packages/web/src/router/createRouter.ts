import { createBrowserHistory, createMemoryHistory, parsePath, pathOf, type HistoryAction, type Location, type RouterHistory } from './history.ts';
import { matchRoutes, type RouteMatch, type RouteObject } from './matchRoutes.ts';

/** A target: a path (absolute, or relative to the current one, such as `?q=cats`), or parts replacing the current ones. */
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Travels with the entry: `useLocation().state` at the target. */
  state?: unknown;
}

/** Decides whether leaving `currentLocation` for `nextLocation` waits for the user (unsaved changes). */
export type BlockerFunction = (transition: { currentLocation: Location; nextLocation: Location; historyAction: HistoryAction }) => boolean;

/** A navigation held back by the blocker: proceed with it, or reset and stay. */
export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void }
  | { state: 'proceeding'; location: Location; proceed?: undefined; reset?: undefined };

export interface RouterState {
  location: Location;
  /** How the location was reached. */
  historyAction: HistoryAction;
  /** The entry's position in this tab's history: above 0, the app has a page to go back to. */
  historyIndex: number;
  /** The branch of the route table that shows the location, outermost first; empty when nothing matches. */
  matches: RouteMatch[];
  blocker: Blocker;
}

export interface Router {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Goes to `to`, or `delta` steps through the history (-1 is back). */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  /** Holds navigations for which `shouldBlock` says so; one blocker at a time. Returns the release. */
  block(shouldBlock: BlockerFunction): () => void;
}

const UNBLOCKED: Blocker = { state: 'unblocked' };

/** Where `to` leads from `from`. */
export function resolveTo(to: To, from: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to === 'string') return parsePath(to, pathOf(from));
  const search = to.search ?? '';
  const hash = to.hash ?? '';
  return {
    pathname: to.pathname ?? from.pathname,
    search: search === '' || search.startsWith('?') ? search : `?${search}`,
    hash: hash === '' || hash.startsWith('#') ? hash : `#${hash}`,
  };
}

/**
 * The app's router over a history: it matches each location against the route table, tells its subscribers, and
 * holds navigations the blocker refuses until the user decides. A back or forward step the blocker refuses is undone
 * at once (the browser has moved already) and redone when the user proceeds.
 */
export function createRouter(routes: RouteObject[], history: RouterHistory): Router {
  const stateAt = (historyAction: HistoryAction): RouterState => ({
    location: history.location,
    historyAction,
    historyIndex: history.index,
    matches: matchRoutes(routes, history.location.pathname) ?? [],
    blocker: UNBLOCKED,
  });
  let state = stateAt('POP');
  let shouldBlock: BlockerFunction | undefined;
  /** Set while a refused step is undone, or a held one redone: that step passes the blocker. */
  let passNextPop = false;
  const listeners = new Set<(state: RouterState) => void>();

  const update = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener(state);
  };
  const setBlocker = (blocker: Blocker) => update({ ...state, blocker });
  const isBlocked = (nextLocation: Location, historyAction: HistoryAction) =>
    shouldBlock !== undefined && shouldBlock({ currentLocation: state.location, nextLocation, historyAction });

  const commit = (path: string, options: NavigateOptions) => {
    if (options.replace) history.replace(path, options.state ?? null);
    else history.push(path, options.state ?? null);
    update(stateAt(options.replace ? 'REPLACE' : 'PUSH'));
  };

  history.listen(({ location, index: nextIndex }) => {
    // The history has moved to `location` already; the router follows unless the blocker holds the step.
    const delta = nextIndex - state.historyIndex;
    if (passNextPop) {
      passNextPop = false;
      // The undo of a refused step lands where the router already is.
      if (delta !== 0 || location.key !== state.location.key) update(stateAt('POP'));
      return;
    }
    if (delta !== 0 && isBlocked(location, 'POP')) {
      passNextPop = true;
      history.go(-delta);
      setBlocker({
        state: 'blocked',
        location,
        proceed: () => {
          setBlocker({ state: 'proceeding', location });
          passNextPop = true;
          history.go(delta);
        },
        reset: () => setBlocker(UNBLOCKED),
      });
      return;
    }
    update(stateAt('POP'));
  });

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = pathOf(resolveTo(to, state.location));
      const nextLocation: Location = { ...parsePath(path), state: options.state ?? null, key: 'pending' };
      if (!isBlocked(nextLocation, options.replace ? 'REPLACE' : 'PUSH')) {
        commit(path, options);
        return;
      }
      setBlocker({
        state: 'blocked',
        location: nextLocation,
        proceed: () => {
          setBlocker({ state: 'proceeding', location: nextLocation });
          commit(path, options);
        },
        reset: () => setBlocker(UNBLOCKED),
      });
    },
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = undefined;
        if (state.blocker.state !== 'unblocked') setBlocker(UNBLOCKED);
      };
    },
  };
}

/** The router of the running app, on the browser's history. */
export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, createBrowserHistory());

/** A router on a history in memory, for tests: it starts at the last of `initialEntries`. */
export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[] } = {}) =>
  createRouter(routes, createMemoryHistory(options.initialEntries));
