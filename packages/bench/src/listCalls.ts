import { performance } from 'node:perf_hooks';
import { startBenchServer } from './benchServer.ts';
import { measure, type Measurement } from './measure.ts';
import { LOCALES, SPACES, seedListData } from './listSeed.ts';
import { startListWrites, type ListWriter } from './listWrites.ts';

/** The list calls of issue "Finding content", each measured on its own. */
export const LIST_CALLS = {
  'default list': '/api/v1/assets',
  'filtered list': '/api/v1/assets?stencil=story,video&localization=de&publishstatus=published',
  'full-text search': '/api/v1/assets?q=cliff%20diving',
  'EAQL query': `/api/v1/assets?q=${encodeURIComponent('stencil in (story, video) AND _meta.updatedDate >= 2026-01-01 AND NOT status = draft')}`,
  // A word a third of the archive holds, and a stencil one version in twelve has.
  'EAQL full-text': `/api/v1/assets?q=${encodeURIComponent('fulltext ~ mostar AND stencil = athlete')}`,
} as const;

export interface ListFigures {
  seedSeconds: number;
  calls: Array<{ name: string; measurement: Measurement }>;
  /** Saves that ran while the calls were measured, and their p50 / p95 in ms. */
  saves: { saves: number; p50: number; p95: number } | undefined;
  /** The default list called once after each of `pauses` pauses of PAUSE_SECONDS, ms each. */
  afterPauses: number[];
}

/**
 * An editor's list calls come seconds to minutes apart, which a load of calls in a row never shows: a pause longer than
 * pg's default idle timeout (ten seconds) had cost a call its connections and planned statements.
 */
export const PAUSE_SECONDS = 12;

/**
 * With `keep`, the seeded database stays for the next run with the same size, which then skips seeding. With
 * `writes`, versions are saved at that rate while the calls are measured (see `startListWrites`).
 */
export async function benchmarkListCalls(input: {
  databaseUrl?: string | undefined;
  versions: number;
  seconds: number;
  connections: number;
  keep?: boolean;
  writes?: { perSecond: number; before: number };
  pauses?: number;
}): Promise<ListFigures> {
  let seedSeconds = 0;
  const server = await startBenchServer({
    databaseUrl: input.databaseUrl,
    keep: input.keep ? `list_${input.versions}` : undefined,
    prepare: async (db, dialect) => {
      const seeded = await db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const count = Number(seeded.n);
      if (count === 0) seedSeconds = await seedListData(db, dialect, input.versions);
      else if (count !== input.versions) throw new Error(`The kept list database holds ${count} versions, not ${input.versions} (an interrupted seed?): drop it and run again.`);
    },
  });
  try {
    const authorization = await server.authorization({ roles: ['content-manager'], spaces: SPACES, localizations: LOCALES });
    const headers = { authorization };
    // Page 50: follow 49 next links once, then measure that page.
    let href: string = LIST_CALLS['default list'];
    for (let page = 1; page < 50; page++) {
      const response = await fetch(`${server.url}${href}`, { headers });
      const body = (await response.json()) as { _links: { next?: { href: string } } };
      if (!body._links.next) throw new Error(`the list ended at page ${page}`);
      href = body._links.next.href;
    }
    const writer: ListWriter | undefined = input.writes && input.writes.perSecond > 0 ? await startListWrites(server.db, input.databaseUrl ? 'postgres' : 'sqlite', input.writes) : undefined;
    const calls: ListFigures['calls'] = [];
    let saves: ListFigures['saves'];
    try {
      for (const [name, path] of [...Object.entries(LIST_CALLS), ['page 50 via next', href] as const]) {
        calls.push({ name, measurement: await measure({ url: `${server.url}${path}`, headers, seconds: input.seconds, connections: input.connections }) });
      }
    } finally {
      saves = await writer?.stop();
    }
    const afterPauses: number[] = [];
    for (let pause = 0; pause < (input.pauses ?? 0); pause++) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000));
      const started = performance.now();
      const response = await fetch(`${server.url}${LIST_CALLS['default list']}`, { headers });
      await response.json();
      if (!response.ok) throw new Error(`the default list after a pause answered ${response.status}`);
      afterPauses.push(Math.round(performance.now() - started));
    }
    return { seedSeconds, calls, saves, afterPauses };
  } finally {
    await server.close();
  }
}
