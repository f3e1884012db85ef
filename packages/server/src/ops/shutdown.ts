import type { FastifyInstance } from 'fastify';

export interface GracefulShutdownOptions {
  app: FastifyInstance;
  /** How long requests under way may take before their connections are closed. */
  timeoutMs: number;
  /**
   * How long the app goes on serving, with readiness at 503, before the listener closes: a load balancer stops sending
   * new requests, and requests already on their way (in the listen backlog, or sent but not yet read) are read and
   * answered instead of being reset when the listener and idle connections close.
   */
  drainMs: number;
  /** What closes after the app (the database, the metrics listener), in order. */
  closeAfter: ReadonlyArray<() => Promise<unknown>>;
}

/**
 * A shutdown in the order a load balancer and the data need: readiness turns 503 while the app drains, the listener stops taking
 * connections, requests under way finish (closed after `timeoutMs` at the latest), the app's close hooks stop the
 * background jobs (the scheduler commits or rolls back its claimed batch, the audit log flushes), then the database
 * closes. `shutdown` answers the exit code: 0, or 1 when something failed to close.
 */
export function createGracefulShutdown(options: GracefulShutdownOptions) {
  let draining: Promise<number> | undefined;

  async function drain(signal: string): Promise<number> {
    const { app } = options;
    app.log.info(`${signal} received: draining for ${options.drainMs} ms, finishing requests under way (at most ${options.timeoutMs} ms), then shutting down`);
    app.startDraining();
    await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    const force = setTimeout(() => {
      app.log.warn(`requests still running after ${options.timeoutMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, options.timeoutMs);
    force.unref();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the app failed');
      code = 1;
    } finally {
      clearTimeout(force);
    }
    for (const close of options.closeAfter) {
      try {
        await close();
      } catch (error) {
        app.log.error({ err: error }, 'closing a resource failed');
        code = 1;
      }
    }
    return code;
  }

  return {
    /** Starts the shutdown once; a second signal waits for the same one. */
    shutdown(signal: string): Promise<number> {
      draining ??= drain(signal);
      return draining;
    },
  };
}
