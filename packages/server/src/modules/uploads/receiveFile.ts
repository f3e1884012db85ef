import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MESSAGES } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';

export const tooLarge = () => new HttpError(413, IMAGE_UPLOAD_MESSAGES.tooLarge, { code: 'too-large' });

export interface ReceivedFile {
  bytes: number;
  sha256: string;
}

/**
 * Streams an uploaded file to `target`, counting and hashing on the way, never holding it in memory. At
 * 100,000,000 bytes (spec 000 §5) it stops with 413 and removes what it wrote; any other failure removes it too.
 */
export async function receiveFile(source: Readable, target: string, maxBytes = IMAGE_UPLOAD_MAX_BYTES): Promise<ReceivedFile> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes >= maxBytes) return callback(tooLarge());
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // The parser cuts a file at its own limit and says so with 'limit'; a cut file is a too-large file.
  let cut = false;
  source.once('limit', () => {
    cut = true;
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(target, { flags: 'wx' }));
    if (cut) throw tooLarge();
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}
