import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, generateKeyPair, importJWK, type JWTPayload } from 'jose';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { readConfig, issuerOf, type Config } from '../src/config.ts';
import { openDatabase, type Database, type Dialect } from '../src/db/database.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { groupsFromRights } from '../src/auth/identity.ts';
import { loadOrCreateProviderSecrets } from '../src/oidc/signingKeys.ts';
import { writeSearchEntry } from '../src/db/dialects/fullText.ts';
import type { Rights } from '@editor/domain';
import { checkResponsesAgainstSchemas } from './responseSchemas.ts';
import { TEST_SCHEMA, createDatabase, databaseUrlOf, dropDatabase, freshDatabaseName } from './postgresTemplate.ts';

/** A port that is free on loopback now, for tests that need a real listening server. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The dialects server tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  /** Drops what the test made: the SQLite file or the PostgreSQL database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh database of the dialect, migrated to the newest schema or, for a test of a migration's backfill, up to the
 * migration named `upTo`. A PostgreSQL one is a database of its own (see postgresTemplate.ts), copied from the run's
 * migrated template when it can be.
 */
export async function openTestDatabase(dialect: Dialect, dir: string, options: { upTo?: string } = {}): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const run = inject('postgresRun');
    const name = freshDatabaseName(run?.prefix ?? 'test');
    await createDatabase(adminUrl, name, { template: options.upTo === undefined ? run?.template : undefined, comment: testFileName() });
    const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), schema: TEST_SCHEMA });
    await migrateTo(database.db, { to: options.upTo, schema: TEST_SCHEMA });
    return {
      ...database,
      cleanup: async () => {
        await database.destroy();
        await dropDatabase(adminUrl, name);
      },
    };
  }
  const database = await openDatabase({ sqliteFile: path.join(dir, 'test.db') });
  await migrateTo(database.db, { to: options.upTo });
  return { ...database, cleanup: () => database.destroy() };
}

/** The running test's file, to name what made a database a test left behind (`globalSetup.ts`). */
export const testFileName = (): string | undefined => {
  const { testPath } = expect.getState();
  return testPath === undefined ? undefined : path.basename(testPath);
};

