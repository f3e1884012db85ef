import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { sql } from 'kysely';
import type { Database } from '../database.ts';

/**
 * Messages every instance of the server hears, its own included (live updates, docs/editor.md#presence-and-live-updates). PostgreSQL carries them
 * with LISTEN/NOTIFY on a connection of its own, so that instances behind one load balancer hear each other; SQLite
 * serves one instance, and the bus stays in the process.
 */
export interface NotificationBus {
  /** Sends a message (at most `MAX_NOTIFICATION_BYTES`) to every instance. */
  publish(message: string): Promise<void>;
  /**
   * `onMessage` hears every message; `onResume` is called when the listening connection came back after a loss.
   * Resolves once the bus listens, so that nothing published after that is missed.
   */
  subscribe(handlers: { onMessage: (message: string) => void; onResume?: () => void }): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; larger messages travel as a reference. */
export const MAX_NOTIFICATION_BYTES = 7000;

const RECONNECT_MS = 1000;

function inProcessBus(): NotificationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (message) => {
      // Heard on a later turn, as a notification would be: a publisher never runs its listeners inside its own call.
      setImmediate(() => emitter.emit('message', message));
    },
    subscribe: async ({ onMessage }) => {
      emitter.on('message', onMessage);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** The channel of this database and schema: test runs that share a database in their own schemas never hear each other. */
export function channelOf(schema: string | undefined): string {
  return `live_${schema ?? 'public'}`;
}

function postgresBus(database: Database & { url: string }): NotificationBus {
  const channel = channelOf(database.schema);
  const subscribers: Array<{ onMessage: (message: string) => void; onResume?: () => void }> = [];
  let client: Client | undefined;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  let hasConnectedOnce = false;
  let connecting: Promise<void> | undefined;

  async function connect(): Promise<void> {
    const next = new Client({ connectionString: database.url, keepAlive: true });
    next.on('notification', (notification) => {
      if (notification.channel !== channel || notification.payload === undefined) return;
      for (const subscriber of subscribers) subscriber.onMessage(notification.payload);
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (isClosed) {
      await next.end();
      return;
    }
    client = next;
    // Messages sent while no connection listened are lost: the subscribers catch up from what is stored.
    if (hasConnectedOnce) for (const subscriber of subscribers) subscriber.onResume?.();
    hasConnectedOnce = true;
  }

  function scheduleReconnect(): void {
    if (isClosed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleReconnect);
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    publish: async (message) => {
      await sql`SELECT pg_notify(${channel}, ${message})`.execute(database.db);
    },
    subscribe: async (handlers) => {
      subscribers.push(handlers);
      connecting ??= connect();
      await connecting;
    },
    close: async () => {
      isClosed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The bus of the database: LISTEN/NOTIFY on PostgreSQL, in the process on SQLite. */
export function notificationBusOf(database: Database): NotificationBus {
  if (database.dialect === 'postgres' && database.url) return postgresBus({ ...database, url: database.url });
  return inProcessBus();
}
