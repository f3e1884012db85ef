import sharp from 'sharp';
import type { ImageStore, SavedImage } from '../modules/media/imageStore.ts';
import { createRandom, type Random } from './random.ts';

/** The demo images: landscapes drawn as SVG and rendered to JPEG by sharp, so the seed needs no files and no fonts. */
export const DEMO_IMAGE_WIDTH = 1600;
export const DEMO_IMAGE_HEIGHT = 900;

export const LANDSCAPES = ['alpine', 'dunes', 'coast', 'canyon', 'skyline', 'forest'] as const;
export type Landscape = (typeof LANDSCAPES)[number];

export const LIGHTS = ['dawn', 'noon', 'dusk', 'night', 'desert', 'arctic', 'jungle', 'neon'] as const;
export type Light = (typeof LIGHTS)[number];

export interface DemoImage extends SavedImage {
  landscape: Landscape;
  light: Light;
}

/** Sky top, sky bottom, sun, far layer, near layer. */
const PALETTES: Readonly<Record<Light, readonly [string, string, string, string, string]>> = {
  dawn: ['#2b3a67', '#f6a57a', '#ffe3a3', '#6b5b95', '#2d2342'],
  noon: ['#3a8dde', '#bfe6ff', '#fff6d5', '#7fa7c9', '#24455e'],
  dusk: ['#3b1e54', '#ff7b54', '#ffd166', '#9a4c6e', '#2a1433'],
  night: ['#0b1026', '#2c3e73', '#f2f2e9', '#1f2b4d', '#070b17'],
  desert: ['#f7b267', '#fde4b2', '#fff1c1', '#d98c5f', '#7a3e2b'],
  arctic: ['#9ad1f5', '#eaf6ff', '#ffffff', '#a9c6de', '#3f5f7a'],
  jungle: ['#2f6f5e', '#cfe8c8', '#fbf8cc', '#4f8a6b', '#183d2e'],
  neon: ['#1a0b2e', '#e4508f', '#ffd6e8', '#3b1e5a', '#12061f'],
};

const channel = (hex: string, index: number) => Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);

