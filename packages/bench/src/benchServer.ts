import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Rights } from '@editor/domain';
import { buildApp } from '@editor/server/src/app.ts';
import { issuerOf, readConfig } from '@editor/server/src/config.ts';
import { openDatabase, type Dialect } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import type { DB } from '@editor/server/src/db/schema.ts';
import { groupsFromRights } from '@editor/server/src/auth/identity.ts';
import { loadOrCreateProviderSecrets } from '@editor/server/src/oidc/signingKeys.ts';

export interface BenchServer {
  url: string;
  /** The server's data folder (images, keys, the SQLite file). */
  dataDir: string;
  db: Kysely<DB>;
  /** `Authorization` header of a signed-in user with the given rights. */
  authorization(rights: Rights): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database (SQLite in a temp folder, or its own PostgreSQL schema), listening on loopback.
 * With `keep`, the database is named by it and kept after the run, so a later run can reuse a slow seed.
 */
export async function startBenchServer(input: {
  databaseUrl?: string | undefined;
  keep?: string | undefined;
  prepare?: (db: Kysely<DB>, dialect: Dialect) => Promise<void>;
  /** More environment variables of the server (a built app to serve, say). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = input.keep ? path.join(os.tmpdir(), `editor-bench-${input.keep}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const config = readConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '', ...input.env });
  const schema = input.databaseUrl ? `bench_${input.keep ?? Date.now()}` : undefined;
  const database = await openDatabase({ databaseUrl: input.databaseUrl, sqliteFile: path.join(dataDir, 'bench.db'), ...(schema ? { schema } : {}) });
  await migrateToLatest(database.db, schema);
  await input.prepare?.(database.db, database.dialect);
  const app = await buildApp({ config, database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const secrets = await loadOrCreateProviderSecrets(dataDir);
  const key = await importJWK(secrets.signingKey, 'RS256');

  return {
    url,
    dataDir,
    db: database.db,
    authorization: async (rights) =>
      `Bearer ${await new SignJWT({ name: 'Bench Editor', groups: groupsFromRights(rights) })
        .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
        .setSubject('bench')
        .setIssuer(issuerOf(config))
        .setAudience(config.oidcClientId)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key)}`,
    close: async () => {
      await app.close();
      // Ending the pool waits for the statements of requests the load tool gave up on; dropping the schema while a
      // save still ran deadlocked with it.
      await database.destroy();
      if (schema && !input.keep && input.databaseUrl) {
        const admin = await openDatabase({ databaseUrl: input.databaseUrl });
        try {
          await admin.db.schema.dropSchema(schema).ifExists().cascade().execute();
        } finally {
          await admin.destroy();
        }
      }
      if (!input.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
