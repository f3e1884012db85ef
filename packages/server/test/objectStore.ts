import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../src/storage/s3BlobStore.ts';

/** s3rver's built-in account; it checks signatures with it. */
const S3RVER_KEY = 'S3RVER';

/**
 * An S3-protocol server in this process on a free loopback port, with one empty bucket, its objects in a temporary
 * folder. `location` is what `STORAGE=s3` would read; `env` the same as variables for a server process.
 */
export async function startObjectStore(bucket = 'editor-media') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'object-store-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const location: S3Location = { endpoint, bucket, region: 'us-east-1', accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY, forcePathStyle: true };
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_FORCE_PATH_STYLE: 'on',
  };
  return {
    location,
    env,
    /** The folder s3rver keeps objects in. */
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type ObjectStore = Awaited<ReturnType<typeof startObjectStore>>;
