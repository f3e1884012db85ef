import {
  LIVE_PATH,
  LIVE_PRESENCE_PATH,
  PRESENCE_HEARTBEAT_MS,
  ROLE_OVERRIDE_HEADER,
  createSseParser,
  type LiveAssetEvent,
  type LiveHello,
  type LivePresence,
  type SseEvent,
} from '@editor/domain';
import type { Credentials } from '../client.ts';

/**
 * The tab's one live stream (docs/editor.md#presence-and-live-updates): who else has which version open, and every write to a version the user may
 * read. It is read with fetch, which sends the bearer token as every call does (EventSource cannot), and resumes
 * after the last event it saw. Without it (a proxy that buffers, a browser without streaming fetch) it polls, and
 * says that live updates are off; the editor works as it does without them.
 */

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'off';

export interface LiveState {
  status: LiveStatus;
  /** Everyone present in what the user may read, this tab left out. */
  presence: readonly LivePresence[];
}

export interface PresenceAt {
  assetId: string;
  locale: string;
  field: string | null;
}

export interface LiveConnectionOptions {
  getCredentials: () => Promise<Credentials>;
  baseUrl?: string;
  /** This tab's id (random by default). */
  tab?: string;
}

/** A stream that says nothing for this long after it opened is held back by something between: the tab polls. */
const HELLO_TIMEOUT_MS = 10_000;
const POLL_MS = 15_000;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

