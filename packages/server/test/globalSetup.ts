import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { TEST_SCHEMA, createDatabase, databaseUrlOf, dropDatabase, freshDatabaseName } from './postgresTemplate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database migrated to the newest schema, which test databases are copied from. */
    postgresTemplate: string | undefined;
  }
}

/** With TEST_DATABASE_URL set, migrates one template database once, so that each test's database is a quick copy. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresTemplate', undefined);
    return undefined;
  }
  const template = freshDatabaseName('test_template');
  await createDatabase(adminUrl, template);
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, template), schema: TEST_SCHEMA });
  try {
    await migrateTo(database.db, { schema: TEST_SCHEMA });
  } finally {
    await database.destroy();
  }
  project.provide('postgresTemplate', template);
  return () => dropDatabase(adminUrl, template);
}
