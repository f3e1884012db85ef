import path from 'node:path';
import Fastify from 'fastify';
import { DEFAULT_SPACES, readLocales } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS } from './demo/demoAccounts.ts';
import { createEmbeddedProvider, registerEmbeddedProvider, OIDC_MOUNT } from './oidc/embeddedProvider.ts';
import { loadOrCreateProviderSecrets, rotateSigningKey } from './oidc/signingKeys.ts';

/**
 * The embedded OpenID provider on its own, as a company sign-in provider for an app started with `OIDC_ISSUER`
 * (docs/operations.md): `PROVIDER_URL` is where it is reached (the issuer is `<PROVIDER_URL>/oidc`), `APP_URL` the app
 * it signs in for, `DATA_DIR` holds its keys and its own SQLite database. `--rotate-signing-key` makes a new signing
 * key before it starts.
 */
const required = (name: string) => {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} must be set`);
  return value.replace(/\/+$/, '');
};
const providerUrl = new URL(required('PROVIDER_URL'));
const appUrl = required('APP_URL');
const dataDir = path.resolve(required('DATA_DIR'));
const list = (value: string | undefined, fallback: string[]) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : fallback);

const secrets = process.argv.includes('--rotate-signing-key') ? await rotateSigningKey(dataDir) : await loadOrCreateProviderSecrets(dataDir);
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'provider.db') });
await migrateToLatest(database.db, database.schema);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const provider = createEmbeddedProvider({
  issuer: `${providerUrl.origin}${OIDC_MOUNT}`,
  clientId: process.env.OIDC_CLIENT_ID?.trim() || 'editor-app',
  publicUrl: appUrl,
  secrets,
  db: database.db,
  accounts: DEMO_ACCOUNTS,
  spaces: list(process.env.SPACES, DEFAULT_SPACES),
  localizations: readLocales(process.env.LOCALES),
});
await registerEmbeddedProvider(app, provider);
await app.listen({ port: Number(providerUrl.port || 80), host: process.env.HOST ?? '0.0.0.0' });
app.log.info(`Signing with key ${String(secrets.signingKey.kid)}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.destroy()).then(() => process.exit(0));
  });
}
