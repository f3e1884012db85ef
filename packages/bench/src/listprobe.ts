import { startBenchServer } from './benchServer.ts';
import { seedListData } from './listSeed.ts';
const n = Number(process.argv[2] ?? 20000);
const server = await startBenchServer({ databaseUrl: process.env.PROBE_PG, prepare: async (db, dialect) => { console.log('seeded', n, 'in', await seedListData(db, dialect, n), 's'); } });
const authorization = await server.authorization({ roles: ['content-manager'], spaces: ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'], localizations: ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US'] });
for (const path of ['/api/v1/assets', '/api/v1/assets', '/api/v1/assets?stencil=story,video&localization=de&publishstatus=published', '/api/v1/assets?q=cliff%20diving', `/api/v1/assets?q=${encodeURIComponent('stencil in (story, video) AND _meta.updatedDate >= 2026-01-01 AND NOT status = draft')}`]) {
  const t = performance.now();
  const r = await fetch(server.url + path, { headers: { authorization } });
  const body = await r.json() as { total: number };
  console.log(r.status, Math.round(performance.now() - t), 'ms', body.total, path.slice(0, 60));
}
await server.close();
