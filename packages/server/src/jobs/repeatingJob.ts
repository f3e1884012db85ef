/**
 * Runs a piece of background work right away and then every `intervalMs` while started: the next run is timed from
 * the end of the last, so runs never overlap. A run that fails is reported and retried at the next tick.
 */
export function createRepeatingJob(options: { run: () => Promise<unknown>; intervalMs: number; onError?: ((error: unknown) => void) | undefined }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let isStopped = true;

  function tick(): void {
    running = options.run();
    running
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, options.intervalMs);
      });
  }

  /** Starts the runs; the first is right away. Starting a started job does nothing. */
  function start(): void {
    if (!isStopped) return;
    isStopped = false;
    tick();
  }

  /** Stops the timer and waits for a run under way to finish. */
  async function stop(): Promise<void> {
    isStopped = true;
    clearTimeout(timer);
    await running?.catch(() => undefined);
  }

  return { start, stop };
}
