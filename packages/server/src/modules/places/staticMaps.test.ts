import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaticMapQuery } from '@editor/domain';
import { MapDrawingError, MapsBusyError, createStaticMaps, type StaticMapOptions, type StaticMaps } from './staticMaps.ts';

/**
 * A stand-in for the map worker: it tells the test which map it starts, holds each until the test releases it, and
 * at zoom 0 crashes, at zoom 1 stands still, at zoom 2 fails to draw. Its "PNG" is the map's zoom and latitude.
 */
const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads');
const held = [];
parentPort.on('message', (message) => {
  if (message.release) {
    for (const request of held.splice(0, message.release)) parentPort.postMessage({ id: request.id, png: new Uint8Array([request.query.zoom, request.query.center.latitude]) });
    return;
  }
  parentPort.postMessage({ started: message.query.center.latitude });
  if (message.query.zoom === 0) process.exit(3);
  if (message.query.zoom === 1) return;
  if (message.query.zoom === 2) return parentPort.postMessage({ id: message.id, error: 'no outlines' });
  held.push(message);
});
`;

const query = (latitude: number, zoom = 5): StaticMapQuery => ({ center: { latitude, longitude: 0 }, zoom, size: { width: 200, height: 150 } });

function fakeMaps(options: StaticMapOptions = {}) {
  const workers: Worker[] = [];
  const started: number[] = [];
  const failures: Error[] = [];
  const maps = createStaticMaps({
    maxQueued: 4,
    maxPerUser: 2,
    onFailure: (error) => failures.push(error),
    spawnWorker: () => {
      const worker = new Worker(FAKE_WORKER, { eval: true });
      worker.on('message', (message: { started?: number }) => {
        if (message.started !== undefined) started.push(message.started);
      });
      workers.push(worker);
      return worker;
    },
    ...options,
  });
  const current = () => workers.at(-1);
  return {
    maps,
    workers,
    started,
    failures,
    /** Lets the current worker answer its `count` oldest maps. */
    release: (count = 100) => current()?.postMessage({ release: count }),
    /** Waits until the worker has started `count` maps in all. */
    startedCount: async (count: number) => {
      await expect.poll(() => started.length).toBe(count);
    },
  };
}

const busy = (scope: 'user' | 'everyone') => ({ name: 'MapsBusyError', scope, retryAfterSeconds: expect.any(Number) });

let open: StaticMaps[] = [];
const track = <T extends { maps: StaticMaps }>(made: T): T => {
  open.push(made.maps);
  return made;
};
afterEach(async () => {
  await Promise.all(open.map((maps) => maps.close()));
  open = [];
});

describe('static maps drawn on a worker, in a bounded queue', () => {
  it('draws in the order asked, refuses a user past their share with 429 and everyone past the queue with 503', async () => {
    const fake = track(fakeMaps());
    const first = fake.maps.render(query(1), { userId: 'ada' });
    const second = fake.maps.render(query(2), { userId: 'ada' });
    await expect(fake.maps.render(query(3), { userId: 'ada' })).rejects.toMatchObject(busy('user'));
    const third = fake.maps.render(query(3), { userId: 'bob' });
    const fourth = fake.maps.render(query(4), { userId: 'cid' });
    await expect(fake.maps.render(query(5), { userId: 'dan' })).rejects.toMatchObject(busy('everyone'));
    const error = await fake.maps.render(query(5), { userId: 'dan' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MapsBusyError);
    expect((error as MapsBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    await fake.startedCount(1);
    fake.release();
    expect([...(await first)]).toEqual([5, 1]);
    await fake.startedCount(2);
    // One map drawn frees one place: Ada may ask again.
    const again = fake.maps.render(query(6), { userId: 'ada' });
    fake.release();
    await fake.startedCount(3);
    fake.release();
    await fake.startedCount(4);
    fake.release();
    await fake.startedCount(5);
    fake.release();
    expect((await Promise.all([second, third, fourth, again])).map((png) => png[1])).toEqual([2, 3, 4, 6]);
    expect(fake.started).toEqual([1, 2, 3, 4, 6]);
    expect(fake.workers).toHaveLength(1);
  });

  it('draws a map asked again meanwhile once, and answers it from the cache afterwards', async () => {
    const fake = track(fakeMaps());
    const asked = [fake.maps.render(query(1), { userId: 'ada' }), fake.maps.render(query(1), { userId: 'ada' }), fake.maps.render(query(1), { userId: 'bob' })];
    // Waiting for a map already queued takes no place of one's own.
    const other = fake.maps.render(query(2), { userId: 'ada' });
    await fake.startedCount(1);
    fake.release();
    const [a, b, c] = await Promise.all(asked);
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(await fake.maps.render(query(1), { userId: 'cid' })).toBe(a);
    await fake.startedCount(2);
    fake.release();
    await other;
    expect(fake.started).toEqual([1, 2]);
  });

  it('drops a waiting map whose asker went away, and keeps one someone else still waits for', async () => {
    const fake = track(fakeMaps());
    const drawing = fake.maps.render(query(1), { userId: 'ada' });
    const gone = new AbortController();
    const dropped = fake.maps.render(query(2), { userId: 'ada', signal: gone.signal });
    const left = new AbortController();
    const leaving = fake.maps.render(query(3), { userId: 'bob', signal: left.signal });
    const staying = fake.maps.render(query(3), { userId: 'cid' });
    gone.abort();
    left.abort();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    // Ada's place is free again at once.
    const next = fake.maps.render(query(4), { userId: 'ada' });
    await fake.startedCount(1);
    fake.release();
    await drawing;
    await fake.startedCount(2);
    fake.release();
    expect((await staying)[1]).toBe(3);
    await fake.startedCount(3);
    fake.release();
    await next;
    expect(fake.started).toEqual([1, 3, 4]);
  });

  it('answers a crashed worker\'s map with a drawing error and draws the next on a new worker', async () => {
    const fake = track(fakeMaps());
    const crashing = fake.maps.render(query(1, 0), { userId: 'ada' });
    const next = fake.maps.render(query(2), { userId: 'bob' });
    await expect(crashing).rejects.toBeInstanceOf(MapDrawingError);
    await fake.startedCount(2);
    expect(fake.workers).toHaveLength(2);
    fake.release();
    expect((await next)[1]).toBe(2);
    expect(fake.failures.map((failure) => failure.message)).toEqual(['the map worker stopped (exit code 3)']);
  });

  it('answers a failed drawing with a drawing error, and gives up a map that takes too long, replacing its worker', async () => {
    const fake = track(fakeMaps({ drawTimeoutMs: 1000 }));
    const failing = fake.maps.render(query(1, 2), { userId: 'ada' });
    const standing = fake.maps.render(query(2, 1), { userId: 'bob' });
    await expect(failing).rejects.toBeInstanceOf(MapDrawingError);
    await expect(standing).rejects.toBeInstanceOf(MapDrawingError);
    expect(fake.failures.map((failure) => failure.message)).toEqual(['drawing a static map failed: no outlines', 'a static map took longer than 1000 ms']);
    // The places are free again, and a new worker draws.
    const after = [fake.maps.render(query(3), { userId: 'ada' }), fake.maps.render(query(4), { userId: 'ada' })];
    await fake.startedCount(3);
    fake.release(1);
    await fake.startedCount(4);
    fake.release(1);
    expect((await Promise.all(after)).map((png) => png[1])).toEqual([3, 4]);
    expect(fake.workers).toHaveLength(2);
  });

  it('fails a map whose worker cannot start, and maps still waiting when it closes', async () => {
    const broken = track({ maps: createStaticMaps({ spawnWorker: () => { throw new Error('no worker'); }, onFailure: () => undefined }) });
    await expect(broken.maps.render(query(1), { userId: 'ada' })).rejects.toBeInstanceOf(MapDrawingError);
    const fake = fakeMaps();
    const waiting = [fake.maps.render(query(1), { userId: 'ada' }), fake.maps.render(query(2), { userId: 'bob' })].map((map) => map.catch((error: unknown) => error));
    await fake.startedCount(1);
    await fake.maps.close();
    for (const error of await Promise.all(waiting)) expect(error).toBeInstanceOf(MapDrawingError);
    await expect(fake.maps.render(query(3), { userId: 'ada' })).rejects.toBeInstanceOf(MapDrawingError);
  });

  it('keeps the most recently asked maps within the cache\'s bounds', async () => {
    const fake = track(fakeMaps({ cacheEntries: 2, maxPerUser: 4 }));
    for (const latitude of [1, 2, 1, 3]) {
      const map = fake.maps.render(query(latitude), { userId: 'ada' });
      fake.release();
      await map;
    }
    // 1 was asked after 2, so 2 left the cache when 3 came.
    const cached = fake.maps.render(query(1), { userId: 'ada' });
    const redrawn = fake.maps.render(query(2), { userId: 'ada' });
    await fake.startedCount(4);
    fake.release();
    await Promise.all([cached, redrawn]);
    expect(fake.started).toEqual([1, 2, 3, 2]);
  });
});
