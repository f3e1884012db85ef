import { useState } from 'react';

/** A run of consecutive items of a list, rendered by one memoised component. */
export interface ItemChunk {
  /** Stays with the chunk while its items change: the chunk's React key. */
  id: number;
  /** The list index of its first item. */
  start: number;
  keys: readonly string[];
}

interface Chunking {
  chunks: readonly ItemChunk[];
  /** Item key → chunk id. */
  chunkOf: ReadonlyMap<string, number>;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, index) => key === b[index]);

/**
 * Cuts `keys` into chunks of about `size`, keeping each item in the chunk it was in before: React remounts an item
 * that changes parent, so an insert, removal or move touches one chunk and the others keep their items mounted.
 * An item new to the list, or moved into another chunk's run, joins the run it lands in; new items at the end
 * (a long list rendered step by step) fill the last chunk up to `size`, then start the next.
 */
export function chunkItems(keys: readonly string[], previous: Chunking, size: number): Chunking {
  const ids = keys.map((key) => previous.chunkOf.get(key));
  const kept = keptInOrder(ids);
  // The chunk of the next kept item after each index: an item that is not kept joins the run it lands in.
  const nextKept: (number | undefined)[] = [];
  for (let index = keys.length - 1, next: number | undefined; index >= 0; index--) {
    nextKept[index] = next;
    if (kept[index]) next = ids[index];
  }
  let nextId = Math.max(-1, ...previous.chunks.map((chunk) => chunk.id)) + 1;
  const chunkOf = new Map<string, number>();
  const runs: { id: number; start: number; keys: string[] }[] = [];
  let run: (typeof runs)[number] | undefined;
  keys.forEach((key, index) => {
    const id = ids[index];
    let target: number;
    if (kept[index] && id !== undefined) target = id;
    else if (run && (run.keys.length < size || nextKept[index] === run.id)) target = run.id;
    else target = run === undefined && nextKept[index] !== undefined ? (nextKept[index] as number) : nextId++;
    if (run?.id !== target) {
      run = { id: target, start: index, keys: [] };
      runs.push(run);
    }
    run.keys.push(key);
    chunkOf.set(key, target);
  });
  const before = new Map(previous.chunks.map((chunk) => [chunk.id, chunk]));
  const chunks = runs.map((next) => {
    const old = before.get(next.id);
    // An unchanged chunk keeps its identity, so its memoised component passes the render by.
    if (old && old.start === next.start && sameKeys(old.keys, next.keys)) return old;
    return { id: next.id, start: next.start, keys: old && sameKeys(old.keys, next.keys) ? old.keys : next.keys };
  });
  return { chunks, chunkOf };
}

/**
 * Which items stay in their chunk: the longest run, in list order, whose chunk ids never go down; the others were
 * moved (or are new). Patience sorting, O(n log n).
 */
function keptInOrder(ids: readonly (number | undefined)[]): boolean[] {
  const tails: number[] = [];
  const previousOf: number[] = [];
  ids.forEach((id, index) => {
    if (id === undefined) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ids[tails[middle] as number] as number) <= id) low = middle + 1;
      else high = middle;
    }
    previousOf[index] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = index;
  });
  const kept = ids.map(() => false);
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previousOf[index] ?? -1) kept[index] = true;
  return kept;
}

const NO_CHUNKS: Chunking = { chunks: [], chunkOf: new Map() };

/** The chunks of a list's shown keys, each item kept in its chunk across renders (`chunkItems`). */
export function useItemChunks(keys: readonly string[], size: number): readonly ItemChunk[] {
  const [seen, setSeen] = useState(() => ({ keys, chunking: chunkItems(keys, NO_CHUNKS, size) }));
  if (seen.keys === keys) return seen.chunking.chunks;
  const next = { keys, chunking: chunkItems(keys, seen.chunking, size) };
  // Storing what this render saw: React renders again at once, with the same chunks.
  setSeen(next);
  return next.chunking.chunks;
}
