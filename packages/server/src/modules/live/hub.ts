import type { Kysely } from 'kysely';
import { PRESENCE_TTL_MS, canReadAsset, sseFrame, type LiveAssetEvent, type LiveEventName, type LivePresence, type LiveVersionChange, type Rights } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { MAX_NOTIFICATION_BYTES, type NotificationBus } from '../../db/dialects/notificationBus.ts';
import * as repo from './repository.ts';

/**
 * Presence and live updates (docs/editor.md#presence-and-live-updates). Every instance holds who is where (presence, renewed by each tab's
 * heartbeat, dropped after `PRESENCE_TTL_MS` without one) and hears every write through the notification bus; it
 * passes each to the streams open on it whose user may read the asset (`canReadAsset`, the rule of every call).
 * Writes are stored (`live_event`) so that a stream resumes after the last event its tab saw, on any instance.
 */

/** One open stream: the reader's rights and how to send it an event. */
export interface LiveConnection {
  rights: Pick<Rights, 'spaces'>;
  /** `frame` is the event as the stream writes it, made once for all readers of a fan-out. */
  send(event: { name: LiveEventName; data: unknown; id?: number; frame?: string }): void;
  /** Ends the stream (the server is shutting down). */
  end(): void;
}

interface PresenceEntry {
  presence: LivePresence;
  spaces: readonly string[];
  expiresAt: number;
}

type BusMessage =
  | { type: 'presence'; presence: LivePresence; spaces: string[] }
  | { type: 'presence-gone'; key: string }
  | { type: 'asset'; event: LiveAssetEvent }
  /** An event too large for a notification: the listeners read it from the store. */
  | { type: 'asset-stored'; id: number };

export interface LiveHubOptions {
  db: Kysely<DB>;
  bus: NotificationBus;
  now?: () => number;
  /** How long written events are kept for streams that resume. */
  retentionMs?: number;
  onError?: (error: unknown) => void;
}

const SWEEP_MS = 2000;
/** A presence heartbeat reads the asset's spaces at most this often; a write to the asset (heard from any instance) reads them again. */
const SPACES_CACHE_MS = 5000;
const PRUNE_MS = 60_000;
const DEFAULT_RETENTION_MS = 10 * 60_000;
/** A resumed stream replays at most this many events; more were missed and the tab reloads what it shows. */
const MAX_REPLAY = 1000;
const REMEMBERED_IDS = 4096;
/** How far before the newest id passed on a catch-up looks again, for events whose transactions committed late. */
const CATCH_UP_MARGIN = 100;

function eventOf(stored: repo.StoredEvent): LiveAssetEvent {
  return { ...(JSON.parse(stored.data) as Omit<LiveAssetEvent, 'id'>), id: stored.id };
}

const mayRead = (connection: LiveConnection, spaces: readonly string[]) => canReadAsset(connection.rights, { spaces });

