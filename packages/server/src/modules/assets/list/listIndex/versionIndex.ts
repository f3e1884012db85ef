import { WordBitmap } from './wordBitmap.ts';

/** What the list index keeps of a version: the columns its lists filter, sort and count by. */
export interface IndexedVersion {
  asset_id: string;
  locale: string;
  stencil: string;
  status: string;
  /** The asset's spaces as `,a,b,` (migration 007). */
  spaces: string;
  infographic: number;
  updated_at: string;
  /** JSON array of the ids its tagging inputs reference (migration 011). */
  tag_ids: string;
  /** The search key of its words (SQLite's search entry, migration 007; PostgreSQL's, migration 043), which a search's matches name. */
  search_key?: number | string | null;
}

/** How many of the latest search keys handed to versions the index remembers (`searchKeysSince`). */
const SEARCH_KEY_LOG = 65_536;

/**
 * How far a version's last edit may lie before the newest already indexed and still be appended: saves that commit
 * in another order than their clocks ran. An older one (an import of dated versions) makes the index be built again.
 */
export const APPEND_WINDOW_MS = 10_000;

/** Names numbered in the order they are first seen. */
export class Codes {
  private readonly codeOf = new Map<string, number>();
  readonly names: string[] = [];

  code(name: string): number {
    let code = this.codeOf.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.codeOf.set(name, code);
      this.names.push(name);
    }
    return code;
  }

  find(name: string): number | undefined {
    return this.codeOf.get(name);
  }
}

/** The codes of one combination of values: stencil, locale, status, infographic flag and spaces. */
interface Combination {
  stencil: number;
  locale: number;
  status: number;
  infographic: number;
  spaceSet: number;
}

const keyOf = (assetId: string, locale: string) => `${assetId}\n${locale}`;
const combinationKey = (c: Combination) => c.stencil * 2 ** 35 + c.locale * 2 ** 25 + c.status * 2 ** 21 + c.infographic * 2 ** 20 + c.spaceSet;

/** Growable typed columns, one entry per slot. */
function growTo<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  let size = array.length;
  while (size < length) size *= 2;
  const grown = new (array.constructor as new (size: number) => T)(size);
  grown.set(array);
  return grown;
}

/**
 * Every version's list columns in memory (issue "Lists and search that stay fast when every editor asks something
 * different"). A version lives in a slot; slots are numbered in the order of last edits, so the newest versions hold
 * the highest slots, and a version edited again moves to a new slot at the end. Per value of each facet a bitmap of
 * its slots answers filters word by word; per combination a count answers totals and facet buckets without reading a
 * version. docs/list-engine.md draws it.
 */
export class VersionIndex {
  readonly stencils = new Codes();
  readonly locales = new Codes();
  readonly statuses = new Codes();
  /** `,a,b,` texts. */
  readonly spaceSets = new Codes();
  /** Single space names, for the per-space bitmaps. */
  readonly spaceNames = new Codes();
  readonly tags = new Codes();
  /** The space name codes of each space set. */
  readonly spacesOfSet: number[][] = [];

  readonly live = new WordBitmap();
  readonly byStencil: WordBitmap[] = [];
  readonly byLocale: WordBitmap[] = [];
  readonly byStatus: WordBitmap[] = [];
  readonly byInfographic: WordBitmap[] = [new WordBitmap(), new WordBitmap()];
  readonly bySpace: WordBitmap[] = [];
  /**
   * How many versions hold each combination of values (the rows of `asset_list_count`), as columns: entry `i` is one
   * combination. A combination keeps its entry when it empties, so entries only grow with the combinations ever seen.
   */
  readonly combinations = {
    length: 0,
    stencil: new Uint16Array(256),
    locale: new Uint16Array(256),
    status: new Uint8Array(256),
    infographic: new Uint8Array(256),
    spaceSet: new Uint32Array(256),
    n: new Int32Array(256),
  };
  private readonly combinationOf = new Map<number, number>();
  /** Per combination entry, how many of its versions hold each tag: a list's tags without a walk. */
  private readonly tagsOfCombination: TagTally[] = [];

