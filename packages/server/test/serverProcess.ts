import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { SignJWT, importJWK } from 'jose';
import { groupsFromRights } from '../src/auth/identity.ts';
import type { Dialect } from '../src/db/database.ts';
import { loadOrCreateProviderSecrets } from '../src/oidc/signingKeys.ts';
import { inject } from 'vitest';
import { freePort, testFileName, type TestUser } from './harness.ts';
import { createDatabase, databaseUrlOf, dropDatabase, freshDatabaseName } from './postgresTemplate.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The real server (`main.ts`) in a child process on a fresh database: SQLite in a temporary DATA_DIR, or a PostgreSQL
 * database of its own beside the one TEST_DATABASE_URL names. It can be killed and started again on the same data.
 */
export async function startServerProcess(dialect: Dialect, extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-process-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    databaseName = freshDatabaseName(inject('postgresRun')?.prefix ?? 'test');
    await createDatabase(adminUrl, databaseName, { comment: testFileName() });
    databaseUrl = databaseUrlOf(adminUrl, databaseName);
  }
  // The child finds the embedded provider's key here and signs with it; tokens made here are its own.
  const secrets = await loadOrCreateProviderSecrets(dataDir);
  const key = await importJWK(secrets.signingKey, 'RS256');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl ?? '',
    ...extraEnv,
  };
  let child: ChildProcess | undefined;
  let stderr = '';

  async function isUp(): Promise<boolean> {
    try {
      return (await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  }

  /** Starts the server and waits until it answers. */
  async function start(): Promise<void> {
    stderr = '';
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child = started;
    const deadline = Date.now() + 30_000;
    while (!(await isUp())) {
      if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills the server with SIGKILL: no shutdown, no flush, the way a crash or an out-of-memory kill ends it. */
  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  }

  /** Sends the signal (SIGTERM: a graceful shutdown) and waits for the server to exit; answers its exit code. */
  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const running = child;
    child = undefined;
    if (!running) return null;
    if (running.exitCode !== null || running.signalCode !== null) return running.exitCode;
    const exited = once(running, 'exit');
    running.kill(signal);
    const [code] = (await exited) as [number | null];
    return code;
  }

  /** An ID token of the embedded provider for the user, as the harness makes them. */
  async function tokenFor(user: TestUser): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: user.sub, name: user.name ?? user.sub, rbshortname: user.sub, groups: groupsFromRights(user.rights), iss: `${origin}/oidc`, aud: 'editor-app', iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
      .sign(key);
  }

  /** Kills the server and removes its data. */
  async function remove(): Promise<void> {
    await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName && adminUrl) await dropDatabase(adminUrl, databaseName);
  }

  return { origin, start, kill, stop, tokenFor, remove, stderr: () => stderr };
}
