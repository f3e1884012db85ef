import { Worker } from 'node:worker_threads';
import { HttpError, badRequest } from '../../http/errors.ts';
import { SVG_LIMITS, SVG_TOO_COMPLEX, type SvgLimits } from './scanSvg.ts';
import { SVG_WORKER_DATA, type SvgJob, type SvgWorkerMessage } from './svgWorker.ts';

export interface SvgCheckerOptions {
  /** Threads checking at the same time. */
  threads?: number;
  /** How long one file may take once its thread has it. */
  timeoutMs?: number;
  /** Files that may wait for a thread; one more is a 503. */
  maxWaiting?: number;
  /** The old-generation heap of each thread (V8 `resourceLimits`); a file that needs more is refused. */
  heapMb?: number;
  limits?: SvgLimits;
  /** How long a new thread may take to load before its files are answered 503. */
  startupMs?: number;
  /** A thread without a file for this long stops, and gives its heap back. */
  idleMs?: number;
}

/** docs/decisions.md, bounds of an uploaded image. */
export const SVG_CHECK_TIMEOUT_MS = 20_000;
export const SVG_TOO_SLOW =
  'The SVG image took longer than 20 seconds to check: more complex vector files cannot be checked for unsafe content. Please simplify it or export it as png.';
export const SVG_CHECK_BUSY = 'Too many SVG images are being checked at the moment. Please try again in a minute.';
export const SVG_CHECK_FAILED = 'The SVG image could not be checked just now. Please try again.';

const unavailable = (message: string) => new HttpError(503, message, { code: 'svg-check-unavailable' });

interface Waiting {
  file: string;
  resolve: (svg: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  isReady: boolean;
  job: Waiting | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Cleans SVGs (sanitizeSvg) off the event loop, on worker threads whose heap is capped, each file with a time limit.
 * A file past the limits, one that fills the heap and one that takes too long are refused with 400; a thread that
 * fails or runs out is replaced by a new one for the next file. Files wait in a short queue; when it is full, or a
 * thread cannot start, the answer is 503. Threads start with the first SVG, stop when idle, and do not keep the
 * process alive.
 */
export function createSvgChecker(options: SvgCheckerOptions = {}) {
  const threads = options.threads ?? 1;
  const timeoutMs = options.timeoutMs ?? SVG_CHECK_TIMEOUT_MS;
  const maxWaiting = options.maxWaiting ?? 8;
  const heapMb = options.heapMb ?? 256;
  const limits = options.limits ?? SVG_LIMITS;
  const startupMs = options.startupMs ?? 60_000;
  const idleMs = options.idleMs ?? 30_000;
  const running: Thread[] = [];
  const waiting: Waiting[] = [];
  let isClosed = false;

  function start(): void {
    const worker = new Worker(new URL('./svgWorkerEntry.mjs', import.meta.url), {
      workerData: SVG_WORKER_DATA,
      // Not the parent's flags (a test runner's, an inspector port): the entry registers its own loader.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    worker.unref();
    const thread: Thread = { worker, isReady: false, job: undefined, timer: undefined };
    thread.timer = setTimeout(() => stop(thread, unavailable(SVG_CHECK_FAILED)), startupMs);
    worker.on('message', (message: SvgWorkerMessage) => {
      if ('ready' in message) {
        clearTimeout(thread.timer);
        thread.isReady = true;
        pump();
        if (!thread.job) thread.timer = setTimeout(() => retire(thread), idleMs);
        return;
      }
      const job = thread.job;
      if (!job) return;
      clearTimeout(thread.timer);
      thread.job = undefined;
      worker.unref();
      if ('svg' in message) job.resolve(Buffer.from(message.svg.buffer, message.svg.byteOffset, message.svg.byteLength));
      else if ('refused' in message) job.reject(badRequest(message.refused));
      else job.reject(new Error(`The SVG check failed: ${message.failed}`));
      pump();
      if (!thread.job) thread.timer = setTimeout(() => retire(thread), idleMs);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      // The heap limit: the file needed more memory than any SVG worth keeping.
      stop(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(SVG_TOO_COMPLEX) : unavailable(SVG_CHECK_FAILED));
    });
    worker.on('exit', () => stop(thread, unavailable(SVG_CHECK_FAILED)));
    running.push(thread);
  }

  /** Takes a thread out of service and answers its file with `error`; the next file gets a new thread. */
  function stop(thread: Thread, error: Error): void {
    const index = running.indexOf(thread);
    if (index === -1) return;
    running.splice(index, 1);
    clearTimeout(thread.timer);
    void thread.worker.terminate();
    if (thread.job) thread.job.reject(error);
    // A thread that could not even start would leave the waiting files waiting for one that never does.
    else if (!thread.isReady && !running.some((other) => other.isReady)) for (const job of waiting.splice(0)) job.reject(error);
    pump();
  }

  /** Stops an idle thread: SVGs are rare, and the heap of a large one is held until the thread ends. */
  function retire(thread: Thread): void {
    const index = running.indexOf(thread);
    if (index === -1 || thread.job) return;
    running.splice(index, 1);
    void thread.worker.terminate();
  }

  function run(thread: Thread, job: Waiting): void {
    clearTimeout(thread.timer);
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => stop(thread, badRequest(SVG_TOO_SLOW)), timeoutMs);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
    thread.worker.postMessage({ file: job.file, limits } satisfies SvgJob);
  }

  function pump(): void {
    if (isClosed) return;
    const idle = () => running.find((thread) => thread.isReady && !thread.job);
    for (let thread = idle(); thread && waiting.length > 0; thread = idle()) run(thread, waiting.shift()!);
    const starting = running.filter((thread) => !thread.isReady).length;
    for (let more = Math.min(waiting.length - starting, threads - running.length); more > 0; more--) start();
  }

  /** The file's SVG cleaned, or a 400 (refused) or 503 (no thread to check it) HttpError. */
  function check(file: string): Promise<Buffer> {
    if (isClosed) return Promise.reject(unavailable(SVG_CHECK_FAILED));
    if (waiting.length >= maxWaiting) return Promise.reject(unavailable(SVG_CHECK_BUSY));
    return new Promise<Buffer>((resolve, reject) => {
      waiting.push({ file, resolve, reject });
      pump();
    });
  }

  async function close(): Promise<void> {
    isClosed = true;
    for (const job of waiting.splice(0)) job.reject(unavailable(SVG_CHECK_FAILED));
    const stopping = running.splice(0);
    for (const thread of stopping) {
      clearTimeout(thread.timer);
      thread.job?.reject(unavailable(SVG_CHECK_FAILED));
    }
    await Promise.all(stopping.map((thread) => thread.worker.terminate()));
  }

  /** Threads running now (for tests: a thread that failed is gone). */
  const threadCount = () => running.length;

  return { check, close, threadCount };
}

export type SvgChecker = ReturnType<typeof createSvgChecker>;
