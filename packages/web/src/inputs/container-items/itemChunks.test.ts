import { describe, expect, it } from 'vitest';
import { chunkItems } from './itemChunks.ts';

const EMPTY = { chunks: [], chunkOf: new Map<string, number>() };
const keysOf = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `k${from + index}`);
const shape = (chunking: ReturnType<typeof chunkItems>) => chunking.chunks.map((chunk) => ({ id: chunk.id, start: chunk.start, keys: chunk.keys.join(' ') }));

describe('chunkItems', () => {
  it('cuts a list shown step by step into chunks of the given size, keeping the chunks already there', () => {
    const first = chunkItems(keysOf(3), EMPTY, 3);
    const second = chunkItems(keysOf(7), first, 3);
    expect(shape(second)).toEqual([
      { id: 0, start: 0, keys: 'k0 k1 k2' },
      { id: 1, start: 3, keys: 'k3 k4 k5' },
      { id: 2, start: 6, keys: 'k6' },
    ]);
    expect(second.chunks[0]).toBe(first.chunks[0]);
  });

  it('puts an inserted item into the chunk it lands in and leaves the other chunks as they were', () => {
    const before = chunkItems(keysOf(9), EMPTY, 3);
    const keys = keysOf(9);
    keys.splice(4, 0, 'new');
    const after = chunkItems(keys, before, 3);
    expect(shape(after)).toEqual([
      { id: 0, start: 0, keys: 'k0 k1 k2' },
      { id: 1, start: 3, keys: 'k3 new k4 k5' },
      { id: 2, start: 7, keys: 'k6 k7 k8' },
    ]);
    expect(after.chunks[0]).toBe(before.chunks[0]);
    // Only its start moved: the same keys array, so its items keep their props but their indexes.
    expect(after.chunks[2]?.keys).toBe(before.chunks[2]?.keys);
  });

  it('keeps the chunks of the other items when one is removed or moved into another chunk', () => {
    const before = chunkItems(keysOf(9), EMPTY, 3);
    const removed = chunkItems(['k0', 'k1', 'k2', 'k3', 'k5', 'k6', 'k7', 'k8'], before, 3);
    expect(shape(removed).map((chunk) => chunk.keys)).toEqual(['k0 k1 k2', 'k3 k5', 'k6 k7 k8']);
    const moved = chunkItems(['k1', 'k2', 'k3', 'k4', 'k0', 'k5', 'k6', 'k7', 'k8'], before, 3);
    expect(shape(moved)).toEqual([
      { id: 0, start: 0, keys: 'k1 k2' },
      { id: 1, start: 2, keys: 'k3 k4 k0 k5' },
      { id: 2, start: 6, keys: 'k6 k7 k8' },
    ]);
  });

  it('starts a new chunk for items appended after a full last chunk', () => {
    const before = chunkItems(keysOf(3), EMPTY, 3);
    expect(shape(chunkItems([...keysOf(3), 'new'], before, 3)).map((chunk) => chunk.keys)).toEqual(['k0 k1 k2', 'new']);
  });
});
