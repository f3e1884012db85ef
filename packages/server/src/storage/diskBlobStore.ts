import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobStore } from './blobStore.ts';

/** Moves a file, copying when the rename crosses file systems (a temp folder on another disk). */
async function moveFile(source: string, target: string): Promise<void> {
  try {
    await fsp.rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    // Copy next to the target first, so a reader never sees half a file.
    const temporary = `${target}.${crypto.randomUUID()}.tmp`;
    await pipeline(fs.createReadStream(source), fs.createWriteStream(temporary));
    await fsp.rename(temporary, target);
    await fsp.rm(source, { force: true });
  }
}

/** Blobs as files in one folder, a file per key; writes are a rename, so a blob appears whole or not at all. */
export function createDiskBlobStore(options: { root: string }): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(options.root, key);
  };
  return {
    async put(key, sourceFile) {
      const target = fileOf(key);
      await fsp.mkdir(options.root, { recursive: true });
      await moveFile(sourceFile, target);
    },
    async read(key) {
      return fsp.readFile(fileOf(key));
    },
    stream: (key, range) => fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}),
    async size(key) {
      return (await fsp.stat(fileOf(key))).size;
    },
    async exists(key) {
      const file = fileOf(key);
      try {
        await fsp.access(file);
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    localFile: fileOf,
  };
}
