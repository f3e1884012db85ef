import type { LiveAssetEvent } from './liveSchemas.ts';

/**
 * Presence and live updates (issue: two editors on one story). One stream per browser tab carries who has which
 * version open and every write to a version the user may read; the read rule is `canReadAsset`, as for every call.
 */

/** The stream: server-sent events over one authenticated GET (the app reads it with fetch, sending its bearer token). */
export const LIVE_PATH = '/api/v1/live';
/** Where a tab says which version and field it has open (PUT), or that it left (DELETE). */
export const LIVE_PRESENCE_PATH = '/api/v1/live/presence';

/** A tab that has not said it is still there for this long drops out (the issue: within 30 seconds). */
export const PRESENCE_TTL_MS = 25_000;
/** How often an open editor says it is still there: three missed turns before it drops out. */
export const PRESENCE_HEARTBEAT_MS = 8_000;

/** Whether a write changes what lists show beyond a version's content: its status, schedule or spaces. */
export function changesListing(event: Pick<LiveAssetEvent, 'scope' | 'changes'>): boolean {
  return event.scope === 'asset' || event.changes.some((change) => change.changedPaths.length === 0);
}

/** The events of the stream, by their SSE `event:` name. */
export const LIVE_EVENT_NAMES = ['hello', 'presence', 'presence-gone', 'asset'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
