import { describe, expect, it } from 'vitest';
import { chunkAll, chunkItems } from './itemChunks.ts';

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

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('chunkItems after one removal or insertion', () => {
  it('cuts the chunks exactly as placing every key again would, keeping the unchanged chunks', () => {
    const next = generator(7);
    let fresh = 0;
    let compared = 0;
    for (let round = 0; round < 300; round++) {
      const size = 1 + next(4);
      // A chunking with a history: shown step by step, then edited, so chunks are of uneven sizes.
      let keys = keysOf(next(12));
      let chunking = chunkItems(keys, EMPTY, size);
      for (let edit = 0; edit < 4; edit++) {
        keys = keys.toSpliced(next(keys.length + 1), 0, `n${(fresh += 1)}`);
        if (keys.length > 1 && next(2) === 0) keys = keys.toSpliced(next(keys.length), 1);
        chunking = chunkItems(keys, chunking, size);
      }
      const edited = keys.length > 0 && next(2) === 0 ? keys.toSpliced(next(keys.length), 1) : keys.toSpliced(next(keys.length + 1), 0, `n${(fresh += 1)}`);
      const fast = chunkItems(edited, chunking, size);
      // Every item but the new one stays in its chunk, and the chunks hold the list in order.
      expect(fast.chunks.flatMap((chunk) => chunk.keys)).toEqual(edited);
      expect(edited.filter((key) => chunking.chunkOf.has(key) && fast.chunkOf.get(key) !== chunking.chunkOf.get(key))).toEqual([]);
      expect([...fast.chunkOf.keys()].toSorted()).toEqual(edited.toSorted());
      // A chunk whose keys stayed keeps its identity, or its keys array when only its start moved.
      const lostIdentity = fast.chunks.filter((chunk) => {
        const old = chunking.chunks.find((other) => other.id === chunk.id);
        if (!old || old.keys.join() !== chunk.keys.join()) return false;
        return old.start === chunk.start ? chunk !== old : chunk.keys !== old.keys;
      });
      expect(lostIdentity).toEqual([]);
      // Placing every key again agrees while the chunks' ids rise along the list (it reads a lower id after a higher
      // one as a move).
      const ids = chunking.chunks.map((chunk) => chunk.id);
      const isComparable = ids.every((id, place) => place === 0 || id > (ids[place - 1] ?? 0));
      compared += isComparable ? 1 : 0;
      const whole = isComparable ? chunkAll(edited, chunking, size) : fast;
      expect(shape(fast)).toEqual(shape(whole));
      expect([...fast.chunkOf].toSorted()).toEqual([...whole.chunkOf].toSorted());
    }
    expect(compared).toBeGreaterThan(100);
  });
});
