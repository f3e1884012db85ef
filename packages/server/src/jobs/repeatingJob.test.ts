import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRepeatingJob } from './repeatingJob.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('a repeating job', () => {
  it('runs at once, then every interval after the last run ended, until stopped', async () => {
    vi.useFakeTimers();
    const run = vi.fn<() => Promise<void>>(async () => {});
    const job = createRepeatingJob({ run, intervalMs: 1000 });
    job.start();
    job.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports a failed run and tries again at the next tick', async () => {
    vi.useFakeTimers();
    const failure = new Error('database gone');
    const run = vi.fn<() => Promise<void>>().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onError = vi.fn<(error: unknown) => void>();
    const job = createRepeatingJob({ run, intervalMs: 100, onError });
    job.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('waits for a run under way when stopped', async () => {
    const finishers: Array<() => void> = [];
    const run = vi.fn<() => Promise<void>>(() => new Promise<void>((resolve) => finishers.push(resolve)));
    const job = createRepeatingJob({ run, intervalMs: 100 });
    job.start();
    let isStopped = false;
    const stopping = job.stop().then(() => (isStopped = true));
    await Promise.resolve();
    expect(isStopped).toBe(false);
    finishers[0]?.();
    await stopping;
    expect(isStopped).toBe(true);
  });
});
