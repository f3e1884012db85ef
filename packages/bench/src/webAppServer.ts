import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
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

/** A throw-away self-signed certificate for localhost, made with the `openssl` CLI in `folder`. */
function selfSignedCertificate(folder: string): { key: Buffer; cert: Buffer } {
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'pipe' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/**
 * Terminates TLS in front of the server, as a deployment's proxy does, and passes every answer on untouched (its
 * compression included). The server believes the forwarded scheme from loopback (`TRUSTED_PROXIES`).
 */
async function startTlsProxy(input: { port: number; upstreamPort: number; folder: string }): Promise<() => Promise<void>> {
  const proxy = https.createServer(selfSignedCertificate(input.folder), (request, response) => {
    const upstream = http.request(
      { host: 'localhost', port: input.upstreamPort, path: request.url, method: request.method, headers: { ...request.headers, 'x-forwarded-proto': 'https', 'x-forwarded-host': request.headers.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(input.port, resolve));
  return () => new Promise<void>((resolve) => proxy.close(() => resolve()));
}

/**
 * The server as `npm start` runs it (its own process, the built app, the embedded sign-in provider) on a fresh data
 * folder without demo content: a browser signs in and edits as a person does. With `https`, the browser reaches it
 * through a TLS proxy with a self-signed certificate (Chromium asks for brotli only over https).
 */
export async function startWebAppServer(options: { https?: boolean } = {}): Promise<WebAppServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('The editor benchmark needs the built app: run `npm run build` first.');
  const port = await freePort();
  const serverUrl = `http://localhost:${port}`;
  const proxyPort = options.https ? await freePort() : undefined;
  const url = proxyPort ? `https://localhost:${proxyPort}` : serverUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'warn',
      ...(proxyPort ? { TRUSTED_PROXIES: 'loopback' } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let closeProxy: (() => Promise<void>) | undefined;
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const close = async () => {
    await closeProxy?.();
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
    const healthy = await fetch(`${serverUrl}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) {
      if (proxyPort) closeProxy = await startTlsProxy({ port: proxyPort, upstreamPort: port, folder: dataDir });
      return { url, close };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`The server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${errors}`);
}