function mix(from: string, to: string, share: number): string {
  const parts = [0, 1, 2].map((index) => Math.round(channel(from, index) + (channel(to, index) - channel(from, index)) * share));
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;

/** A ridge line by midpoint displacement: `roughness` near 1 gives peaks, near 0 gentle hills. */
function ridge(random: Random, base: number, amplitude: number, roughness: number): Array<[number, number]> {
  const count = 64;
  const heights = Array.from({ length: count + 1 }, () => 0);
  heights[0] = random.next() * amplitude;
  heights[count] = random.next() * amplitude;
  for (let step = count; step > 1; step /= 2) {
    const spread = amplitude * (step / count) ** (1 - roughness);
    for (let left = 0; left < count; left += step) {
      const middle = left + step / 2;
      heights[middle] = ((heights[left] ?? 0) + (heights[left + step] ?? 0)) / 2 + (random.next() - 0.5) * spread * 2;
    }
  }
  return heights.map((height, index) => [Math.round((index / count) * W), Math.round(base - height)]);
}

const toPath = (points: Array<[number, number]>) => `M0,${H} ${points.map(([x, y]) => `L${x},${y}`).join(' ')} L${W},${H} Z`;

function smoothPath(random: Random, base: number, amplitude: number): string {
  let d = `M0,${H} L0,${base}`;
  let x = 0;
  while (x < W) {
    const width = random.int(260, 520);
    d += ` Q${x + width / 2},${Math.round(base - amplitude * (0.4 + random.next()))} ${x + width},${Math.round(base - amplitude * random.next() * 0.4)}`;
    x += width;
  }
  return `${d} L${x},${H} Z`;
}

function mesaPath(random: Random, base: number, amplitude: number): string {
  let d = `M0,${H} L0,${base}`;
  let x = 0;
  while (x < W) {
    const gap = random.int(60, 240);
    const top = Math.round(base - amplitude * (0.5 + random.next() * 0.5));
    const width = random.int(180, 420);
    d += ` L${x + gap},${base} L${x + gap + 30},${top} L${x + gap + width},${top} L${x + gap + width + 40},${base}`;
    x += gap + width + 40;
  }
  return `${d} L${x},${H} Z`;
}

function skylinePath(random: Random, base: number, amplitude: number): string {
  let d = `M0,${H} L0,${base}`;
  let x = 0;
  while (x < W) {
    const width = random.int(40, 130);
    const top = Math.round(base - amplitude * random.next());
    d += ` L${x},${top} L${x + width},${top}`;
    x += width;
  }
  return `${d} L${x},${base} L${x},${H} Z`;
}

function treesPath(random: Random, base: number): string {
  let d = '';
  for (let x = -20; x < W + 20; x += random.int(18, 46)) {
    const height = random.int(50, 150);
    const half = Math.round(height / 4);
    d += `M${x - half},${base + 8} L${x},${base - height} L${x + half},${base + 8} Z `;
  }
  return `${d}M0,${base} L${W},${base} L${W},${H} L0,${H} Z`;
}

function layerPath(random: Random, landscape: Landscape, index: number, base: number): string {
  const amplitude = 260 - index * 50;
  switch (landscape) {
    case 'alpine':
      return toPath(ridge(random, base, amplitude * 0.8, 0.55));
    case 'dunes':
      return smoothPath(random, base, amplitude * 0.5);
    case 'coast':
      return index === 0 ? toPath(ridge(random, base, amplitude * 0.6, 0.4)) : `M0,${base} L${W},${base} L${W},${H} L0,${H} Z`;
    case 'canyon':
      return mesaPath(random, base, amplitude);
    case 'skyline':
      return skylinePath(random, base, amplitude * 1.2);
    case 'forest':
      return index < 2 ? smoothPath(random, base, amplitude * 0.4) : treesPath(random, base);
  }
}

/** One landscape as SVG: a sky gradient, a sun or moon, stars at night, and three or four layers of terrain. */
export function landscapeSvg(input: { seed: number; landscape: Landscape; light: Light }): string {
  const random = createRandom(input.seed);
  const [skyTop, skyBottom, sun, far, near] = PALETTES[input.light];
  const layers = input.landscape === 'coast' ? 2 : random.int(3, 4);
  const horizon = random.int(430, 560);
  const sunX = random.int(200, W - 200);
  const sunY = random.int(140, horizon - 60);
  const stars =
    input.light === 'night' || input.light === 'neon'
      ? Array.from({ length: 90 }, () => `<circle cx="${random.int(0, W)}" cy="${random.int(0, horizon)}" r="${(random.next() * 1.8 + 0.4).toFixed(1)}" fill="#fff" opacity="${(random.next() * 0.7 + 0.3).toFixed(2)}"/>`).join('')
      : '';
  const terrain = Array.from({ length: layers }, (_, index) => {
    const base = horizon + index * Math.round((H - horizon) / (layers + 0.5));
    const fill = input.landscape === 'coast' && index === 1 ? mix(skyBottom, near, 0.55) : mix(far, near, layers === 1 ? 1 : index / (layers - 1));
    return `<path d="${layerPath(random, input.landscape, index, base)}" fill="${fill}"/>`;
  }).join('');
  const waves =
    input.landscape === 'coast'
      ? Array.from({ length: 14 }, (_, index) => {
          const y = horizon + 90 + index * 22;
          return `<path d="M0,${y} Q400,${y - 6} 800,${y} T1600,${y}" stroke="${sun}" stroke-opacity="${(0.08 + index * 0.01).toFixed(2)}" stroke-width="2" fill="none"/>`;
        }).join('')
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${sun}" stop-opacity="0.55"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}`,
    `<circle cx="${sunX}" cy="${sunY}" r="260" fill="url(#glow)"/><circle cx="${sunX}" cy="${sunY}" r="${random.int(45, 80)}" fill="${sun}"/>`,
    terrain,
    waves,
    '</svg>',
  ].join('');
}

/** Rendered JPEGs per seed and count, kept for the life of the process: tests and benchmarks seed many databases. */
const rendered = new Map<string, Promise<Array<{ landscape: Landscape; light: Light; data: Buffer }>>>();

function renderLandscapes(seed: number, count: number) {
  const key = `${seed}:${count}`;
  let images = rendered.get(key);
  if (!images) {
    images = Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const landscape = LANDSCAPES[index % LANDSCAPES.length] ?? 'alpine';
        const light = LIGHTS[(index * 5 + Math.floor(index / LANDSCAPES.length)) % LIGHTS.length] ?? 'noon';
        const svg = landscapeSvg({ seed: seed * 1000 + index, landscape, light });
        const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
        return { landscape, light, data };
      }),
    );
    rendered.set(key, images);
    images.catch(() => rendered.delete(key));
  }
  return images;
}

/** Draws `count` distinct landscapes and stores them through the image store (an image already stored is kept). */
export async function createDemoImages(input: { images: ImageStore; seed: number; count: number }): Promise<DemoImage[]> {
  const landscapes = await renderLandscapes(input.seed, input.count);
  return Promise.all(
    landscapes.map(async ({ landscape, light, data }, index) => {
      const saved = await input.images.saveImage(data, { filename: `${landscape}-${light}-${String(index + 1).padStart(2, '0')}.jpg` });
      return { ...saved, landscape, light };
    }),
  );
}
