import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startObjectStore, type ObjectStore } from '../../test/objectStore.ts';
import type { BlobStore } from './blobStore.ts';
import { createBlobStores, readStorageConfig, type StorageConfig } from './storageConfig.ts';

/** The same calls, the same answers: each store the configuration can name runs this suite. */
const STORES: Array<{ name: string; storage: (objects: ObjectStore) => StorageConfig }> = [
  { name: 'files on disk (STORAGE=disk)', storage: () => readStorageConfig({}) },
  { name: 'an S3-protocol server (STORAGE=s3)', storage: (objects) => readStorageConfig(objects.env) },
];

const uniqueKey = (extension: string) => `blob-${crypto.randomUUID()}.${extension}`;

describe.each(STORES)('the blob store port on $name', ({ storage }) => {
  let objects: ObjectStore;
  let dir: string;
  let originals: BlobStore;
  let archive: BlobStore;

  beforeAll(async () => {
    objects = await startObjectStore();
  });
  afterAll(async () => {
    await objects.stop();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-contract-'));
    ({ originals, archive } = createBlobStores({ storage: storage(objects), dataDir: dir }));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const localFile = (content: string | Buffer) => {
    const file = path.join(dir, `${crypto.randomUUID()}.tmp`);
    fs.writeFileSync(file, content);
    return file;
  };

  it('puts a local file under its key (the file is gone afterwards), and reads, streams, sizes and removes it', async () => {
    const key = uniqueKey('png');
    const source = localFile('picture bytes');
    expect(await originals.exists(key)).toBe(false);
    await originals.put(key, source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await originals.exists(key)).toBe(true);
    expect((await originals.read(key)).toString()).toBe('picture bytes');
    expect(await text(originals.stream(key))).toBe('picture bytes');
    expect(await text(originals.stream(key, { start: 8, end: 12 }))).toBe('bytes');
    expect(await text(originals.stream(key, { start: 0, end: 0 }))).toBe('p');
    expect(await originals.size(key)).toBe(13);
    await originals.remove(key);
    expect(await originals.exists(key)).toBe(false);
    await expect(originals.remove(key)).resolves.toBeUndefined();
  });

  it('replaces what a key held', async () => {
    const key = uniqueKey('svg');
    await originals.put(key, localFile('first'));
    await originals.put(key, localFile('second, longer'));
    expect((await originals.read(key)).toString()).toBe('second, longer');
    expect(await originals.size(key)).toBe(14);
  });

  it('streams a file of several megabytes whole and by range, byte for byte', async () => {
    const key = uniqueKey('mp4');
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    await archive.put(key, localFile(bytes));
    expect((await buffer(archive.stream(key))).equals(bytes)).toBe(true);
    const start = 2 * 1024 * 1024 + 5;
    const end = bytes.length - 1;
    expect((await buffer(archive.stream(key, { start, end }))).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('lets a reader stop a stream part way, and serves the next read whole', async () => {
    const key = uniqueKey('mp4');
    const bytes = crypto.randomBytes(2 * 1024 * 1024);
    await archive.put(key, localFile(bytes));
    const stream = archive.stream(key);
    await new Promise<void>((resolve, reject) => {
      stream.once('data', () => {
        stream.destroy();
        resolve();
      });
      stream.once('error', reject);
    });
    expect((await buffer(archive.stream(key))).equals(bytes)).toBe(true);
  });

  it('answers an unknown key with ENOENT from read, size and stream, and false from exists', async () => {
    const key = uniqueKey('jpg');
    await expect(originals.read(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(originals.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(text(originals.stream(key))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await originals.exists(key)).toBe(false);
  });

  it('keeps the originals and the archive apart', async () => {
    const key = uniqueKey('jpg');
    await originals.put(key, localFile('an original'));
    expect(await archive.exists(key)).toBe(false);
    await archive.put(key, localFile('an archive file'));
    expect((await originals.read(key)).toString()).toBe('an original');
    expect((await archive.read(key)).toString()).toBe('an archive file');
  });

  it('refuses a key that is a path or has no extension', async () => {
    for (const key of ['../secret.txt', 'a/b.png', '.hidden.png', 'no-extension', 'x.png/../../secret.txt']) {
      await expect(originals.exists(key), key).rejects.toThrow('Not a blob key');
      await expect(originals.read(key), key).rejects.toThrow('Not a blob key');
      await expect(originals.remove(key), key).rejects.toThrow('Not a blob key');
      expect(() => originals.stream(key), key).toThrow('Not a blob key');
    }
  });
});

describe('reading STORAGE and the S3 variables', () => {
  it('keeps the disk by default and reads an S3 location with its defaults', () => {
    expect(readStorageConfig({})).toEqual({ kind: 'disk' });
    expect(readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'media' })).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'on', S3_REGION: 'eu-central-1' })).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      region: 'eu-central-1',
    });
  });

  it('stops the start on a value it cannot use', () => {
    expect(() => readStorageConfig({ STORAGE: 'ftp' })).toThrow('STORAGE must be disk or s3, got "ftp"');
    expect(() => readStorageConfig({ STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s) address');
    expect(() => readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be on or off, got "yes"');
  });
});
