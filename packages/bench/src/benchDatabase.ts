import crypto from 'node:crypto';
import { Client } from 'pg';

async function runAdmin(adminUrl: string, statement: string): Promise<unknown[]> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query(statement)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * A PostgreSQL database of its own for server processes, which take no schema; SQLite needs none (undefined URL).
 * With `keep`, the database is named by it, made only if missing and left for the next run; otherwise it is new and
 * `drop` removes it.
 */
export async function createBenchDatabase(adminUrl: string | undefined, keep?: string): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = keep ? `bench_${keep.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}` : `bench_${crypto.randomUUID().replaceAll('-', '')}`;
  const exists = keep && (await runAdmin(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0;
  if (!exists) await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: keep ? async () => {} : async () => void (await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}
