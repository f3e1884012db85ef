import { describe, expect, it } from 'vitest';
import { RenderingBusyError, createRenderQueue } from './renderQueue.ts';

/** A job that runs until the test lets it finish. */
function heldJob() {
  let finish: (() => void) | undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    job: async () => {
      started = true;
      await done;
      return 'rendered';
    },
    finish: () => finish?.(),
    hasStarted: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the render queue', () => {
  it('runs two renders at once, lets more wait their turn in order, and refuses the rest with 503 at once', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 2 });
    const jobs = Array.from({ length: 5 }, heldJob);
    const runs = jobs.map((held) => queue.run(held.job));
    const refused = runs[4]!.catch((error: unknown) => error);
    await tick();
    expect(jobs.map((held) => held.hasStarted())).toEqual([true, true, false, false, false]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 });
    const error = await refused;
    expect(error).toBeInstanceOf(RenderingBusyError);
    expect(error).toMatchObject({ status: 503, code: 'rendering-busy', retryAfterSeconds: 2 });

    jobs[1]!.finish();
    await tick();
    expect(jobs.map((held) => held.hasStarted())).toEqual([true, true, true, false, false]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 1 });
    for (const held of jobs) held.finish();
    expect(await Promise.all(runs.slice(0, 4))).toEqual(['rendered', 'rendered', 'rendered', 'rendered']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes its turn on when a render fails', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 });
    const failing = queue.run(async () => {
      await tick();
      throw new Error('corrupt image');
    });
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('corrupt image');
    expect(await next).toBe('next');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
