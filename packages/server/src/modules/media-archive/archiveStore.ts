import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createImageStore } from '../media/imageStore.ts';
import { createBlobStores, type StorageConfig } from '../../storage/storageConfig.ts';
import { createMediaArchiveService } from './service.ts';

/**
 * The archive's files live beside the image store's originals: in `$DATA_DIR/media/archive` on disk, or under
 * `archive/` in the bucket with `STORAGE=s3`; its images are originals of the image store too.
 */
export function createMediaArchive(options: { db: Kysely<DB>; dataDir: string; storage?: StorageConfig }) {
  const stores = createBlobStores({ storage: options.storage ?? { kind: 'disk' }, dataDir: options.dataDir });
  return createMediaArchiveService({
    db: options.db,
    store: stores.archive,
    images: createImageStore({ dataDir: options.dataDir, originals: stores.originals }),
  });
}
