import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../http/errors.ts';
import { lowerThreadPriority } from '../../ops/threadPriority.ts';
import { sanitizeSvg } from './sanitizeSvg.ts';
import { SVG_TOO_COMPLEX, type SvgLimits } from './scanSvg.ts';

/** One SVG for the checking thread: the received file, and the limits it is checked with. */
export interface SvgJob {
  file: string;
  limits: SvgLimits;
}

/** The thread's answers: it is ready; the cleaned bytes; why the file was refused (a 400); or a failure of ours. */
export type SvgWorkerMessage = { ready: true } | { svg: Uint8Array } | { refused: string } | { failed: string };

/** Reads and cleans one file; a refusal is an answer like any other, so the thread lives on. */
export function answerSvgJob(job: SvgJob): SvgWorkerMessage {
  try {
    return { svg: sanitizeSvg(fs.readFileSync(job.file), job.limits) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { refused: error.messages[0] ?? SVG_TOO_COMPLEX };
    // A stack overflow is one more way of being too complex, never a server error.
    if (error instanceof RangeError) return { refused: SVG_TOO_COMPLEX };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** What the pool hands its threads as workerData, so that this module only answers on a port meant for it. */
export const SVG_WORKER_DATA = 'svg-checker';

const port = workerData === SVG_WORKER_DATA ? parentPort : null;
// A hostile file may keep this thread busy for its whole time limit: the event loop comes first.
if (port) lowerThreadPriority();
// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
port?.on('message', (job: SvgJob) => port.postMessage(answerSvgJob(job)));
// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
port?.postMessage({ ready: true } satisfies SvgWorkerMessage);
