import fs from 'node:fs/promises';
import path from 'node:path';

/** What the rendition cache may hold on disk when `RENDITION_CACHE_MAX_BYTES` is not set: 2 GiB. */
export const DEFAULT_RENDITION_CACHE_MAX_BYTES = 2 * 1024 ** 3;

const UNITS: Readonly<Record<string, number>> = { '': 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Reads `RENDITION_CACHE_MAX_BYTES` (README): whole bytes, or with KB, MB or GB (of 1024); a malformed value stops the start. */
export function readRenditionCacheMaxBytes(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_RENDITION_CACHE_MAX_BYTES;
  const match = /^(\d{1,15})\s*([kmg]b)?$/i.exec(text);
  const bytes = match ? Number(match[1]) * (UNITS[(match[2] ?? '').toLowerCase()] ?? Number.NaN) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new Error(`RENDITION_CACHE_MAX_BYTES must be a number of bytes above 0, optionally with KB, MB or GB (e.g. 2GB), got "${value}"`);
  return bytes;
}

/** A cache file as the scan finds it. */
interface Found {
  file: string;
  bytes: number;
  mtimeMs: number;
}

/** The files two levels down (`<root>/<image id>/<rendition>`), leaving out temporary files being written. */
async function scan(root: string): Promise<Found[]> {
  const found: Found[] = [];
  const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(root, folder.name);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (name.endsWith('.tmp')) continue;
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat?.isFile()) found.push({ file, bytes: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  return found.toSorted((a, b) => a.mtimeMs - b.mtimeMs);
}

/**
 * Keeps the files of a cache folder within `maxBytes`, removing the least recently used first. It learns the files
 * already there on first use, oldest first by their time of writing (the order of use is kept in memory only), and
 * every file written or used since. The newest file always stays, however large, so a rendition just made can be
 * sent. `onEvict` is told of each file removed, so the caller stops believing it is on disk.
 */
export function createCacheBudget(options: { root: string; maxBytes: number; onEvict?: (file: string) => void }) {
  const { root, maxBytes } = options;
  /** File -> bytes, least recently used first (a Map keeps insertion order). */
  const entries = new Map<string, number>();
  let total = 0;
  let loading: Promise<void> | undefined;
  let evicting: Promise<void> | undefined;

  function put(file: string, bytes: number) {
    drop(file);
    entries.set(file, bytes);
    total += bytes;
  }

  function drop(file: string) {
    const bytes = entries.get(file);
    if (bytes === undefined) return;
    entries.delete(file);
    total -= bytes;
  }

  /** The files already on disk, learnt once; files met meanwhile are newer and stay after them. */
  function load(): Promise<void> {
    loading ??= scan(root).then((found) => {
      const meanwhile = [...entries];
      entries.clear();
      total = 0;
      for (const { file, bytes } of found) put(file, bytes);
      for (const [file, bytes] of meanwhile) put(file, bytes);
    });
    return loading;
  }

  async function evictOldest() {
    await load();
    while (total > maxBytes && entries.size > 1) {
      const [oldest] = entries.keys();
      if (oldest === undefined) break;
      drop(oldest);
      await fs.rm(oldest, { force: true }).catch(() => undefined);
      options.onEvict?.(oldest);
    }
  }

  /** One eviction run at a time; a run started while one is under way follows it. */
  function evict(): Promise<void> {
    // A file that cannot be removed is only forgotten: the next run goes on with the others.
    evicting = (evicting ?? Promise.resolve()).then(evictOldest).catch(() => undefined);
    return evicting;
  }

  /**
   * A file just written: counted as the most recently used, and older ones removed in the background while the cache
   * is over budget (`settled` waits for that).
   */
  function add(file: string, bytes: number): void {
    put(file, bytes);
    if (total > maxBytes || !loading) void evict();
  }

  /**
   * A file used again moves to the back. One this instance has not met (written by another instance, or found before
   * the first scan ended) is counted from its size.
   */
  function touch(file: string): void {
    const bytes = entries.get(file);
    if (bytes !== undefined) {
      entries.delete(file);
      entries.set(file, bytes);
      return;
    }
    void fs
      .stat(file)
      .then((stat) => add(file, stat.size))
      .catch(() => undefined);
  }

  /** Forgets the files below a folder that was removed as a whole (an image's renditions). */
  function forgetFolder(folder: string): void {
    const prefix = `${folder}${path.sep}`;
    // Deleting the entry just visited is safe while a Map is iterated.
    for (const file of entries.keys()) if (file.startsWith(prefix)) drop(file);
  }

  /** Resolves once the evictions started so far have run. */
  const settled = (): Promise<void> => evicting ?? load();

  return { add, touch, forgetFolder, settled, usage: () => ({ files: entries.size, bytes: total }) };
}

export type CacheBudget = ReturnType<typeof createCacheBudget>;
