import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { PassThrough, Readable, Transform, pipeline } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobStore } from './blobStore.ts';

/** Where an S3-compatible object store is reached (`STORAGE=s3` and the `S3_*` variables, README). */
export interface S3Location {
  /** An http(s) endpoint for MinIO, Ceph, R2, a test server…; unset talks to AWS itself in `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name: what most self-hosted stores want. */
  forcePathStyle: boolean;
}

export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(location.accessKeyId && location.secretAccessKey ? { credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey } } : {}),
    // Checksums only where S3 asks for them: many S3-compatible stores do not know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  return false;
}

/** The error the disk store throws for an unknown key, so callers treat both stores alike. */
function notFoundError(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: no blob ${key}`);
  error.code = 'ENOENT';
  return error;
}

/** Passes `length` bytes after the first `skip`, and ends. */
function sliceOf(window: { skip: number; length: number }): Transform {
  let position = 0;
  const end = window.skip + window.length;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, window.skip - position);
      const to = Math.min(chunk.length, end - position);
      position += chunk.length;
      done(null, to > from ? chunk.subarray(from, to) : undefined);
    },
  });
}

/**
 * Blobs as objects of one bucket under `prefix` (`originals/`, `archive/`), so several instances share them. A put
 * sends the local file and removes it once the store has it; an object appears whole or not at all.
 */
export function createS3BlobStore(options: { client: S3Client; bucket: string; prefix: string }): BlobStore {
  const { client, bucket } = options;
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${options.prefix}${key}`;
  };

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`The object store sent no body for ${key}`);
      if (!range) return answer.Body;
      // A store may ignore a range it finds odd (s3rver answers `bytes=0-0` with the whole object): cut it here then.
      const skip = answer.ContentRange === undefined ? range.start : 0;
      return pipeline(answer.Body, sliceOf({ skip, length: range.end - range.start + 1 }), () => undefined);
    } catch (error) {
      if (isNotFound(error)) throw notFoundError(key);
      throw error;
    }
  }

  return {
    async put(key, sourceFile) {
      const target = objectKey(key);
      const { size } = await fsp.stat(sourceFile);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: target, Body: fs.createReadStream(sourceFile), ContentLength: size }));
      await fsp.rm(sourceFile, { force: true });
    },
    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream(key, range) {
      objectKey(key);
      // The port hands out a stream at once; the object's body flows into it when the store answers.
      const out = new PassThrough();
      get(key, range).then(
        (body) => {
          body.on('error', (error) => out.destroy(error));
          // A reader that stops early (a client gone mid-video) must not leave the store's connection open.
          out.once('close', () => body.destroy());
          body.pipe(out);
        },
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    async size(key) {
      const answer = await head(key);
      if (!answer) throw notFoundError(key);
      return answer.ContentLength ?? 0;
    },
    async exists(key) {
      return (await head(key)) !== undefined;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