/** A database migrated up to the named migration, in a folder of its own that cleanup removes (migration tests). */
export async function openDatabaseUpTo(dialect: Dialect, migration: string): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-migration-'));
  const database = await openTestDatabase(dialect, dir, { upTo: migration });
  return {
    ...database,
    cleanup: async () => {
      await database.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  sub: string;
  name?: string;
  rights: Rights;
}

export const TECH_ADMIN: TestUser = {
  sub: 'admin',
  name: 'Ada Admin',
  rights: { roles: ['admin', 'technical-admin-user', 'content-manager'], spaces: ['rbcom', 'rbtv', 'global'], localizations: ['en', 'de', 'ja'] },
};
export const EDITOR: TestUser = {
  sub: 'editor',
  name: 'Emma Editor',
  rights: { roles: ['content-editor', 'translator'], spaces: ['rbcom', 'global'], localizations: ['en', 'de', 'fr', 'es', 'it'] },
};
export const HUB: TestUser = {
  sub: 'hub',
  name: 'Hanna Hub',
  rights: { roles: ['content-editor', 'content-hub-manager'], spaces: ['illume'], localizations: ['en'] },
};
export const TV: TestUser = {
  sub: 'tv',
  name: 'Tara Vision',
  rights: { roles: ['content-editor', 'rbtv-content-creator'], spaces: ['rbtv'], localizations: ['en', 'de'] },
};
/** An editor who may also change the taxonomy-manager inputs (main partner, no-monetization...). */
export const TAXONOMY_MANAGER: TestUser = {
  sub: 'taxonomist',
  name: 'Toni Taxonomist',
  rights: { roles: ['content-editor', 'translator', 'taxonomy-manager'], spaces: ['rbcom', 'global'], localizations: ['en', 'de', 'fr', 'es', 'it'] },
};
export const CURATOR: TestUser = {
  sub: 'curator',
  name: 'Chris Curator',
  rights: { roles: ['curator'], spaces: ['rbcom'], localizations: ['en'] },
};

/** `count` random tag ids in byte order. */
export const sortedTagIds = (count: number): string[] => Array.from({ length: count }, () => crypto.randomUUID()).toSorted();

/**
 * Stores a story version with the given tag ids and nothing else a migration's backfill does not need (tests of the
 * tag-number migrations); returns its asset id.
 */
export async function insertTaggedVersion(db: Database['db'], tagIds: readonly string[]): Promise<string> {
  const assetId = crypto.randomUUID();
  const at = '2026-01-01T00:00:00.000Z';
  await db.insertInto('asset').values({ id: assetId, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }).execute();
  await db.insertInto('asset_localization').values({
    asset_id: assetId, locale: 'en', stencil: 'story', status: 'draft', title: 'A story', content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1,
    created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
    publish_start: null, publish_end: null, tag_ids: JSON.stringify(tagIds),
  }).execute();
  return assetId;
}

/**
 * Stores a taxonomy asset (a discipline, a content category...) the way an import would: such stencils are
 * referenced by content but not created in the editor.
 */
export async function insertTaxonomyAsset(database: Pick<Database, 'db' | 'dialect'>, input: { id: string; stencil: string; space: string; title: string; locale?: string }): Promise<void> {
  const { db } = database;
  const at = new Date().toISOString();
  const locale = input.locale ?? 'en';
  await db.insertInto('asset').values({ id: input.id, stencil: input.stencil, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }).execute();
  await db.insertInto('asset_space').values({ asset_id: input.id, space: input.space }).execute();
  await db
    .insertInto('asset_localization')
    .values({
      asset_id: input.id,
      locale,
      stencil: input.stencil,
      status: 'published',
      title: input.title,
      content: JSON.stringify({ title: { value: input.title } }),
      meta: '{}',
      changed_properties: '[]',
      published_content: JSON.stringify({ title: { value: input.title } }),
      version: 1,
      created_at: at,
      created_by: 'Importer',
      updated_at: at,
      updated_by: 'Importer',
      first_published_at: at,
      last_published_at: at,
      last_shipped_at: null,
      publish_start: null,
      publish_end: null,
    })
    .execute();
  await writeSearchEntry(db, database.dialect, { id: input.id, locale, title: input.title, body: '' });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** An ID token of the embedded provider's key for the user; `claims` and `options` bend it for negative tests. */
  tokenFor(user: TestUser, claims?: JWTPayload, options?: { key?: 'provider' | 'foreign' }): Promise<string>;
  /** `Authorization` header for the user. */
  auth(user: TestUser): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The whole server in-process on a real database, with the embedded sign-in provider; `deps` swaps its clock or log. */
export async function startTestApp(dialect: Dialect, env: Record<string, string> = {}, deps: Pick<AppDependencies, 'clock' | 'logStream' | 'resolveHost'> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-test-'));
  const config = readConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });
  const database = await openTestDatabase(dialect, dataDir);
  const app = await buildApp({ config, database, ...deps });
  const responseMismatches = checkResponsesAgainstSchemas(app);
  await app.ready();
  const secrets = await loadOrCreateProviderSecrets(config.dataDir);
  const providerKey = await importJWK(secrets.signingKey, 'RS256');
  const foreignKey = (await generateKeyPair('RS256')).privateKey;

  const tokenFor: TestApp['tokenFor'] = async (user, claims = {}, options = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      sub: user.sub,
      name: user.name ?? user.sub,
      rbshortname: user.sub,
      groups: groupsFromRights(user.rights),
      iss: issuerOf(config),
      aud: config.oidcClientId,
      iat: now,
      exp: now + 600,
      ...claims,
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
      .sign(options.key === 'foreign' ? foreignKey : providerKey);
  };

  return {
    app,
    config,
    database,
    tokenFor,
    auth: async (user) => ({ authorization: `Bearer ${await tokenFor(user)}` }),
    close: async () => {
      await app.close();
      await database.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const mismatches = responseMismatches();
      if (mismatches.length > 0) {
        throw new Error(`answers that differ from the API reference:\n${mismatches.map((m) => `${m.route} ${m.status}: ${m.problem}`).join('\n')}`);
      }
    },
  };
}
