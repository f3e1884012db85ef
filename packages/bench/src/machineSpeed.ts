import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '@editor/server/src/db/database.ts';

/** The fastest of three runs of `work`, in whole ms. */
async function best(work: () => unknown): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return Math.round(fastest);
}

/**
 * Two fixed pieces of work timed on the machine the bench runs on (best of three, ms), printed with its figures: the
 * same code measured 2–3 times slower on one 2-core machine than on another, so figures from different days compare
 * only next to these.
 */
export async function measureMachineSpeed(postgresUrl: string | undefined): Promise<{ javascript: number; postgres: number | undefined }> {
  const javascript = await best(() => {
    let sum = 0;
    for (let i = 0; i < 100_000_000; i++) sum += i % 7;
    return sum;
  });
  if (!postgresUrl) return { javascript, postgres: undefined };
  const database = await openDatabase({ databaseUrl: postgresUrl });
  try {
    return { javascript, postgres: await best(() => sql`SELECT count(*) FROM generate_series(1, 2000000)`.execute(database.db)) };
  } finally {
    await database.destroy();
  }
}