  /** The next free slot. */
  slots = 0;
  private liveCount = 0;
  /** Each slot's codes, read by the walks of `indexedList.ts`. */
  stencilOf = new Uint16Array(1024);
  localeOf = new Uint16Array(1024);
  statusOf = new Uint8Array(1024);
  infographicOf = new Uint8Array(1024);
  spaceSetOf = new Uint32Array(1024);
  /** Each slot's combination entry. */
  combinationAt = new Uint32Array(1024);
  private updatedMs = new Float64Array(1024);
  private tagStart = new Uint32Array(1024);
  private tagCount = new Uint16Array(1024);
  private tagPool = new Uint32Array(4096);
  private tagPoolLength = 0;
  private readonly assetIdOf: string[] = [];
  private readonly updatedAtOf: string[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Per search key (numbered from 1), its slot plus one; 0 for none. */
  private slotOfSearchKey = new Uint32Array(1024);
  private readonly searchKeyOf: Array<number | undefined> = [];
  /** The latest search keys that versions took, in the order the index learnt them, as a ring (see `searchKeysSince`). */
  private readonly searchKeyLog = new Float64Array(SEARCH_KEY_LOG);
  /** How many search keys versions took since the index was made. */
  searchKeyEvents = 0;
  private newestMs = Number.NEGATIVE_INFINITY;

  get size(): number {
    return this.liveCount;
  }

  /** Slots that no version holds any more (edited again or deleted): compacting pays once they outnumber the live. */
  get deadSlots(): number {
    return this.slots - this.liveCount;
  }

  /**
   * Indexes a version as it is now. False when its last edit lies more than APPEND_WINDOW_MS before the newest
   * indexed: the index no longer knows its order and must be built again.
   */
  put(version: IndexedVersion): boolean {
    const key = keyOf(version.asset_id, version.locale);
    const existing = this.slotOf.get(key);
    const previousKey = existing === undefined ? undefined : this.searchKeyOf[existing];
    if (existing !== undefined && this.updatedAtOf[existing] === version.updated_at) {
      // Same last edit, same place: only its values change (a publish, a move between spaces).
      this.release(existing);
      this.fill(existing, version, previousKey);
      return true;
    }
    const ms = Date.parse(version.updated_at);
    if (ms < this.newestMs - APPEND_WINDOW_MS) return false;
    if (existing !== undefined) this.remove(version.asset_id, version.locale);
    const slot = this.slots++;
    this.ensure(this.slots);
    this.newestMs = Math.max(this.newestMs, ms);
    this.assetIdOf[slot] = version.asset_id;
    this.updatedAtOf[slot] = version.updated_at;
    this.updatedMs[slot] = ms;
    this.slotOf.set(key, slot);
    this.liveCount += 1;
    this.fill(slot, version, previousKey);
    return true;
  }

  remove(assetId: string, locale: string): void {
    const key = keyOf(assetId, locale);
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.release(slot);
    this.slotOf.delete(key);
    this.liveCount -= 1;
  }

  assetIdAt(slot: number): string {
    return this.assetIdOf[slot] ?? '';
  }

  localeAt(slot: number): string {
    return this.locales.names[this.localeOf[slot] ?? 0] ?? '';
  }

  updatedAtAt(slot: number): string {
    return this.updatedAtOf[slot] ?? '';
  }

  updatedMsAt(slot: number): number {
    return this.updatedMs[slot] ?? 0;
  }

  /** Adds one to `counts` for each tag of a slot; a tag counted for the first time joins `firsts`. */
  countTags(slot: number, counts: Uint32Array, firsts: number[]): void {
    const start = this.tagStart[slot] ?? 0;
    const end = start + (this.tagCount[slot] ?? 0);
    for (let at = start; at < end; at++) {
      const tag = this.tagPool[at] ?? 0;
      const count = (counts[tag] ?? 0) + 1;
      counts[tag] = count;
      if (count === 1) firsts.push(tag);
    }
  }

  /** How many versions of a combination entry hold each tag. */
  tagsOf(entry: number): TagTally | undefined {
    return this.tagsOfCombination[entry];
  }

  /** The slot of the version whose words have the search key `searchKey`, if indexed. */
  slotOfSearch(searchKey: number): number | undefined {
    const slot = this.slotOfSearchKey[searchKey] ?? 0;
    return slot === 0 ? undefined : slot - 1;
  }

  /**
   * The search keys versions took after event `since` (a count of `searchKeyEvents`), in the order the index learnt
   * them; undefined when the index no longer remembers them all. A search's kept matches ask it for entries written
   * after they were read that may not be among them (`matchKeyCache.ts`).
   */
  searchKeysSince(since: number): number[] | undefined {
    if (this.searchKeyEvents - since > SEARCH_KEY_LOG) return undefined;
    const keys: number[] = [];
    for (let event = since; event < this.searchKeyEvents; event++) keys.push(this.searchKeyLog[event % SEARCH_KEY_LOG] ?? 0);
    return keys;
  }

  private fill(slot: number, version: IndexedVersion, previousKey: number | undefined): void {
    // PostgreSQL hands a bigint over as text.
    const searchKey = version.search_key === null || version.search_key === undefined ? undefined : Number(version.search_key);
    this.searchKeyOf[slot] = searchKey;
    if (searchKey !== undefined) {
      this.slotOfSearchKey = growTo(this.slotOfSearchKey, searchKey + 1);
      this.slotOfSearchKey[searchKey] = slot + 1;
      if (searchKey !== previousKey) this.searchKeyLog[this.searchKeyEvents++ % SEARCH_KEY_LOG] = searchKey;
    }
    const stencil = this.stencils.code(version.stencil);
    const locale = this.locales.code(version.locale);
    const status = this.statuses.code(version.status);
    const infographic = version.infographic ? 1 : 0;
    const spaceSet = this.spaceSetCode(version.spaces);
    this.stencilOf[slot] = stencil;
    this.localeOf[slot] = locale;
    this.statusOf[slot] = status;
    this.infographicOf[slot] = infographic;
    this.spaceSetOf[slot] = spaceSet;
    this.live.set(slot);
    bitmapOf(this.byStencil, stencil).set(slot);
    bitmapOf(this.byLocale, locale).set(slot);
    bitmapOf(this.byStatus, status).set(slot);
    bitmapOf(this.byInfographic, infographic).set(slot);
    for (const space of this.spacesOfSet[spaceSet] ?? []) bitmapOf(this.bySpace, space).set(slot);
    const tagIds = parseTagIds(version.tag_ids);
    this.tagPool = growTo(this.tagPool, this.tagPoolLength + tagIds.length);
    this.tagStart[slot] = this.tagPoolLength;
    this.tagCount[slot] = tagIds.length;
    for (const id of tagIds) this.tagPool[this.tagPoolLength++] = this.tags.code(id);
    this.count({ stencil, locale, status, infographic, spaceSet }, slot, 1);
  }

  /** Takes a slot's values out of the bitmaps and counts; the slot keeps its place and last edit. */
  private release(slot: number): void {
    const searchKey = this.searchKeyOf[slot];
    if (searchKey !== undefined && this.slotOfSearchKey[searchKey] === slot + 1) this.slotOfSearchKey[searchKey] = 0;
    const stencil = this.stencilOf[slot] ?? 0;
    const locale = this.localeOf[slot] ?? 0;
    const status = this.statusOf[slot] ?? 0;
    const infographic = this.infographicOf[slot] ?? 0;
    const spaceSet = this.spaceSetOf[slot] ?? 0;
    this.live.clear(slot);
    this.byStencil[stencil]?.clear(slot);
    this.byLocale[locale]?.clear(slot);
    this.byStatus[status]?.clear(slot);
    this.byInfographic[infographic]?.clear(slot);
    for (const space of this.spacesOfSet[spaceSet] ?? []) this.bySpace[space]?.clear(slot);
    this.count({ stencil, locale, status, infographic, spaceSet }, slot, -1);
  }

  /** Adds `delta` for a slot's version to its combination's count and to that combination's count of each of its tags. */
  private count(combination: Combination, slot: number, delta: number): void {
    const key = combinationKey(combination);
    const c = this.combinations;
    let entry = this.combinationOf.get(key);
    if (entry === undefined) {
      entry = c.length++;
      this.combinationOf.set(key, entry);
      c.stencil = growTo(c.stencil, c.length);
      c.locale = growTo(c.locale, c.length);
      c.status = growTo(c.status, c.length);
      c.infographic = growTo(c.infographic, c.length);
      c.spaceSet = growTo(c.spaceSet, c.length);
      c.n = growTo(c.n, c.length);
      c.stencil[entry] = combination.stencil;
      c.locale[entry] = combination.locale;
      c.status[entry] = combination.status;
      c.infographic[entry] = combination.infographic;
      c.spaceSet[entry] = combination.spaceSet;
    }
    c.n[entry] = (c.n[entry] ?? 0) + delta;
    this.combinationAt[slot] = entry;
    let tally = this.tagsOfCombination[entry];
    if (!tally) {
      tally = new TagTally();
      this.tagsOfCombination[entry] = tally;
    }
    const start = this.tagStart[slot] ?? 0;
    for (let at = start; at < start + (this.tagCount[slot] ?? 0); at++) tally.add(this.tagPool[at] ?? 0, delta);
  }

  private spaceSetCode(spaces: string): number {
    const known = this.spaceSets.find(spaces);
    if (known !== undefined) return known;
    const code = this.spaceSets.code(spaces);
    this.spacesOfSet[code] = spaces
      .split(',')
      .filter(Boolean)
      .map((space) => this.spaceNames.code(space));
    return code;
  }

  private ensure(length: number): void {
    this.stencilOf = growTo(this.stencilOf, length);
    this.localeOf = growTo(this.localeOf, length);
    this.statusOf = growTo(this.statusOf, length);
    this.infographicOf = growTo(this.infographicOf, length);
    this.spaceSetOf = growTo(this.spaceSetOf, length);
    this.combinationAt = growTo(this.combinationAt, length);
    this.updatedMs = growTo(this.updatedMs, length);
    this.tagStart = growTo(this.tagStart, length);
    this.tagCount = growTo(this.tagCount, length);
  }
}

/**
 * Counts per tag code as two parallel columns, which a list reads straight through; a tag keeps its place when its
 * count falls to 0, so the columns only grow with the tags a combination ever held.
 */
export class TagTally {
  private readonly placeOf = new Map<number, number>();
  tags = new Uint32Array(4);
  counts = new Int32Array(4);
  length = 0;

  add(tag: number, delta: number): void {
    let place = this.placeOf.get(tag);
    if (place === undefined) {
      place = this.length++;
      this.placeOf.set(tag, place);
      this.tags = growTo(this.tags, this.length);
      this.counts = growTo(this.counts, this.length);
      this.tags[place] = tag;
    }
    this.counts[place] = (this.counts[place] ?? 0) + delta;
  }
}

function bitmapOf(bitmaps: WordBitmap[], code: number): WordBitmap {
  let bitmap = bitmaps[code];
  if (!bitmap) {
    bitmap = new WordBitmap();
    bitmaps[code] = bitmap;
  }
  return bitmap;
}

function parseTagIds(json: string): string[] {
  if (!json || json === '[]') return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === 'string'))] : [];
}
