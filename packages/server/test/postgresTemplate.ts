import crypto from 'node:crypto';
import { Client } from 'pg';

/**
 * PostgreSQL test databases. Each test database is a database of its own, not a schema beside the others: a migration
 * reads the catalogs of every schema in its database, and it failed with "schema … does not exist" while a test file
 * running alongside dropped its schema. The schema inside keeps one name, so a clone of a migrated template is ready.
 */
export const TEST_SCHEMA = 'editor_test';

/** The URL of the named database on the server `adminUrl` names. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, unused database name under the prefix. */
export const freshDatabaseName = (prefix: string): string => `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`;

/** Runs one administrative statement on the database `adminUrl` names. */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the database, empty or as a copy of `template`, with `comment` (what made it) when given. */
export async function createDatabase(adminUrl: string, name: string, options: { template?: string | undefined; comment?: string | undefined } = {}): Promise<void> {
  const { template, comment } = options;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  if (comment) await adminQuery(adminUrl, `COMMENT ON DATABASE ${name} IS '${comment.replaceAll("'", "''")}'`);
}

/**
 * Drops the database once the connections its user closed are gone. Closing a pool does not wait for the server to
 * see its connections end, and a forced drop would break those still ending with an error; a connection that stays
 * for seconds is a leak, which the forced drop then shows.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      const stillInUse = (error as { code?: string }).code === '55006';
      if (!stillInUse) throw error;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
