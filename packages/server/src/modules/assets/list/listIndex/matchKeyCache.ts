import type { Kysely } from 'kysely';
import type { ListEngine, PreparedSearch } from '../../../../db/dialects/listEngine.ts';
import type { DB } from '../../../../db/schema.ts';
import type { VersionIndex } from './versionIndex.ts';

/** Searches with fewer matches are read each time: reading them costs little, keeping them would crowd out the rest. */
export const KEPT_FROM_MATCHES = 1_000;
/**
 * What a kept search costs beside its keys (its name, its entry, its array's header), counted against the budget: a
 * title's matches are kept however few, and many distinct searches of a key or two would otherwise go uncounted.
 */
export const KEPT_SEARCH_BYTES = 256;

export interface KeepOptions {
  /** Kept from this many matches (the cache's own bound by default): a search whose read costs more than its matches. */
  keptFrom?: number;
}

/** The search keys of one search's matches, ascending, as last brought up to date. */
interface Kept {
  keys: Uint32Array;
  length: number;
  /** How many keys the last full read gave: at twice as many (versions written again leave their old key behind) it is read again. */
  readLength: number;
  /** The highest key read: entries after it are read as they come. */
  readTo: number;
  /** The index's `searchKeyEvents` when the keys were last brought up to date. */
  seenEvents: number;
}

/**
 * The matches of common searches, kept by each instance between lists: a search matching a third of a million
 * versions read its 400,000 keys each time (90 ms). A search's entries change only by new keys (a version written
 * again gets a new entry, `fullText.ts`), so a kept search reads only the entries after the last it read. Keys the
 * list index learnt of that lie below (an entry written while the search was read, a key taken again after its
 * version was deleted) are asked for one by one. Least recently asked searches go first when `budgetBytes` is full;
 * a new list index starts afresh.
 */
export class MatchKeyCache {
  private readonly kept = new Map<string, Kept>();
  private readonly pending = new Map<string, Promise<ArrayLike<number>>>();
  private index: VersionIndex | undefined;

  constructor(
    private readonly engine: ListEngine,
    private readonly budgetBytes: number,
    /** Searches with fewer matches are read each time. */
    private readonly keptFrom = KEPT_FROM_MATCHES,
  ) {}

  /** The search keys of a search's matches, ascending, as of now, for `index`, which knows of every version they name. */
  keysOf(db: Kysely<DB>, index: VersionIndex, search: PreparedSearch, options: KeepOptions = {}): Promise<ArrayLike<number>> {
    const { engine } = this;
    const name = this.budgetBytes > 0 ? engine.matchCacheKey(search) : undefined;
    if (name === undefined) return engine.readMatchKeys(db, search);
    if (index !== this.index) {
      this.kept.clear();
      this.index = index;
    }
    // Lists asking the same search at once share one look.
    let keys = this.pending.get(name);
    if (!keys) {
      keys = this.bringUpToDate(db, index, search, name, options.keptFrom ?? this.keptFrom).finally(() => this.pending.delete(name));
      this.pending.set(name, keys);
    }
    return keys;
  }

  /** As `keysOf` for a search this cache can keep; undefined for one it reads each time (a prefix, or no budget). */
  keepableKeysOf(db: Kysely<DB>, index: VersionIndex, search: PreparedSearch, options: KeepOptions = {}): Promise<ArrayLike<number>> | undefined {
    return this.budgetBytes > 0 && this.engine.matchCacheKey(search) !== undefined ? this.keysOf(db, index, search, options) : undefined;
  }

  /**
   * As `keysOf`, but only for a search already kept; otherwise undefined, and its matches are read in the background
   * for the next ask (where reading every match costs more than counting the newest in the database: PostgreSQL).
   */
  keptKeysOf(db: Kysely<DB>, index: VersionIndex, search: PreparedSearch, options: KeepOptions = {}): Promise<ArrayLike<number>> | undefined {
    const name = this.budgetBytes > 0 ? this.engine.matchCacheKey(search) : undefined;
    if (name === undefined) return undefined;
    if (index === this.index && this.kept.has(name)) return this.keysOf(db, index, search, options);
    // A failed read is read again at the next ask.
    this.keysOf(db, index, search, options).catch(() => undefined);
    return undefined;
  }