const randomTab = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function createLiveConnection(options: LiveConnectionOptions) {
  const tab = options.tab ?? randomTab();
  const ownKeySuffix = `:${tab}`;
  let state: LiveState = { status: 'idle', presence: [] };
  const listeners = new Set<() => void>();
  const assetListeners = new Set<(event: LiveAssetEvent) => void>();
  const resetListeners = new Set<() => void>();
  let users = 0;
  let abort: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: number | undefined;
  let failures = 0;
  let isPolling = false;
  let presenceAt: PresenceAt | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  function setState(next: Partial<LiveState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function setPresenceList(update: (list: readonly LivePresence[]) => readonly LivePresence[]): void {
    setState({ presence: update(state.presence) });
  }

  async function headersOf(extra: Record<string, string>): Promise<Headers> {
    const { idToken, roleOverride } = await options.getCredentials();
    const headers = new Headers(extra);
    if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
    if (roleOverride) headers.set(ROLE_OVERRIDE_HEADER, JSON.stringify(roleOverride));
    return headers;
  }

  const urlOf = (path: string) => new URL(path, options.baseUrl ?? window.location.origin);

  function handle(event: SseEvent): void {
    if (event.id !== undefined) lastEventId = Math.max(lastEventId ?? 0, event.id);
    if (event.name === 'hello') {
      const hello = event.data as LiveHello;
      if (lastEventId === undefined) lastEventId = hello.lastEventId;
      setState({ presence: hello.presence.filter((entry) => !entry.key.endsWith(ownKeySuffix)) });
      if (hello.reset) for (const listener of resetListeners) listener();
    } else if (event.name === 'presence') {
      const entry = event.data as LivePresence;
      if (entry.key.endsWith(ownKeySuffix)) return;
      setPresenceList((list) => [...list.filter((other) => other.key !== entry.key), entry]);
    } else if (event.name === 'presence-gone') {
      const { key } = event.data as { key: string };
      setPresenceList((list) => list.filter((other) => other.key !== key));
    } else if (event.name === 'asset') {
      for (const listener of assetListeners) listener(event.data as LiveAssetEvent);
    }
  }

  function schedule(ms: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void (isPolling ? poll() : connect());
    }, ms);
  }

  function retryLater(): void {
    failures += 1;
    setState({ status: 'off' });
    schedule(RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)] ?? POLL_MS);
  }

  async function connect(): Promise<void> {
    if (users === 0) return;
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    if (state.status !== 'live') setState({ status: 'connecting' });
    let hasHello = false;
    const helloTimer = setTimeout(() => {
      if (hasHello) return;
      // Something holds the stream back: poll instead, and say that updates are not live.
      controller.abort();
      isPolling = true;
      setState({ status: 'off' });
      schedule(0);
    }, HELLO_TIMEOUT_MS);
    try {
      const headers = await headersOf({ Accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }) });
      const response = await fetch(urlOf(LIVE_PATH), { headers, signal: controller.signal, cache: 'no-store' });
      if (!response.ok || !response.body) throw new Error(`live stream: ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parse = createSseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parse(value)) {
          if (event.name === 'hello' && !hasHello) {
            hasHello = true;
            failures = 0;
            const wasLive = state.status === 'live';
            setState({ status: 'live' });
            if (!wasLive && presenceAt) void sendPresence(presenceAt);
          }
          handle(event);
        }
      }
      // The server ends a stream after a while (a fresh token for the next) or when it shuts down: open the next.
      if (!controller.signal.aborted) schedule(hasHello ? 0 : RETRY_MS[0]!);
    } catch {
      if (!controller.signal.aborted) retryLater();
    } finally {
      clearTimeout(helloTimer);
    }
  }

  async function poll(): Promise<void> {
    if (users === 0) return;
    try {
      const headers = await headersOf({ Accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }) });
      const response = await fetch(urlOf(`${LIVE_PATH}?mode=poll`), { headers, cache: 'no-store' });
      if (!response.ok) throw new Error(`live poll: ${response.status}`);
      for (const event of createSseParser()(await response.text())) handle(event);
    } catch {
      // The next poll tries again; the banner already says that updates are not live.
    }
    schedule(POLL_MS);
  }

  async function sendPresence(at: PresenceAt): Promise<void> {
    try {
      const headers = await headersOf({ 'Content-Type': 'application/json' });
      await fetch(urlOf(LIVE_PRESENCE_PATH), { method: 'PUT', headers, body: JSON.stringify({ tab, ...at }) });
    } catch {
      // Presence is best effort: the next heartbeat says it again.
    }
  }

  async function sendLeave(): Promise<void> {
    try {
      // keepalive: the call still goes out while the tab closes.
      await fetch(urlOf(`${LIVE_PRESENCE_PATH}/${tab}`), { method: 'DELETE', headers: await headersOf({}), keepalive: true });
    } catch {
      // Without it the server drops the tab after its last heartbeat lapses.
    }
  }

  const onPageHide = () => {
    if (presenceAt) void sendLeave();
  };

  function start(): void {
    failures = 0;
    isPolling = false;
    window.addEventListener('pagehide', onPageHide);
    void connect();
  }

  function stop(): void {
    abort?.abort();
    abort = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
    window.removeEventListener('pagehide', onPageHide);
    setState({ status: 'idle', presence: [] });
  }

  return {
    tab,
    getState: () => state,
    /** For useSyncExternalStore. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Keeps the stream open while at least one part of the app uses it. */
    use(): () => void {
      users += 1;
      if (users === 1) start();
      return () => {
        users -= 1;
        if (users === 0) stop();
      };
    },
    onAsset(listener: (event: LiveAssetEvent) => void): () => void {
      assetListeners.add(listener);
      return () => assetListeners.delete(listener);
    },
    /** Events were missed that the server no longer holds: what is on screen is reloaded. */
    onReset(listener: () => void): () => void {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    /**
     * Where this tab is: a version and a field in it, said now and every heartbeat while the stream is live; null when
     * it left. A tab without the stream does not say where it is: it would show others a person who sees nobody.
     */
    setPresence(at: PresenceAt | null): void {
      const previous = presenceAt;
      presenceAt = at;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      if (at) {
        if (state.status === 'live') void sendPresence(at);
        heartbeat = setInterval(() => presenceAt && state.status === 'live' && void sendPresence(presenceAt), PRESENCE_HEARTBEAT_MS);
      } else if (previous && state.status === 'live') void sendLeave();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
