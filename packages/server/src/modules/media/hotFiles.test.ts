import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHotFiles } from './hotFiles.ts';

describe('hot image files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes: number) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.alloc(bytes, name.charCodeAt(0)));
    return file;
  };

  it('keeps a small file in memory after the first read: the next answer needs no disk', async () => {
    const files = createHotFiles({ maxBytes: 1000, maxFileBytes: 100 });
    const file = write('a.jpg', 80);
    const first = await files.open(file);
    expect(first.size).toBe(80);
    expect(Buffer.isBuffer(first.body)).toBe(true);
    fs.rmSync(file);
    expect((await files.open(file)).body).toEqual(first.body);
  });

  it('streams a larger file and keeps nothing of it', async () => {
    const files = createHotFiles({ maxBytes: 1000, maxFileBytes: 100 });
    const file = write('b.jpg', 300);
    const opened = await files.open(file);
    expect(opened.size).toBe(300);
    expect(opened.body).toBeInstanceOf(Readable);
    expect((await buffer(opened.body as Readable)).length).toBe(300);
    fs.rmSync(file);
    await expect(files.open(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lets the least recently used files go when the budget is spent', async () => {
    const files = createHotFiles({ maxBytes: 200, maxFileBytes: 100 });
    const [a, b, c] = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => write(name, 90));
    await files.open(a!);
    await files.open(b!);
    await files.open(a!);
    // c pushes the total over 200: b, the least recently used, goes.
    await files.open(c!);
    for (const file of [a!, b!, c!]) fs.rmSync(file);
    await expect(files.open(a!)).resolves.toMatchObject({ size: 90 });
    await expect(files.open(c!)).resolves.toMatchObject({ size: 90 });
    await expect(files.open(b!)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
