import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
// The server reads WEB_DIST_DIR too; it defaults to the app `npm run build` writes.
const webDist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist');
const START_TIMEOUT_MS = 120_000;

export interface WebAppServer {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

/**
 * The server as `npm start` runs it (its own process, the built app, the embedded sign-in provider) on a fresh data
 * folder without demo content: a browser signs in and edits as a person does.
 */
export async function startWebAppServer(): Promise<WebAppServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('The editor benchmark needs the built app: run `npm run build` first.');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, DEMO_CONTENT: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const close = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`The server stopped while starting:\n${errors}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return { url, close };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`The server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${errors}`);
}
