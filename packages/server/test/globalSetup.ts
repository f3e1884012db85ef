import crypto from 'node:crypto';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { TEST_SCHEMA, createDatabase, databaseUrlOf, dropDatabase } from './postgresTemplate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The PostgreSQL databases of this run: each test's name begins with `prefix`; `template` is migrated to the
     * newest schema for them to be copied from. Undefined without TEST_DATABASE_URL.
     */
    postgresRun: { prefix: string; template: string } | undefined;
  }
}

/** With TEST_DATABASE_URL set, migrates one template database once, so that each test's database is a quick copy. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresRun', undefined);
    return undefined;
  }
  const prefix = `test_${crypto.randomUUID().slice(0, 8)}`;
  const template = `${prefix}_template`;
  await createDatabase(adminUrl, template);
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, template), schema: TEST_SCHEMA });
  try {
    await migrateTo(database.db, { schema: TEST_SCHEMA });
  } finally {
    await database.destroy();
  }
  project.provide('postgresRun', { prefix, template });
  return async () => {
    await dropLeftDatabases(adminUrl, prefix, template);
    await dropDatabase(adminUrl, template);
  };
}

/** Drops the databases of the run that a test left behind, naming the test file that made each (its comment). */
async function dropLeftDatabases(adminUrl: string, prefix: string, template: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client
    .query<{ name: string; made_by: string | null }>(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') AS made_by FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
      [`${prefix}_`, template],
    )
    .finally(() => client.end());
  for (const { name, made_by: madeBy } of rows) {
    console.warn(`A test left its PostgreSQL database ${name} behind (made by ${madeBy ?? 'an unknown test'}); dropping it.`);
    await dropDatabase(adminUrl, name);
  }
}
