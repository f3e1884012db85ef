import type { Readable } from 'node:stream';

/**
 * Where originals are kept, by key (`<referenceId>.<ext>`): files on disk by default, or an S3-compatible object store
 * (`STORAGE=s3`) behind the same six calls.
 */
export interface BlobStore {
  /** Moves a finished local file in under the key; the source is gone afterwards. Replaces what the key held. */
  put(key: string, sourceFile: string): Promise<void>;
  /** The whole blob; for small files (an SVG to check, a test). 404-free: throws when the key is unknown. */
  read(key: string): Promise<Buffer>;
  /** The blob as a stream, for sending large files without holding them; `range` is inclusive byte offsets (HTTP ranges). */
  stream(key: string, range?: { start: number; end: number }): Readable;
  /** The blob's length in bytes; throws when the key is unknown. */
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Removes the blob; removing an unknown key is not an error. */
  remove(key: string): Promise<void>;
  /** The blob's file on this machine when the store keeps files on disk; an object store has none. */
  localFile?: (key: string) => string;
}

/** A key is one file name: letters, digits, '-', '_' and one dot before the extension; never a path. */
export const BLOB_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.[a-z0-9]{1,8}$/;

export function assertBlobKey(key: string): void {
  if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
}
