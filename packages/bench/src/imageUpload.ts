import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import sharp from 'sharp';
import { uploadSignatureSchema, type Rights } from '@editor/domain';
import { issuerOf, readConfig } from '@editor/server/src/config.ts';
import { groupsFromRights } from '@editor/server/src/auth/identity.ts';
import { loadOrCreateProviderSecrets } from '@editor/server/src/oidc/signingKeys.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Generated pictures survive between runs here: the 99 MB one takes a while to make. */
const CACHE_DIR = path.join(os.tmpdir(), 'editor-bench-upload-images');
const START_TIMEOUT_MS = 60_000;
const UPLOADER: Rights = { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] };

export interface UploadFigures {
  throughput: { uploads: number; megabytesPerSecond: number; p50: number; p95: number; fileMegabytes: number; failures: number };
  large: { fileMegabytes: number; seconds: number; status: number; before: Memory; peak: Memory };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

/** A square of noise as a JPEG at quality 100, without chroma subsampling: it barely compresses. */
const encodeNoise = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();

/**
 * A JPEG of noise at quality 100 (it barely compresses), close below `targetBytes`: the size is estimated from a
 * sample and corrected until the file lands between 98 % and 100 % of the target. Kept in the temp folder.
 */
async function noisyJpeg(targetBytes: number): Promise<string> {
  const file = path.join(CACHE_DIR, `noise-${targetBytes}.jpg`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const sample = await encodeNoise(500);
  let side = Math.floor(500 * Math.sqrt((targetBytes * 0.99) / sample.length));
  for (let attempt = 0; attempt < 5; attempt++) {
    const data = await encodeNoise(side);
    if (data.length < targetBytes && data.length >= targetBytes * 0.98) {
      fs.writeFileSync(file, data);
      return file;
    }
    side = Math.floor(side * Math.sqrt((targetBytes * 0.99) / data.length));
  }
  throw new Error(`Could not make a JPEG of about ${targetBytes} bytes.`);
}

/** Resident memory in MB: all of it, the process's own (heap, buffers) and mapped files (page cache it maps). */
export interface Memory {
  resident: number;
  anonymous: number;
  files: number;
}

/** Resident memory of a process, from /proc (Linux). */
function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const megabytes = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 102.4) / 10;
  return { resident: megabytes('VmRSS'), anonymous: megabytes('RssAnon'), files: megabytes('RssFile') };
}

const highest = (a: Memory, b: Memory): Memory => ({ resident: Math.max(a.resident, b.resident), anonymous: Math.max(a.anonymous, b.anonymous), files: Math.max(a.files, b.files) });

interface UploadServer {
  url: string;
  process: ChildProcess;
  authorization: string;
  close(): Promise<void>;
}

/** The server as `npm start` runs it, in its own process, so its memory is its own. */
async function startUploadServer(): Promise<UploadServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-upload-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, DEMO_CONTENT: 'off', LOG_LEVEL: 'warn', WEB_DIST_DIR: path.join(dataDir, 'no-web') };
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: repoRoot, env: { ...process.env, ...env, DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
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
    if (server.exitCode !== null) throw new Error(`The server stopped while starting:\n${errors}`);
    const healthy = await fetch(`${url}/api/health`).then((answer) => answer.ok, () => false);
    if (healthy) {
      const config = readConfig(env);
      const secrets = await loadOrCreateProviderSecrets(dataDir);
      const token = await new SignJWT({ name: 'Bench Uploader', groups: groupsFromRights(UPLOADER) })
        .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid })
        .setSubject('bench-uploader')
        .setIssuer(issuerOf(config))
        .setAudience(config.oidcClientId)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(await importJWK(secrets.signingKey, 'RS256'));
      return { url, process: server, authorization: `Bearer ${token}`, close };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`The server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${errors}`);
}

/** One upload as the browser makes it: the signature call, then the signed fields and the file as form data. */
async function uploadOnce(server: UploadServer, file: Blob, filename: string): Promise<{ status: number; milliseconds: number }> {
  const signed = await fetch(`${server.url}/api/v1/cloudinary-signature`, {
    method: 'POST',
    headers: { authorization: server.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ space: 'rbcom' }),
  });
  if (!signed.ok) throw new Error(`signature: ${signed.status} ${await signed.text()}`);
  const signature = uploadSignatureSchema.parse(await signed.json());
  const form = new FormData();
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
  form.append('file', file, filename);
  const started = performance.now();
  const response = await fetch(new URL(signature.upload_url, server.url), { method: 'POST', body: form });
  await response.arrayBuffer();
  return { status: response.status, milliseconds: performance.now() - started };
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * `BENCH_ONLY=upload`: a 5 MB JPEG uploaded `concurrency` at a time for `seconds` (MB/s, p50/p95 of the upload
 * POST), then one 99 MB JPEG while the server process's resident memory is sampled every 20 ms.
 */
export async function benchmarkImageUploads(input: { seconds: number; concurrency: number }): Promise<UploadFigures> {
  const [smallFile, largeFile] = [await noisyJpeg(5_000_000), await noisyJpeg(99_000_000)];
  const server = await startUploadServer();
  try {
    const small = await fs.openAsBlob(smallFile, { type: 'image/jpeg' });
    // Warm-up: the first upload pays for loading sharp and the JIT.
    await uploadOnce(server, small, 'warm-up.jpg');
    const times: number[] = [];
    let failures = 0;
    const started = performance.now();
    const until = started + input.seconds * 1000;
    await Promise.all(
      Array.from({ length: input.concurrency }, async () => {
        while (performance.now() < until) {
          const result = await uploadOnce(server, small, 'five-megabytes.jpg');
          if (result.status === 200) times.push(result.milliseconds);
          else failures++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const sorted = times.toSorted((a, b) => a - b);
    const pid = server.process.pid ?? 0;
    // Let the heap settle after the load before taking the baseline.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = memoryOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = highest(peak, memoryOf(pid));
    }, 20);
    const large = await uploadOnce(server, await fs.openAsBlob(largeFile, { type: 'image/jpeg' }), 'ninety-nine-megabytes.jpg');
    clearInterval(sampler);
    peak = highest(peak, memoryOf(pid));
    return {
      throughput: {
        uploads: times.length,
        megabytesPerSecond: round((times.length * small.size) / 1e6 / elapsed),
        p50: round(percentile(sorted, 0.5), 0),
        p95: round(percentile(sorted, 0.95), 0),
        fileMegabytes: round(small.size / 1e6, 2),
        failures,
      },
      large: {
        fileMegabytes: round(fs.statSync(largeFile).size / 1e6, 2),
        seconds: round(large.milliseconds / 1000, 2),
        status: large.status,
        before,
        peak,
      },
    };
  } finally {
    await server.close();
  }
}