  /** How many searches are kept, and their bytes. */
  get size(): { searches: number; bytes: number } {
    return { searches: this.kept.size, bytes: this.keptBytes() };
  }

  private async bringUpToDate(db: Kysely<DB>, index: VersionIndex, search: PreparedSearch, name: string, keptFrom: number): Promise<ArrayLike<number>> {
    const read = (after?: number) => this.engine.readMatchKeys(db, search, after);
    const events = index.searchKeyEvents;
    const kept = this.kept.get(name);
    const learnt = kept ? index.searchKeysSince(kept.seenEvents) : undefined;
    if (!kept || !learnt || kept.length > 2 * kept.readLength + keptFrom) {
      this.kept.delete(name);
      const keys = await read();
      if (keys.length >= keptFrom && this.index === index) {
        this.kept.set(name, { keys: Uint32Array.from(keys), length: keys.length, readLength: keys.length, readTo: keys[keys.length - 1] ?? 0, seenEvents: events });
        this.evict();
      }
      return keys;
    }
    // Most recently asked last: the first are dropped first.
    this.kept.delete(name);
    this.kept.set(name, kept);
    const below = [...new Set(learnt.filter((key) => key <= kept.readTo))].toSorted((a, b) => a - b);
    // A new entry has a key above the last read, and the index learns every key a version takes: without such a key
    // learnt, nothing the index could count was written since (what it has not learnt yet is read once it has).
    const isAnyAbove = learnt.some((key) => key > kept.readTo);
    const [added, holding] = await Promise.all([isAnyAbove ? read(kept.readTo) : [], below.length > 0 ? this.engine.filterMatchKeys(db, search, below) : undefined]);
    if (holding) settle(kept, below, new Set(holding));
    append(kept, added);
    kept.seenEvents = events;
    this.evict();
    return kept.keys.subarray(0, kept.length);
  }

  private keptBytes(): number {
    let bytes = 0;
    for (const kept of this.kept.values()) bytes += kept.keys.byteLength + KEPT_SEARCH_BYTES;
    return bytes;
  }

  /** Drops the least recently asked searches until the rest fit the budget. */
  private evict(): void {
    let bytes = this.keptBytes();
    for (const [name, kept] of this.kept) {
      if (bytes <= this.budgetBytes) return;
      this.kept.delete(name);
      bytes -= kept.keys.byteLength + KEPT_SEARCH_BYTES;
    }
  }
}

/** Appends keys above every kept one. */
function append(kept: Kept, added: ArrayLike<number>): void {
  if (added.length === 0) return;
  // An eighth more room: a kept search of 400,000 keys gains a few at a time, and doubling would waste megabytes.
  if (kept.length + added.length > kept.keys.length) grow(kept, kept.length + added.length + (kept.keys.length >> 3));
  kept.keys.set(added, kept.length);
  kept.length += added.length;
  kept.readTo = Math.max(kept.readTo, added[added.length - 1] ?? 0);
}

/**
 * Makes each key of `asked` (ascending, at most `readTo`) kept exactly when it is in `holding`. On a copy: a list
 * that was handed the keys before may still be about to count them.
 */
function settle(kept: Kept, asked: readonly number[], holding: ReadonlySet<number>): void {
  grow(kept, kept.keys.length);
  for (const key of asked) {
    const at = lowerBound(kept.keys, kept.length, key);
    const isKept = at < kept.length && kept.keys[at] === key;
    if (isKept === holding.has(key)) continue;
    if (isKept) {
      kept.keys.copyWithin(at, at + 1, kept.length);
      kept.length -= 1;
      continue;
    }
    if (kept.length === kept.keys.length) grow(kept, kept.keys.length + 16);
    kept.keys.copyWithin(at + 1, at, kept.length);
    kept.keys[at] = key;
    kept.length += 1;
  }
}

function grow(kept: Kept, size: number): void {
  const grown = new Uint32Array(size);
  grown.set(kept.keys.subarray(0, kept.length));
  kept.keys = grown;
}

/** The first place in `keys` (ascending, `length` of them) whose key is at least `key`. */
function lowerBound(keys: Uint32Array, length: number, key: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? 0) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
