import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { uploadSignatureSchema, type Rights } from '@editor/domain';
import { memoryOf, startServerProcess, type Memory } from './serverProcess.ts';

/** Generated pictures survive between runs here: the 99 MB one takes a while to make. */
const CACHE_DIR = path.join(os.tmpdir(), 'editor-bench-upload-images');
const UPLOADER: Rights = { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] };

export interface UploadFigures {
  throughput: { uploads: number; megabytesPerSecond: number; p50: number; p95: number; fileMegabytes: number; failures: number };
  large: { fileMegabytes: number; seconds: number; status: number; before: Memory; peak: Memory };
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

const highest = (a: Memory, b: Memory): Memory => ({ resident: Math.max(a.resident, b.resident), peak: Math.max(a.peak, b.peak), anonymous: Math.max(a.anonymous, b.anonymous), files: Math.max(a.files, b.files) });

interface UploadServer {
  url: string;
  pid: number;
  authorization: string;
  close(): Promise<void>;
}

/** The server as `npm start` runs it, in its own process, so its memory is its own. */
async function startUploadServer(): Promise<UploadServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-upload-'));
  const server = await startServerProcess({ dataDir }).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    pid: server.pid,
    authorization: await server.authorization({ rights: UPLOADER, subject: 'bench-uploader', name: 'Bench Uploader' }),
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
    const { pid } = server;
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
