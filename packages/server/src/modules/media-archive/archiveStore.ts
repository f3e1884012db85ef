import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createDiskBlobStore } from '../media/storage/diskBlobStore.ts';
import { createMediaArchiveService } from './service.ts';

/** The archive's files live beside the image store's, in `$DATA_DIR/media/archive`. */
export function createMediaArchive(options: { db: Kysely<DB>; dataDir: string }) {
  return createMediaArchiveService({ db: options.db, store: createDiskBlobStore({ root: path.join(options.dataDir, 'media', 'archive') }) });
}
