import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENDITION_CACHE_MAX_BYTES, createCacheBudget, readRenditionCacheMaxBytes } from './cacheBudget.ts';

describe('RENDITION_CACHE_MAX_BYTES', () => {
  it.each([
    [undefined, DEFAULT_RENDITION_CACHE_MAX_BYTES],
    ['', DEFAULT_RENDITION_CACHE_MAX_BYTES],
    ['500000', 500_000],
    ['512MB', 512 * 1024 ** 2],
    ['2 gb', 2 * 1024 ** 3],
    ['64kb', 64 * 1024],
  ])('reads %j as %i bytes', (value, bytes) => {
    expect(readRenditionCacheMaxBytes(value)).toBe(bytes);
  });

  it.each(['0', '-1', 'lots', '1.5GB', '10TB', '99999999999999GB'])('stops the start for %j', (value) => {
    expect(() => readRenditionCacheMaxBytes(value)).toThrow(/RENDITION_CACHE_MAX_BYTES/);
  });
});

describe('the rendition cache budget', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-budget-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Writes a cache file of `bytes` under an image's folder, as the store does, and returns its path. */
  const write = (name: string, bytes: number, image = 'image-1') => {
    const file = path.join(root, image, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.alloc(bytes));
    return file;
  };
  const left = () => (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => name.includes('.')).toSorted();

  it('removes the least recently used files once the budget is exceeded, and says which', async () => {
    const evicted: string[] = [];
    const budget = createCacheBudget({ root, maxBytes: 250, onEvict: (file) => evicted.push(path.basename(file)) });
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) {
      budget.add(write(name, 100), 100);
      await budget.settled();
    }
    expect(evicted).toEqual(['a.jpg']);
    // b is used again, so c is now the least recently used.
    budget.touch(path.join(root, 'image-1', 'b.jpg'));
    budget.add(write('d.jpg', 100), 100);
    await budget.settled();
    expect(evicted).toEqual(['a.jpg', 'c.jpg']);
    expect(left()).toEqual([path.join('image-1', 'b.jpg'), path.join('image-1', 'd.jpg')]);
    expect(budget.usage()).toEqual({ files: 2, bytes: 200 });
  });

  it('learns the files already there, oldest first, and leaves temporary files alone', async () => {
    const old = write('old.jpg', 100, 'image-2');
    const older = write('older.jpg', 100, 'image-3');
    fs.utimesSync(old, new Date('2025-01-02'), new Date('2025-01-02'));
    fs.utimesSync(older, new Date('2025-01-01'), new Date('2025-01-01'));
    write('half-written.jpg.123.tmp', 500);
    const budget = createCacheBudget({ root, maxBytes: 250 });
    budget.add(write('new.jpg', 100), 100);
    await budget.settled();
    expect(left()).toEqual([path.join('image-1', 'half-written.jpg.123.tmp'), path.join('image-1', 'new.jpg'), path.join('image-2', 'old.jpg')]);
    expect(budget.usage()).toEqual({ files: 2, bytes: 200 });
  });

  it('keeps the newest file, however large, so it can be sent', async () => {
    const budget = createCacheBudget({ root, maxBytes: 50 });
    budget.add(write('a.jpg', 100), 100);
    await budget.settled();
    budget.add(write('b.jpg', 100), 100);
    await budget.settled();
    expect(left()).toEqual([path.join('image-1', 'b.jpg')]);
  });

  it('counts a file another instance wrote when it is first used', async () => {
    const budget = createCacheBudget({ root, maxBytes: 150 });
    budget.add(write('mine.jpg', 100), 100);
    await budget.settled();
    const theirs = write('theirs.jpg', 100);
    budget.touch(theirs);
    await expect.poll(() => left()).toEqual([path.join('image-1', 'theirs.jpg')]);
  });

  it('forgets the files of a folder removed as a whole', async () => {
    const budget = createCacheBudget({ root, maxBytes: 1000 });
    budget.add(write('a.jpg', 100, 'image-1'), 100);
    budget.add(write('b.jpg', 100, 'image-10'), 100);
    await budget.settled();
    budget.forgetFolder(path.join(root, 'image-1'));
    expect(budget.usage()).toEqual({ files: 1, bytes: 100 });
  });
});
