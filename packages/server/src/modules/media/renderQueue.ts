import { HttpError } from '../../http/errors.ts';

/**
 * Renders at once. sharp runs each render on one of libuv's four threads, which file reads, DNS lookups and crypto
 * share: two leave the others free, so requests that render nothing are never kept waiting behind renders.
 */
export const RENDER_CONCURRENCY = 2;
/**
 * Renders that may wait for a turn: a page's worth of new images (a dashboard shows a few dozen cards, all asked for
 * at once over HTTP/2). A 1600-wide photo renders in some 30 ms, so the last of them waits about half a second; behind
 * large originals (up to a second each) it would wait some 15 s, the most a request should.
 */
export const RENDER_QUEUE_LENGTH = 32;
/** What a refused render tells the browser to wait before asking again. */
export const RENDER_RETRY_AFTER_SECONDS = 2;

/** All render turns are taken and the queue is full: 503, to be asked again after `retryAfterSeconds`. */
export class RenderingBusyError extends HttpError {
  readonly retryAfterSeconds = RENDER_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, 'The image service is busy rendering other images; try again in a moment.', { code: 'rendering-busy' });
  }
}

/**
 * Runs renders `concurrency` at a time, up to `maxWaiting` more in turn; beyond that a render is refused at once with
 * `RenderingBusyError` rather than queued without end. A finished render hands its turn to the longest waiting one.
 */
export function createRenderQueue(options: { concurrency?: number; maxWaiting?: number } = {}) {
  const concurrency = options.concurrency ?? RENDER_CONCURRENCY;
  const maxWaiting = options.maxWaiting ?? RENDER_QUEUE_LENGTH;
  let running = 0;
  const waiting: Array<() => void> = [];

  async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running < concurrency) {
      running++;
    } else {
      if (waiting.length >= maxWaiting) throw new RenderingBusyError();
      // The turn is handed over with `running` unchanged.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
