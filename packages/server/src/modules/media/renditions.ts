import sharp from 'sharp';
import type { ImageCropMode } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/** A region of an image in pixels as shown (EXIF orientation applied): Cloudinary's `c_crop,x_,y_,w_,h_`. */
export interface CropRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The formats a rendition is encoded in; an SVG is never a rendition (it is delivered unchanged or rasterised). */
export type EncodedFormat = 'jpg' | 'png' | 'gif' | 'webp' | 'avif';

/** Formats a browser says it accepts beyond the ones every browser shows. */
export type AcceptedFormat = 'avif' | 'webp';

/** What `q_auto` (or no quality) means per format: sizes close to Cloudinary's defaults at a look editors accept. */
export const AUTO_QUALITY: Readonly<Record<'jpg' | 'webp' | 'avif', number>> = { jpg: 82, webp: 80, avif: 55 };

/** Spec 000 §9 delivery: the formats of an Accept header that f_auto may choose. */
export function acceptedFormats(accept: string | undefined): AcceptedFormat[] {
  const listed = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((entry) => entry.split(';'))
    // `image/webp;q=0` says "not this one".
    .filter(([, ...parameters]) => !parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter)))
    .map(([type]) => type?.trim());
  return (['avif', 'webp'] as const).filter((format) => listed.includes(`image/${format}`));
}

/**
 * `f_auto`: AVIF when the browser lists it, else WebP when it lists that, else the original's format when every browser
 * shows it (JPEG for a WebP original). A GIF or WebP may be animated, which AVIF renditions are not, so it never
 * becomes AVIF; an SVG that keeps its size stays a vector.
 */
export function autoFormat(input: { accepts: readonly AcceptedFormat[]; original: string; resized: boolean }): EncodedFormat | 'svg' {
  const { accepts, original, resized } = input;
  if (original === 'svg' && !resized) return 'svg';
  if (accepts.includes('avif') && original !== 'gif' && original !== 'webp') return 'avif';
  if (accepts.includes('webp')) return 'webp';
  if (original === 'jpg' || original === 'png' || original === 'gif') return original;
  return original === 'svg' ? 'png' : 'jpg';
}

/**
 * The part of `region` that lies inside an image of `size`; 400 when less than a pixel of it does (outside the image,
 * or empty).
 */
export function clampRegion(region: CropRegion, size: { width: number; height: number }): CropRegion {
  const left = Math.max(0, region.x);
  const top = Math.max(0, region.y);
  const right = Math.min(size.width, region.x + region.width);
  const bottom = Math.min(size.height, region.y + region.height);
  if (right - left < 1 || bottom - top < 1) {
    throw badRequest(`The crop c_crop,x_${region.x},y_${region.y},w_${region.width},h_${region.height} lies outside the image of ${size.width}×${size.height} pixels.`);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export interface RenditionSpec {
  region?: CropRegion | undefined;
  width?: number | undefined;
  height?: number | undefined;
  crop: ImageCropMode;
  format: EncodedFormat;
  /** 1–100; undefined is the format's automatic quality. */
  quality?: number | undefined;
}

/**
 * The name of a rendition in an image's cache folder: every parameter that changes its bytes. Without a region or a
 * quality it is the name renditions had before those existed, so a cache stays valid.
 */
export function renditionKey(spec: RenditionSpec): string {
  const region = spec.region ? `x${spec.region.x}_y${spec.region.y}_w${spec.region.width}_h${spec.region.height}_` : '';
  const quality = spec.quality === undefined ? '' : `_q${spec.quality}`;
  return `${region}w${spec.width ?? 0}_h${spec.height ?? 0}_c${spec.crop}${quality}.${spec.format}`;
}

/**
 * Renders a rendition with sharp: EXIF orientation applied, the region cut out, then resized (`fit` inside the box,
 * `fill` covering it and cropping the centre), never enlarged, and encoded. GIF and WebP keep an animation.
 */
export async function renderRendition(source: string | Buffer, spec: RenditionSpec): Promise<Buffer> {
  const animated = spec.format === 'gif' || spec.format === 'webp';
  const image = sharp(source, { animated }).autoOrient();
  const metadata = await image.metadata();
  const shown = { width: metadata.autoOrient.width, height: metadata.pageHeight ?? metadata.autoOrient.height };
  let sourceSize = shown;
  if (spec.region) {
    const region = clampRegion(spec.region, shown);
    // Called after autoOrient, so the region is cut from the image as shown.
    image.extract({ left: region.x, top: region.y, width: region.width, height: region.height });
    sourceSize = region;
  }
  let { width, height } = spec;
  if (width && height && spec.crop === 'fill') {
    // Never enlarge: shrink the wanted box to fit the source while keeping its proportions.
    const factor = Math.min(1, sourceSize.width / width, sourceSize.height / height);
    width = Math.max(1, Math.round(width * factor));
    height = Math.max(1, Math.round(height * factor));
  }
  if (width || height) image.resize({ width, height, fit: spec.crop === 'fill' ? 'cover' : 'inside', withoutEnlargement: true });
  if (spec.format === 'jpg') image.flatten({ background: '#ffffff' }).jpeg({ quality: spec.quality ?? AUTO_QUALITY.jpg, progressive: true });
  else if (spec.format === 'png') image.png();
  else if (spec.format === 'webp') image.webp({ quality: spec.quality ?? AUTO_QUALITY.webp });
  // Effort 1 of 9: a 400-wide card in about 18 ms (effort 2: 79 ms, the default 4: 261 ms) for some 14 % more bytes
  // than effort 2; a first request should not wait for the smallest possible file.
  else if (spec.format === 'avif') image.avif({ quality: spec.quality ?? AUTO_QUALITY.avif, effort: 1 });
  else image.gif();
  return image.toBuffer();
}

/**
 * Makes each rendition once per process however many requests want it at the same moment: later callers wait for the
 * render in flight. Renditions this process knows to be on disk skip the file check; the check is repeated after its
 * await, because a render may have finished meanwhile. Across processes the atomic rename keeps every reader safe.
 */
export function createRenditionCache(options: { exists: (file: string) => Promise<boolean>; maxKnown?: number }) {
  const maxKnown = options.maxKnown ?? 50_000;
  const onDisk = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();

  const remember = (file: string) => {
    if (onDisk.size >= maxKnown) onDisk.clear();
    onDisk.add(file);
  };

  /** True when this call made the file with `produce`; false when it was there or another call made it. */
  async function ensure(file: string, produce: () => Promise<void>): Promise<boolean> {
    if (onDisk.has(file)) return false;
    const running = inFlight.get(file);
    if (running) return running.then(() => false);
    const present = await options.exists(file);
    if (present || onDisk.has(file)) {
      remember(file);
      return false;
    }
    const started = inFlight.get(file);
    if (started) return started.then(() => false);
    // `remember` runs before the entry leaves the map, so a caller never sees neither.
    const job = produce()
      .then(() => remember(file))
      .finally(() => inFlight.delete(file));
    inFlight.set(file, job);
    await job;
    return true;
  }

  /** Forgets a file that turned out to be gone (the cache folder was cleaned while the server ran). */
  const forget = (file: string) => onDisk.delete(file);

  return { ensure, forget };
}
