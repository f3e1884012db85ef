import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createImageStore } from '../media/imageStore.ts';
import { createDiskBlobStore } from '../media/storage/diskBlobStore.ts';
import { createMediaArchiveService } from './service.ts';

/**
 * The archive's files live beside the image store's, in `$DATA_DIR/media/archive`; its images are originals of the
 * image store too (linked, on the same disk).
 */
export function createMediaArchive(options: { db: Kysely<DB>; dataDir: string }) {
  return createMediaArchiveService({
    db: options.db,
    store: createDiskBlobStore({ root: path.join(options.dataDir, 'media', 'archive') }),
    images: createImageStore({ dataDir: options.dataDir }),
  });
}
