import type { Kysely } from 'kysely';
import type { Dialect } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import { createAssetsService } from '../src/modules/assets/service.ts';
import { createPublishingService } from '../src/modules/publishing/service.ts';
import { createScheduler } from '../src/modules/publishing/scheduler.ts';
import { STENCILS_DIR, loadStencils } from '../src/modules/stencils/loadStencils.ts';
import { createStencilRegistry } from '../src/modules/stencils/stencilRegistry.ts';
import { queueWebhookEvents } from '../src/modules/webhooks/outbox.ts';

const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));

/** A scheduler instance of its own on `db`: one server instance's worth, as main.ts builds it. */
export function schedulerOn(db: Kysely<DB>, dialect: Dialect, options: { now?: Date; batchSize?: number; intervalMs?: number } = {}) {
  const assets = createAssetsService({ db, dialect, stencils, localizations: ['en'], spaces: ['rbcom'], enabledFeatures: [], previewExcludedSpaces: [], queueChangeEvents: queueWebhookEvents });
  const now = () => options.now ?? new Date();
  const publishing = createPublishingService({ db, assets, stencils, now });
  return createScheduler({ db, dialect, publishing, intervalMs: options.intervalMs ?? 1000, batchSize: options.batchSize ?? 50, now });
}
