import { benchmarkUserCall } from './userCall.ts';

// `npm run bench`: prints figures, asserts nothing. PostgreSQL joins when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const targets: Array<{ name: string; databaseUrl?: string }> = [{ name: 'sqlite' }];
if (postgresUrl) targets.push({ name: 'postgres', databaseUrl: postgresUrl });

console.log(`GET /api/v1/user, ${connections} connections, ${seconds} s each`);
console.log('dialect    req/s    p50 ms  p95 ms  p99 ms  errors');
for (const target of targets) {
  const m = await benchmarkUserCall({ ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}), seconds, connections });
  console.log(
    `${target.name.padEnd(9)} ${String(m.requestsPerSecond).padStart(6)}  ${String(m.p50).padStart(7)} ${String(m.p95).padStart(7)} ${String(m.p99).padStart(7)}  ${m.errors + m.non2xx}`,
  );
}
