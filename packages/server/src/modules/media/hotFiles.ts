import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** Renditions a page shows are small (a 400-wide card is 5–40 kB) and asked for again and again. */
export const HOT_FILE_MAX_BYTES = 512 * 1024;
export const HOT_FILES_MAX_BYTES = 48 * 1024 * 1024;

export type FileBody = { body: Buffer; size: number } | { body: Readable; size: number };

/**
 * The bytes of recently sent small image files, kept in memory, least recently used first out. Safe because a file
 * under a name never changes (names carry a hash of the original's content and every transformation). A cached
 * answer costs no file system call: reading from disk (open, stat, read, close through libuv's four threads) was what
 * kept cached renditions at about 60 % of the requests a second @fastify/static manages. A larger file is streamed.
 */
export function createHotFiles(options: { maxBytes?: number; maxFileBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? HOT_FILES_MAX_BYTES;
  const maxFileBytes = options.maxFileBytes ?? HOT_FILE_MAX_BYTES;
  const files = new Map<string, Buffer>();
  let total = 0;

  function keep(file: string, body: Buffer) {
    files.set(file, body);
    total += body.length;
    for (const [oldest, bytes] of files) {
      if (total <= maxBytes) break;
      files.delete(oldest);
      total -= bytes.length;
    }
  }

  /** The file's bytes from memory, or read (and kept when small) or streamed from disk; throws ENOENT like fs. */
  async function open(file: string): Promise<FileBody> {
    const hot = files.get(file);
    if (hot) {
      // Used again: to the back of the queue.
      files.delete(file);
      files.set(file, hot);
      return { body: hot, size: hot.length };
    }
    const handle = await fs.open(file);
    let isStreaming = false;
    try {
      const { size } = await handle.stat();
      if (size > maxFileBytes) {
        isStreaming = true;
        return { body: handle.createReadStream(), size };
      }
      const body = await handle.readFile();
      keep(file, body);
      return { body, size: body.length };
    } finally {
      // A stream closes its handle when it ends.
      if (!isStreaming) await handle.close();
    }
  }

  return { open };
}
