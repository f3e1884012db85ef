import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import { buildApp } from '@editor/server/src/app.ts';
import { issuerOf, readConfig } from '@editor/server/src/config.ts';
import { openDatabase } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import { groupsFromRights } from '@editor/server/src/auth/identity.ts';
import { loadOrCreateProviderSecrets } from '@editor/server/src/oidc/signingKeys.ts';
import { measure, type Measurement } from './measure.ts';

/**
 * The user call under load: token verification, the role-override guard and two indexed reads per request.
 * Every request of the app passes the same authentication path, so this is its floor.
 */
export async function benchmarkUserCall(input: { databaseUrl?: string; seconds: number; connections: number }): Promise<Measurement> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-'));
  const config = readConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
  const schema = input.databaseUrl ? `bench_${Date.now()}` : undefined;
  const database = await openDatabase({ databaseUrl: input.databaseUrl, sqliteFile: path.join(dataDir, 'bench.db'), ...(schema ? { schema } : {}) });
  await migrateToLatest(database.db, schema);
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const secrets = await loadOrCreateProviderSecrets(dataDir);
  const token = await new SignJWT({
    name: 'Emma Editor',
    groups: groupsFromRights({ roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en', 'de'] }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
    .setSubject('editor')
    .setIssuer(issuerOf(config))
    .setAudience(config.oidcClientId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(secrets.signingKey, 'RS256'));

  try {
    return await measure({
      url: `${address}/api/v1/user`,
      headers: { authorization: `Bearer ${token}` },
      seconds: input.seconds,
      connections: input.connections,
    });
  } finally {
    await app.close();
    if (schema) await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
