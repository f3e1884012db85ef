import path from 'node:path';
import type { BlobStore } from './blobStore.ts';
import { createDiskBlobStore } from './diskBlobStore.ts';
import { createS3BlobStore, createS3Client, type S3Location } from './s3BlobStore.ts';

/** Where uploaded originals and the media archive's files live: `STORAGE=disk` (the default) or `STORAGE=s3`. */
export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Location);

function optional(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads `STORAGE` and the `S3_*` variables (README); a missing bucket or a malformed value stops the start. */
export function readStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = optional(env.STORAGE) ?? 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be disk or s3, got "${kind}"`);
  const bucket = optional(env.S3_BUCKET);
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = optional(env.S3_ENDPOINT)?.replace(/\/+$/, '');
  if (endpoint !== undefined && !/^https?:\/\/[^\s/?#]+$/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) address without a path, got "${endpoint}"`);
  const accessKeyId = optional(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = optional(env.S3_SECRET_ACCESS_KEY);
  // One without the other is a typo; with neither, the SDK's own chain (instance role, AWS_* variables) applies.
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const pathStyle = optional(env.S3_FORCE_PATH_STYLE) ?? 'off';
  if (pathStyle !== 'on' && pathStyle !== 'off') throw new Error(`S3_FORCE_PATH_STYLE must be on or off, got "${pathStyle}"`);
  return { kind, endpoint, bucket, region: optional(env.S3_REGION) ?? 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: pathStyle === 'on' };
}

export interface BlobStores {
  /** Originals of the image service (uploads, archive images). */
  originals: BlobStore;
  /** The media archive's files (video, audio, posters). */
  archive: BlobStore;
}

/** The stores the configuration names: folders of `<dataDir>/media`, or prefixes of one bucket. */
export function createBlobStores(options: { storage: StorageConfig; dataDir: string }): BlobStores {
  const { storage, dataDir } = options;
  if (storage.kind === 'disk') {
    return {
      originals: createDiskBlobStore({ root: path.join(dataDir, 'media', 'originals') }),
      archive: createDiskBlobStore({ root: path.join(dataDir, 'media', 'archive') }),
    };
  }
  const client = createS3Client(storage);
  return {
    originals: createS3BlobStore({ client, bucket: storage.bucket, prefix: 'originals/' }),
    archive: createS3BlobStore({ client, bucket: storage.bucket, prefix: 'archive/' }),
  };
}
