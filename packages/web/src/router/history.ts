/** Where the app is: the URL's path, query and fragment, plus the state the navigation to it carried. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export interface HistoryUpdate {
  action: HistoryAction;
  location: Location;
  /** The entry's position in this tab's history: a back or forward step moves it by the size of the step. */
  index: number;
}

/** The session history the router drives: the browser's, or one in memory for tests. */
export interface RouterHistory {
  readonly location: Location;
  readonly index: number;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** Called after a back or forward step (not after `push` or `replace`, which the router makes itself). */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Splits a path such as `/a/b?x=1#top` into its parts; a relative one (`?x=2`) is read against `from`. */
export function parsePath(path: string, from = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, new URL(from, 'http://path.invalid'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${location.pathname}${location.search}${location.hash}`;

/** What the router keeps in each browser history entry. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'idx' in value && typeof value.idx === 'number' && 'key' in value;
}

/** The browser's history: each entry remembers its index, so a back or forward step knows how far it went. */
export function createBrowserHistory(): RouterHistory {
  const read = (): { location: Location; index: number } => {
    const state: unknown = window.history.state;
    const entry = isEntryState(state) ? state : { usr: null, key: 'default', idx: 0 };
    const { pathname, search, hash } = window.location;
    return { location: { pathname, search, hash, state: entry.usr, key: entry.key }, index: entry.idx };
  };
  // The first entry gets its index now, so a step back to it later can be measured.
  if (!isEntryState(window.history.state)) {
    window.history.replaceState({ usr: null, key: 'default', idx: 0 } satisfies EntryState, '');
  }
  let current = read();

  const write = (method: 'pushState' | 'replaceState', path: string, usr: unknown) => {
    const idx = method === 'pushState' ? current.index + 1 : current.index;
    window.history[method]({ usr, key: newKey(), idx } satisfies EntryState, '', path);
    current = read();
  };

  return {
    get location() {
      return current.location;
    },
    get index() {
      return current.index;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const handlePop = () => {
        current = read();
        listener({ action: 'POP', ...current });
      };
      window.addEventListener('popstate', handlePop);
      return () => window.removeEventListener('popstate', handlePop);
    },
  };
}

/** A history in memory, for tests: it starts at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: string[] = ['/']): RouterHistory {
  const entries: Location[] = initialEntries.map((path) => ({ ...parsePath(path), state: null, key: newKey() }));
  let index = entries.length - 1;
  const listeners = new Set<(update: HistoryUpdate) => void>();
  const at = (position: number): Location => {
    const location = entries[position];
    if (!location) throw new Error(`No history entry at ${position}.`);
    return location;
  };
  return {
    get location() {
      return at(index);
    },
    get index() {
      return index;
    },
    push(path, state) {
      index += 1;
      entries.splice(index, entries.length, { ...parsePath(path), state, key: newKey() });
    },
    replace(path, state) {
      entries[index] = { ...parsePath(path), state, key: newKey() };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // Like the browser, a step is announced later, not inside the call.
      queueMicrotask(() => {
        for (const listener of listeners) listener({ action: 'POP', location: at(index), index });
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
