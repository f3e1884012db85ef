import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadNiceness } from './threadPriority.ts';

// A worker thread loads the module through the same TypeScript loader the server's worker threads register.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ register }) => { register(); return import(workerData); })
  .then(({ lowerThreadPriority, threadNiceness }) => {
    const before = threadNiceness();
    lowerThreadPriority();
    parentPort.postMessage({ before, after: threadNiceness() });
  });
`;

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('lowers only the calling thread: a worker goes to nice 19 and the event loop keeps its priority', async () => {
    const mainBefore = threadNiceness();
    const worker = new Worker(WORKER, { eval: true, workerData: new URL('./threadPriority.ts', import.meta.url).href });
    const answer = await new Promise<{ before: number; after: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer.before).toBe(mainBefore);
    expect(answer.after).toBe(19);
    expect(threadNiceness()).toBe(mainBefore);
  });
});
