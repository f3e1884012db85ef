import { createContext, use, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { LiveAssetEvent, LivePresence } from '@editor/domain';
import type { Credentials } from '../client.ts';
import { createLiveConnection, type LiveConnection, type LiveState } from './liveConnection.ts';

const LiveContext = createContext<LiveConnection | null>(null);
const IDLE: LiveState = { status: 'idle', presence: [] };

/** The tab's live connection; it opens when the first part of the app uses it and closes after the last. */
export function LiveProvider({ getCredentials, children }: { getCredentials: () => Promise<Credentials>; children: ReactNode }) {
  const connection = useMemo(() => createLiveConnection({ getCredentials }), [getCredentials]);
  return <LiveContext value={connection}>{children}</LiveContext>;
}

export function useLiveConnection(): LiveConnection | null {
  return use(LiveContext);
}

/** Keeps the stream open while the caller is mounted; answers its status and who is present. */
export function useLive(): LiveState {
  const connection = useLiveConnection();
  useEffect(() => connection?.use(), [connection]);
  return useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.getState ?? idleState);
}

const noSubscription = () => () => undefined;
const idleState = () => IDLE;

/** The other people who have the asset open (in `locale`, when given), one entry per person and tab. */
export function usePresenceOn(assetId: string, locale?: string): readonly LivePresence[] {
  const { presence } = useLive();
  return useMemo(() => presence.filter((entry) => entry.assetId === assetId && (locale === undefined || entry.locale === locale)), [presence, assetId, locale]);
}

/** Calls `listener` with every write the stream carries, and `onReset` when events were missed. */
export function useLiveAssetEvents(listener: (event: LiveAssetEvent) => void, onReset?: () => void): void {
  const connection = useLiveConnection();
  const latest = useRef({ listener, onReset });
  useEffect(() => {
    latest.current = { listener, onReset };
  });
  useEffect(() => {
    if (!connection) return undefined;
    const stopUsing = connection.use();
    const offAsset = connection.onAsset((event) => latest.current.listener(event));
    const offReset = connection.onReset(() => latest.current.onReset?.());
    return () => {
      offAsset();
      offReset();
      stopUsing();
    };
  }, [connection]);
}
