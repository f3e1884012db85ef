import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import type { Rights } from '@editor/domain';
import { groupsFromRights } from '@editor/server/src/auth/identity.ts';
import { issuerOf, readConfig } from '@editor/server/src/config.ts';
import { loadOrCreateProviderSecrets } from '@editor/server/src/oidc/signingKeys.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'packages/server/src/main.ts');
const START_TIMEOUT_MS = 60_000;

/** A port that is free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory in MB: now, the highest since the process started (VmHWM), its own (heap, buffers) and mapped files. */
export interface Memory {
  resident: number;
  peak: number;
  anonymous: number;
  files: number;
}

/** The memory of a process, from /proc (Linux). */
export function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const megabytes = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 102.4) / 10;
  return { resident: megabytes('VmRSS'), peak: megabytes('VmHWM'), anonymous: megabytes('RssAnon'), files: megabytes('RssFile') };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  pid: number;
  /** `Authorization` header of a user with these rights, signed with the server's own provider key. */
  authorization(input: { rights: Rights; subject: string; name: string }): Promise<string>;
  /** Stops the process (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (`main.ts`), in a process of its own so that its memory and its event loop are
 * its own, on `dataDir`; resolves once it answers its health check. `env` adds to or overrides the defaults (no demo
 * content, no web app, warnings only, SQLite unless DATABASE_URL is given).
 */
export async function startServerProcess(input: { dataDir: string; env?: NodeJS.ProcessEnv; /** Node's own options (`--cpu-prof`, say). */ nodeOptions?: string[] }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: input.dataDir,
    DEMO_CONTENT: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(input.dataDir, 'no-web'),
    ...input.env,
  };
  const child = spawn(process.execPath, [...(input.nodeOptions ?? []), '--import', 'tsx', SERVER_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then((answer) => answer.ok, () => false);
    if (healthy) break;
    if (child.exitCode !== null) throw new Error(`The server stopped while starting:\n${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const secrets = await loadOrCreateProviderSecrets(input.dataDir);
  const key = await importJWK(secrets.signingKey, 'RS256');
  const config = readConfig(env);
  return {
    url,
    child,
    pid: child.pid ?? 0,
    authorization: async ({ rights, subject, name }) =>
      `Bearer ${await new SignJWT({ name, groups: groupsFromRights(rights) })
        .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
        .setSubject(subject)
        .setIssuer(issuerOf(config))
        .setAudience(config.oidcClientId)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key)}`,
    stop,
  };
}
