import { sql } from 'kysely';
import { startBenchServer } from './benchServer.ts';
import { LIST_CALLS } from './listCalls.ts';
import { SERIES_IDS, seedListData } from './listSeed.ts';
import { measure, type Measurement } from './measure.ts';

const SPACES = ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'];
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US'];
/** The list of the load workloads: published English stories, newest first, 12 a page, with total and facets. */
const LIST = '/api/v1/assets?publishstatus=published&localization=en&stencil=story&limit=12';
/** Versions the update workload saves (stories, so the content it sends back is a story's). */
const UPDATE_SAMPLE = 2000;

const eaql = (query: string) => `/api/v1/assets?q=${encodeURIComponent(query)}&limit=12`;

export interface LoadFigures {
  seedSeconds: number;
  /** The title the content sub-field workload asks for, and how many versions it matches. */
  contentTitle: { title: string; matches: number };
  /** Per number of connections, each workload's figures. */
  runs: Array<{ connections: number; calls: Array<{ name: string; measurement: Measurement }> }>;
  /** The list calls of issue "Finding content", one request at a time, on the same server. */
  single: Array<{ name: string; measurement: Measurement }>;
}

/**
 * The list workloads of issue "Lists and search under concurrent load", each at every number of `connections`: the
 * list, the same list with a search text, get one version, update one version (PUT with If-Match), a content
 * sub-field equality with a status (one match), and the same on a sub-field a fifth of the versions hold.
 */
export async function benchmarkListLoad(input: { databaseUrl?: string | undefined; versions: number; seconds: number; connections: number[]; keep?: boolean; listCacheMs?: number | undefined; sqliteReaders?: number | undefined }): Promise<LoadFigures> {
  let seedSeconds = 0;
  const server = await startBenchServer({
    databaseUrl: input.databaseUrl,
    env: {
      ...(input.listCacheMs === undefined ? {} : { LIST_CACHE_MS: String(input.listCacheMs) }),
      ...(input.sqliteReaders === undefined ? {} : { SQLITE_READERS: String(input.sqliteReaders) }),
    },
    keep: input.keep ? `load_${input.versions}` : undefined,
    prepare: async (db, dialect) => {
      const seeded = await db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const count = Number(seeded.n);
      if (count === 0) seedSeconds = await seedListData(db, dialect, input.versions);
      else if (count !== input.versions) throw new Error(`The kept load database holds ${count} versions, not ${input.versions} (an interrupted seed?): drop it and run again.`);
    },
  });
  try {
    const { db } = server;
    const authorization = await server.authorization({ roles: ['content-manager'], spaces: SPACES, localizations: LOCALES });
    const headers = { authorization };
    const newest = await db.selectFrom('asset_localization').select('title').where('status', '=', 'published').where('stencil', '=', 'story').orderBy('updated_at', 'desc').limit(1).executeTakeFirstOrThrow();
    const matching = await db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number>().as('n')).where('title', '=', newest.title).where('status', '=', 'published').executeTakeFirstOrThrow();
    // Saves leave the asked-for title alone: they send each version's content back with another teaser.
    const sample = await sql<{ asset_id: string; locale: string; version: number; content: string }>`SELECT asset_id, locale, version, content FROM asset_localization
      WHERE stencil = 'story' AND title <> ${newest.title} ORDER BY asset_id LIMIT ${UPDATE_SAMPLE}`.execute(db);
    const keys = sample.rows.map((row) => ({ path: `/api/v1/assets/${row.asset_id}/localizations/${row.locale}`, content: JSON.parse(row.content) as Record<string, unknown> }));
    const versionOf = new Map(sample.rows.map((row) => [`/api/v1/assets/${row.asset_id}/localizations/${row.locale}`, Number(row.version)]));
    const pick = () => keys[Math.floor(Math.random() * keys.length)] ?? { path: '', content: {} };
    // A version being saved is not sent again until it answers: two saves of one version with the same If-Match would
    // answer 412 (the conflict refusal a stale save gets), which would count as an error of the run.
    const saving = new Set<string>();
    const pickIdle = () => {
      let picked = pick();
      while (saving.has(picked.path)) picked = pick();
      saving.add(picked.path);
      return picked;
    };
    let saves = 0;

    const workloads: Array<{ name: string; spec: Omit<Parameters<typeof measure>[0], 'connections' | 'seconds'> }> = [
      { name: 'list', spec: { url: `${server.url}${LIST}`, headers } },
      { name: 'list + search', spec: { url: `${server.url}${LIST}&q=summit`, headers } },
      { name: 'get one', spec: { url: server.url, headers, nextRequest: () => ({ method: 'GET', path: pick().path }) } },
      {
        name: 'update one (If-Match)',
        spec: {
          url: server.url,
          headers,
          nextRequest: (context) => {
            const { path, content } = pickIdle();
            context.path = path;
            const body = JSON.stringify({ content: { ...content, teaser: { value: `Saved by the benchmark, save ${(saves += 1)}.` } } });
            return { method: 'PUT', path, body, headers: { 'if-match': `"${versionOf.get(path) ?? 1}"` } };
          },
          onResponse: (status, responseHeaders, context) => {
            const etag = responseHeaders.etag ?? responseHeaders.ETag;
            if (typeof context.path !== 'string') return;
            saving.delete(context.path);
            if (status === 200 && etag) versionOf.set(context.path, Number(etag.replaceAll('"', '')));
          },
        },
      },
      { name: 'content.title = … AND status', spec: { url: `${server.url}${eaql(`content.title = "${newest.title}" AND status = published`)}`, headers } },
      { name: `content.motorsport-series-id = … AND status`, spec: { url: `${server.url}${eaql(`content.motorsport-series-id = ${SERIES_IDS[2]} AND status = published`)}`, headers } },
    ];
    const runs: LoadFigures['runs'] = [];
    for (const connections of input.connections) {
      const calls: LoadFigures['runs'][number]['calls'] = [];
      for (const workload of workloads) {
        calls.push({ name: workload.name, measurement: await measure({ ...workload.spec, seconds: input.seconds, connections }) });
        // The load tool stops waiting at the end of its time, the server does not: one more call waits for what it
        // still works on, which would otherwise count against the next workload.
        await (await fetch(`${server.url}${LIST}`, { headers })).arrayBuffer();
      }
      runs.push({ connections, calls });
    }
    const single: LoadFigures['single'] = [];
    for (const [name, path] of Object.entries(LIST_CALLS)) single.push({ name, measurement: await measure({ url: `${server.url}${path}`, headers, seconds: input.seconds, connections: 1 }) });
    return { seedSeconds, contentTitle: { title: newest.title, matches: Number(matching.n) }, runs, single };
  } finally {
    await server.close();
  }
}
