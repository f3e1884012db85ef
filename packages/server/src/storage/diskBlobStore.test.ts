import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from './diskBlobStore.ts';

describe('the files-on-disk blob store', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const localFile = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('moves a local file in under its key, and reads, streams and removes it', async () => {
    const store = createDiskBlobStore({ root: path.join(dir, 'originals') });
    const source = localFile('upload.tmp', 'picture bytes');
    expect(await store.exists('photo-1a2b.png')).toBe(false);
    await store.put('photo-1a2b.png', source);
    expect(fs.existsSync(source)).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'originals', 'photo-1a2b.png'), 'utf8')).toBe('picture bytes');
    expect(await store.exists('photo-1a2b.png')).toBe(true);
    expect((await store.read('photo-1a2b.png')).toString()).toBe('picture bytes');
    expect(await text(store.stream('photo-1a2b.png'))).toBe('picture bytes');
    expect(await text(store.stream('photo-1a2b.png', { start: 8, end: 12 }))).toBe('bytes');
    expect(await store.size('photo-1a2b.png')).toBe(13);
    await store.remove('photo-1a2b.png');
    expect(await store.exists('photo-1a2b.png')).toBe(false);
    await expect(store.remove('photo-1a2b.png')).resolves.toBeUndefined();
  });

  it('replaces what a key held', async () => {
    const store = createDiskBlobStore({ root: dir });
    await store.put('logo.svg', localFile('a.tmp', 'first'));
    await store.put('logo.svg', localFile('b.tmp', 'second'));
    expect((await store.read('logo.svg')).toString()).toBe('second');
  });

  it('refuses a key that is a path or has no extension', async () => {
    const store = createDiskBlobStore({ root: path.join(dir, 'originals') });
    localFile('secret.txt', 'not an image');
    for (const key of ['../secret.txt', 'a/b.png', '.hidden.png', 'no-extension', 'x.png/../../secret.txt']) {
      await expect(store.exists(key), key).rejects.toThrow('Not a blob key');
      await expect(store.read(key), key).rejects.toThrow('Not a blob key');
      await expect(store.remove(key), key).rejects.toThrow('Not a blob key');
    }
    expect(fs.existsSync(path.join(dir, 'secret.txt'))).toBe(true);
  });
});
