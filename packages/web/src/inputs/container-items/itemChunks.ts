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
  return chunkSingleEdit(keys, previous, size) ?? chunkAll(keys, previous, size);
}

/**
 * The chunks after one key was removed or one new key inserted (an item removed or added in the editor), as
 * `chunkAll` would cut them, from the one chunk that changed: a click on a story's Remove need not sort its 1,000 keys.
 * Undefined for any other change.
 */
function chunkSingleEdit(keys: readonly string[], previous: Chunking, size: number): Chunking | undefined {
  const { chunks } = previous;
  // `chunkOf` names each key of the list chunked before once.
  const delta = keys.length - previous.chunkOf.size;
  if (delta !== 1 && delta !== -1) return undefined;
  // The first place where the lists differ, and the chunk holding it (or the last chunk, for a key added at the end).
  let at = 0;
  let place = 0;
  for (; place < chunks.length; place++) {
    const chunk = chunks[place] as ItemChunk;
    let offset = 0;
    while (offset < chunk.keys.length && chunk.keys[offset] === keys[chunk.start + offset]) offset++;
    at = chunk.start + offset;
    if (offset < chunk.keys.length) break;
  }
  if (delta === 1 && place === chunks.length) place = chunks.length - 1;
  // The rest must be the same keys, one place later (inserted) or earlier (removed).
  for (let index = at + (delta === 1 ? 1 : 0); index < keys.length; index++) if (keys[index] !== keyAt(chunks, index - delta)) return undefined;
  const chunkOf = new Map(previous.chunkOf);
  const next: ItemChunk[] = [];
  const shifted = (chunk: ItemChunk) => ({ ...chunk, start: chunk.start + delta });
  if (delta === -1) {
    const chunk = chunks[place] as ItemChunk;
    chunkOf.delete(chunk.keys[at - chunk.start] as string);
    const left = chunk.keys.filter((_, offset) => offset !== at - chunk.start);
    next.push(...chunks.slice(0, place), ...(left.length > 0 ? [{ ...chunk, keys: left }] : []), ...chunks.slice(place + 1).map(shifted));
    return { chunks: next, chunkOf };
  }
  const added = keys[at] as string;
  if (previous.chunkOf.has(added)) return undefined;
  // As `chunkAll` places a new item: in the chunk of the item before it while that chunk holds fewer than `size` items
  // up to it or the next item is in it too, else in the chunk of the next item when it is the first, else alone.
  const landing = chunks[place];
  if (!landing) return undefined;
  // Between two chunks, the item comes after the chunk before.
  const isBetween = at === landing.start && place > 0;
  const into = isBetween ? place - 1 : place;
  const chunk = chunks[into] as ItemChunk;
  const offset = at - chunk.start;
  const joinsBefore = offset > 0 && (offset < size || offset < chunk.keys.length);
  const joinsNext = at === 0;
  if (joinsBefore || joinsNext) {
    chunkOf.set(added, chunk.id);
    next.push(...chunks.slice(0, into), { ...chunk, keys: chunk.keys.toSpliced(offset, 0, added) }, ...chunks.slice(into + 1).map(shifted));
    return { chunks: next, chunkOf };
  }
  // Alone, between two chunks: a chunk of its own with the next id.
  const id = Math.max(-1, ...chunks.map((other) => other.id)) + 1;
  chunkOf.set(added, id);
  const cut = into + 1;
  next.push(...chunks.slice(0, cut), { id, start: at, keys: [added] }, ...chunks.slice(cut).map(shifted));
  return { chunks: next, chunkOf };
}

/** The key at `index` of the chunked list. */
function keyAt(chunks: readonly ItemChunk[], index: number): string | undefined {
  let low = 0;
  let high = chunks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const chunk = chunks[middle] as ItemChunk;
    if (index < chunk.start) high = middle - 1;
    else if (index >= chunk.start + chunk.keys.length) low = middle + 1;
    else return chunk.keys[index - chunk.start];
  }
  return undefined;
}

/**
 * Every key placed again: items kept in order stay in their chunks, the others join the runs they land in. Exported
 * for the test that holds `chunkSingleEdit` to it.
 */
export function chunkAll(keys: readonly string[], previous: Chunking, size: number): Chunking {
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
