import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDemoImages } from '@editor/server/src/demo/demoImages.ts';
import { createImageStore } from '@editor/server/src/modules/media/imageStore.ts';
import { measure, type Measurement } from './measure.ts';
import { startBenchServer } from './benchServer.ts';

export interface DeliveryFigures {
  rows: Array<{ name: string; measurement: Measurement }>;
  /** Renditions the cold runs made (files in the cache afterwards), against their requests. */
  coldRenders: number;
  coldRequests: number;
  renditionBytes: number;
}

const IMAGES = 4;
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

/** Every file in the rendition cache. */
const countRenditions = (cacheDir: string) => (fs.existsSync(cacheDir) ? (fs.readdirSync(cacheDir, { recursive: true }) as string[]).filter((name) => /\.(jpg|webp|avif|png|gif)$/.test(name)).length : 0);

/**
 * Image delivery under load: 400-wide renditions of the demo landscapes (1600×900 JPEGs saved through the image store)
 * rendered cold, each request a crop never asked before, and served from the cache; beside them a file of the same
 * size served by @fastify/static in the same server, the floor of serving bytes from disk.
 */
export async function benchmarkImageDelivery(input: { seconds: number; connections: number }): Promise<DeliveryFigures> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><title>bench</title>');
  const server = await startBenchServer({ env: { WEB_DIST_DIR: webDist } });
  try {
    const images = createImageStore({ dataDir: server.dataDir });
    const ids = (await createDemoImages({ images, seed: 7, count: IMAGES })).map((image) => image.referenceId);
    const cacheDir = path.join(server.dataDir, 'media', 'cache');
    const { seconds, connections } = input;
    const rows: DeliveryFigures['rows'] = [];

    // Cold: crops move by a pixel per request (and down a row after 600), over the images in turn, so none repeats.
    const coldRun = async (name: string, resize: string, headers: Record<string, string>) => {
      let next = 0;
      const before = countRenditions(cacheDir);
      const measurement = await measure({
        url: server.url,
        headers,
        seconds,
        connections,
        nextRequest: () => {
          const n = next++;
          const id = ids[n % IMAGES];
          const step = Math.floor(n / IMAGES);
          return { method: 'GET', path: `/media/image/upload/c_crop,x_${step % 600},y_${Math.floor(step / 600) % 300},w_960,h_540/${resize}/${id}` };
        },
      });
      rows.push({ name, measurement });
      return { renders: countRenditions(cacheDir) - before, requests: next };
    };
    const coldJpeg = await coldRun('400 wide rendition, cold (JPEG)', 'w_400', {});
    const coldAvif = await coldRun('400 wide rendition, cold (f_auto: AVIF)', 'w_400,f_auto,q_auto', { accept: BROWSER_ACCEPT });

    const cachedPath = `/media/image/upload/c_crop,x_0,y_0,w_960,h_540/w_400/${ids[0]}`;
    const warm = await fetch(`${server.url}${cachedPath}`);
    const rendition = Buffer.from(await warm.arrayBuffer());
    rows.push({ name: '400 wide rendition, cached (JPEG)', measurement: await measure({ url: `${server.url}${cachedPath}`, headers: {}, seconds, connections }) });
    const cachedAuto = `/media/image/upload/c_crop,x_0,y_0,w_960,h_540/w_400,f_auto,q_auto/${ids[0]}`;
    rows.push({ name: '400 wide rendition, cached (f_auto: AVIF)', measurement: await measure({ url: `${server.url}${cachedAuto}`, headers: { accept: BROWSER_ACCEPT }, seconds, connections }) });

    // The same bytes as a built asset of the web app.
    fs.writeFileSync(path.join(webDist, 'assets', 'rendition.jpg'), rendition);
    rows.push({ name: 'same-size file, @fastify/static', measurement: await measure({ url: `${server.url}/assets/rendition.jpg`, headers: {}, seconds, connections }) });

    return { rows, coldRenders: coldJpeg.renders + coldAvif.renders, coldRequests: coldJpeg.requests + coldAvif.requests, renditionBytes: rendition.length };
  } finally {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}