export function createLiveHub(options: LiveHubOptions) {
  const now = options.now ?? Date.now;
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const report = (error: unknown) => options.onError?.(error);
  const connections = new Set<LiveConnection>();
  const presence = new Map<string, PresenceEntry>();
  /** The newest event this instance passed on; a bus that lost its connection catches up from a little before it. */
  let lastDispatched = 0;
  /** The ids passed on lately: two transactions may commit (and notify) in the other order than their ids. */
  const dispatched = new Set<number>();
  let timers: NodeJS.Timeout[] = [];
  /** The spaces of assets someone has open, for their heartbeats; bounded by the presence entries it serves. */
  const spacesOf = new Map<string, { spaces: string[] | undefined; at: number }>();

  async function spacesFor(assetId: string): Promise<string[] | undefined> {
    const kept = spacesOf.get(assetId);
    if (kept && now() - kept.at < SPACES_CACHE_MS) return kept.spaces;
    const spaces = await repo.findSpaces(options.db, assetId);
    spacesOf.set(assetId, { spaces, at: now() });
    return spaces;
  }

  function toReaders(spaces: readonly string[], event: { name: LiveEventName; data: unknown; id?: number }): void {
    const framed = { ...event, frame: sseFrame(event) };
    for (const connection of connections) if (mayRead(connection, spaces)) connection.send(framed);
  }

  function dispatchAsset(event: LiveAssetEvent): void {
    if (dispatched.has(event.id)) return;
    dispatched.add(event.id);
    if (dispatched.size > REMEMBERED_IDS) dispatched.delete(dispatched.values().next().value as number);
    lastDispatched = Math.max(lastDispatched, event.id);
    spacesOf.delete(event.assetId);
    toReaders(event.spaces, { name: 'asset', data: event, id: event.id });
  }

  async function catchUp(): Promise<void> {
    let afterId = Math.max(0, lastDispatched - CATCH_UP_MARGIN);
    for (;;) {
      const events = await repo.eventsAfter(options.db, { afterId, limit: MAX_REPLAY });
      for (const stored of events) dispatchAsset(eventOf(stored));
      if (events.length < MAX_REPLAY) return;
      afterId = events.at(-1)!.id;
    }
  }

  function setPresence(entry: PresenceEntry): void {
    const before = presence.get(entry.presence.key);
    presence.set(entry.presence.key, entry);
    const isSame = before && before.presence.field === entry.presence.field && before.presence.assetId === entry.presence.assetId && before.presence.locale === entry.presence.locale && before.spaces.join() === entry.spaces.join();
    if (isSame) return;
    // Someone who moved to a version another reader may not read leaves that reader's view.
    if (before) for (const connection of connections) if (mayRead(connection, before.spaces) && !mayRead(connection, entry.spaces)) connection.send({ name: 'presence-gone', data: { key: before.presence.key } });
    toReaders(entry.spaces, { name: 'presence', data: entry.presence });
  }

  function dropPresence(key: string): void {
    const entry = presence.get(key);
    if (!entry) return;
    presence.delete(key);
    toReaders(entry.spaces, { name: 'presence-gone', data: { key } });
  }

  function handle(message: string): void {
    const parsed = JSON.parse(message) as BusMessage;
    if (parsed.type === 'presence') setPresence({ presence: parsed.presence, spaces: parsed.spaces, expiresAt: now() + PRESENCE_TTL_MS });
    else if (parsed.type === 'presence-gone') dropPresence(parsed.key);
    else if (parsed.type === 'asset') dispatchAsset(parsed.event);
    else if (parsed.type === 'asset-stored') void repo.findEvent(options.db, parsed.id).then((stored) => stored && dispatchAsset(eventOf(stored))).catch(report);
  }

  function sweep(): void {
    const at = now();
    for (const [key, entry] of presence) if (entry.expiresAt <= at) dropPresence(key);
    for (const [assetId, kept] of spacesOf) if (at - kept.at >= SPACES_CACHE_MS) spacesOf.delete(assetId);
  }

  async function publish(message: BusMessage): Promise<void> {
    await options.bus.publish(JSON.stringify(message));
  }

  return {
    /** Listens on the bus and starts expiring presence and pruning old events. */
    async start(): Promise<void> {
      lastDispatched = (await repo.eventRange(options.db)).newest;
      await options.bus.subscribe({
        onMessage: (message) => {
          try {
            handle(message);
          } catch (error) {
            report(error);
          }
        },
        onResume: () => void catchUp().catch(report),
      });
      const sweeper = setInterval(sweep, SWEEP_MS);
      const pruner = setInterval(() => void repo.pruneEvents(options.db, new Date(now() - retentionMs).toISOString()).catch(report), PRUNE_MS);
      sweeper.unref();
      pruner.unref();
      timers = [sweeper, pruner];
    },

    /** Ends every open stream: a shutdown does not wait for them; their tabs reconnect to another instance. */
    endStreams(): void {
      for (const connection of connections) connection.end();
    },

    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await options.bus.close();
    },

    /**
     * Opens a stream: the hello (who is present in what the reader may read), then the events after `lastEventId`
     * if the tab resumes, then the live ones. Answers the function that closes it.
     */
    async open(connection: LiveConnection, lastEventId: number | undefined): Promise<() => void> {
      // Events that arrive while the stored ones are read wait, so the stream keeps its order.
      const waiting: Array<Parameters<LiveConnection['send']>[0]> = [];
      const buffering: LiveConnection = { rights: connection.rights, send: (event) => waiting.push(event), end: connection.end };
      connections.add(buffering);
      // The replayed events' ids: the bus may bring one of them again after the stream went live (it was stored
      // before the replay read it, and announced after).
      const replayed = new Set<number>();
      const isNew = (event: Parameters<LiveConnection['send']>[0]) => event.id === undefined || !replayed.has(event.id);
      try {
        const range = await repo.eventRange(options.db);
        const isResuming = lastEventId !== undefined;
        const reset = isResuming && (lastEventId > range.newest || (range.oldest > 0 && lastEventId < range.oldest - 1));
        const visible = [...presence.values()].filter((entry) => mayRead(connection, entry.spaces)).map((entry) => entry.presence);
        connection.send({ name: 'hello', data: { presence: visible, lastEventId: range.newest, reset } });
        if (isResuming && !reset) {
          const events = await repo.eventsAfter(options.db, { afterId: lastEventId, limit: MAX_REPLAY });
          if (events.length === MAX_REPLAY) connection.send({ name: 'hello', data: { presence: visible, lastEventId: range.newest, reset: true } });
          else
            for (const stored of events) {
              if (mayRead(connection, stored.spaces)) connection.send({ name: 'asset', data: eventOf(stored), id: stored.id });
              replayed.add(stored.id);
            }
        }
      } finally {
        connections.delete(buffering);
      }
      for (const event of waiting) if (isNew(event)) connection.send(event);
      const live: LiveConnection =
        replayed.size === 0
          ? connection
          : {
              rights: connection.rights,
              send: (event) => {
                if (isNew(event)) connection.send(event);
              },
              end: connection.end,
            };
      connections.add(live);
      return () => connections.delete(live);
    },

    /** A tab has a version open, in a field or between fields; refused (false) when the user may not read it. */
    async announce(input: { user: { id: string; name: string }; rights: Pick<Rights, 'spaces'>; tab: string; assetId: string; locale: string; field: string | null }): Promise<boolean> {
      const spaces = await spacesFor(input.assetId);
      if (!spaces || !canReadAsset(input.rights, { spaces })) return false;
      const key = `${input.user.id}:${input.tab}`;
      await publish({ type: 'presence', spaces, presence: { key, user: input.user, assetId: input.assetId, locale: input.locale, field: input.field } });
      return true;
    },

    /** A tab closed its editor. */
    async leave(input: { userId: string; tab: string }): Promise<void> {
      await publish({ type: 'presence-gone', key: `${input.userId}:${input.tab}` });
    },

    /** An answered write to an asset: stores what it left the asset (or the named localization) as and tells every instance. */
    async noteWrite(input: { assetId: string; locale?: string | undefined; version?: number | undefined }): Promise<void> {
      const state = await repo.findAssetState(options.db, input);
      if (!state || state.localizations.length === 0) return;
      const changes: LiveVersionChange[] = state.localizations.map((row) => ({
        locale: row.locale,
        version: row.revision ?? row.version,
        status: row.status,
        action: row.action ?? 'save',
        by: { id: row.user_id ?? '', name: row.user_name ?? '' },
        at: row.at ?? new Date(now()).toISOString(),
        changedPaths: row.changed_paths ? (JSON.parse(row.changed_paths) as string[]) : [],
        publishStart: row.publish_start,
        publishEnd: row.publish_end,
      }));
      const body: Omit<LiveAssetEvent, 'id'> = { assetId: input.assetId, scope: input.locale === undefined ? 'asset' : 'version', spaces: state.spaces, changes };
      const data = JSON.stringify(body);
      const id = await repo.insertEvent(options.db, { at: new Date(now()).toISOString(), assetId: input.assetId, spaces: state.spaces, data });
      const message: BusMessage = { type: 'asset', event: { ...body, id } };
      const json = JSON.stringify(message);
      await options.bus.publish(Buffer.byteLength(json) <= MAX_NOTIFICATION_BYTES ? json : JSON.stringify({ type: 'asset-stored', id } satisfies BusMessage));
    },

    /** How many streams and present tabs this instance holds (metrics and tests). */
    counts: () => ({ connections: connections.size, presence: presence.size }),
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
