import { benchmarkAssetCalls } from './assetCalls.ts';
import { TABLE_HEADER, formatRow } from './measure.ts';
import { benchmarkUserCall } from './userCall.ts';

// `npm run bench`: prints figures, asserts nothing. PostgreSQL joins when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const versions = Number(process.env.BENCH_VERSIONS ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const targets: Array<{ dialect: string; databaseUrl?: string }> = [{ dialect: 'sqlite' }];
if (postgresUrl) targets.push({ dialect: 'postgres', databaseUrl: postgresUrl });

console.log(`${connections} connections, ${seconds} s per call, on ${new Intl.NumberFormat('en').format(versions)} asset versions`);
console.log(TABLE_HEADER);
for (const target of targets) {
  console.log(formatRow(`${target.dialect} GET user`, await benchmarkUserCall({ databaseUrl: target.databaseUrl, seconds, connections })));
  const assets = await benchmarkAssetCalls({ databaseUrl: target.databaseUrl, versions, seconds, connections });
  console.log(formatRow(`${target.dialect} GET one version`, assets.getOne));
  console.log(formatRow(`${target.dialect} PUT save version`, assets.save));
  console.log(`${target.dialect}: seeded in ${assets.seedSeconds} s`);
}
