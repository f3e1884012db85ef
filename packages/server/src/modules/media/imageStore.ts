import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_REFERENCE_ID_PATTERN, type ImageCropMode } from '@editor/domain';
import { badRequest, notFound } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { createDiskBlobStore } from '../../storage/diskBlobStore.ts';
import { DEFAULT_RENDITION_CACHE_MAX_BYTES, createCacheBudget } from '../../storage/cacheBudget.ts';
import { createRenderQueue, type RenderQueue } from './renderQueue.ts';
import { snapBox, snapQuality } from './renditionLimits.ts';
import { autoFormat, createRenditionCache, renderRendition, renditionKey, type AcceptedFormat, type CropRegion } from './renditions.ts';

/** The formats an original may have (spec 000 §5 upload types, plus webp). */
export const IMAGE_FORMATS = ['jpg', 'png', 'gif', 'webp', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The formats a rendition may have; an SVG is delivered unchanged or rasterised. */
export const RENDER_FORMATS = ['jpg', 'png', 'gif', 'webp', 'avif'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
/** What a delivery URL may answer: an original's format or a rendition's. */
export type DeliveryFormat = ImageFormat | RenderFormat;

export type CropMode = ImageCropMode;

export const CONTENT_TYPES: Readonly<Record<DeliveryFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

/** sharp's format names of the formats we accept. */
const FROM_SHARP: Readonly<Record<string, ImageFormat>> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', svg: 'svg' };

/** A reference id is url-safe and never a path: letters, digits, '-' and '_', starting with a letter or digit. */
export const REFERENCE_ID_PATTERN = IMAGE_REFERENCE_ID_PATTERN;

export interface SavedImage {
  referenceId: string;
  width: number;
  height: number;
  imageFormat: ImageFormat;
}

export interface RenderRequest {
  referenceId: string;
  /** Cut before resizing (Cloudinary's chained `c_crop,x_,y_,w_,h_/`), in pixels of the original as shown. */
  region?: CropRegion | undefined;
  width?: number | undefined;
  height?: number | undefined;
  crop?: CropMode | undefined;
  /** 'auto' (f_auto) picks the best of `accepts` for the original. */
  format?: DeliveryFormat | 'auto' | undefined;
  /** The formats the browser's Accept header lists, for f_auto. */
  accepts?: readonly AcceptedFormat[] | undefined;
  /** 1–100 (q_N), rounded up to a step of 10; undefined is q_auto. Ignored by lossless formats. */
  quality?: number | undefined;
}

export interface Rendition {
  /** The file to send: the original or a cached rendition. */
  file: string;
  format: DeliveryFormat;
  contentType: string;
  /** True when this call made the rendition; false for the original or a rendition already on disk. */
  rendered: boolean;
}

export function slugOf(filename: string): string {
  return path
    .basename(filename, path.extname(filename))
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The id of an original: the slug of its file name and the start of its content's SHA-256 (hex), so the same file
 * saved twice has the same id and different files never share one.
 */
export function referenceIdOf(input: { filename?: string | undefined; sha256: string }): string {
  const hash = input.sha256.slice(0, 20);
  const slug = input.filename ? slugOf(input.filename) : '';
  return slug ? `${slug}-${hash}` : hash;
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded image service (DESIGN §5): originals in the blob store (on disk under
 * `<dataDir>/media/originals/<referenceId>.<ext>`, or in object storage with a local copy under
 * `<dataDir>/media/originals-cache/`), renditions made by sharp and kept under `<dataDir>/media/cache/` by each instance,
 * within `renditionCacheMaxBytes` (`RENDITION_CACHE_MAX_BYTES`), least recently used out; originals and their copies
 * are never removed to make room. Renders wait for a turn in `renderQueue`.
 */
export function createImageStore(options: { dataDir: string; originals?: BlobStore; renditionCacheMaxBytes?: number; renderQueue?: RenderQueue }) {
  const originalsDir = path.join(options.dataDir, 'media', 'originals');
  const cacheDir = path.join(options.dataDir, 'media', 'cache');
  /** Files being received or checked before they become originals; on the same disk, so moving one in is a rename. */
  const tmpDir = path.join(options.dataDir, 'media', 'tmp');
  // Keyed `<referenceId>.<ext>` in the originals folder, so the renderer finds an original on disk by its name.
  const originals = options.originals ?? createDiskBlobStore({ root: originalsDir });
  /** referenceId -> format of its original; ids are content-derived, so an entry never goes stale. */
  const knownFormats = new Map<string, ImageFormat>();
  const renditions = createRenditionCache({ exists });
  const budget = createCacheBudget({ root: cacheDir, maxBytes: options.renditionCacheMaxBytes ?? DEFAULT_RENDITION_CACHE_MAX_BYTES, onEvict: (file) => renditions.forget(file) });
  const queue = options.renderQueue ?? createRenderQueue();
  const originalsCacheDir = path.join(options.dataDir, 'media', 'originals-cache');
  /** Copies of originals are tracked apart from renditions: they are never evicted. */
  const originalCopies = createRenditionCache({ exists });

  /**
   * The original as a file on this machine, for sharp and for sending: the store's own file on disk, else a copy
   * fetched once from object storage (ids are content-derived, so a copy never goes stale).
   */
  async function originalFile(referenceId: string, format: ImageFormat): Promise<string> {
    const key = `${referenceId}.${format}`;
    if (originals.localFile) return originals.localFile(key);
    const file = path.join(originalsCacheDir, key);
    await originalCopies.ensure(file, async () => writeAtomically(file, await originals.read(key)));
    return file;
  }

  async function originalFormat(referenceId: string): Promise<ImageFormat | undefined> {
    const known = knownFormats.get(referenceId);
    if (known) return known;
    for (const format of IMAGE_FORMATS) {
      if (await originals.exists(`${referenceId}.${format}`)) {
        if (knownFormats.size >= 10_000) knownFormats.clear();
        knownFormats.set(referenceId, format);
        return format;
      }
    }
    return undefined;
  }

  /**
   * Stores an original after sharp has read it as a jpg, png, gif, webp or svg image (400 otherwise). The id is made
   * from the file name and the content, so saving the same file twice gives the same image.
   */
  async function saveImage(data: Buffer, saveOptions: { filename?: string | undefined } = {}): Promise<SavedImage> {
    let metadata: Metadata;
    try {
      metadata = await sharp(data).metadata();
    } catch {
      throw badRequest('The file is not an image.');
    }
    const format = metadata.format ? FROM_SHARP[metadata.format] : undefined;
    if (!format) throw badRequest(`Images must be jpg, jpeg, png, svg, gif or webp; this file is ${metadata.format ?? 'of an unknown type'}.`);
    // As shown: EXIF orientation applied, one frame of an animation.
    const width = metadata.autoOrient.width;
    const height = metadata.pageHeight ?? metadata.autoOrient.height;
    if (!width || !height) throw badRequest('The file is not an image.');
    const referenceId = referenceIdOf({ filename: saveOptions.filename, sha256: crypto.createHash('sha256').update(data).digest('hex') });
    if (!(await originals.exists(`${referenceId}.${format}`))) {
      const temporary = temporaryFile(await ensureTmpDir());
      await fs.writeFile(temporary, data);
      await storeOriginal({ sourceFile: temporary, referenceId, format });
    }
    knownFormats.set(referenceId, format);
    return { referenceId, width, height, imageFormat: format };
  }

  async function ensureTmpDir(): Promise<string> {
    await fs.mkdir(tmpDir, { recursive: true });
    return tmpDir;
  }

  /**
   * Removes temporary files older than `maxAgeMs`: what an instance that stopped in the middle of an upload left.
   * Younger ones may belong to an upload another instance is receiving right now.
   */
  async function removeStaleTemporaryFiles(maxAgeMs: number): Promise<number> {
    const names = await fs.readdir(tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat?.isFile() && Date.now() - stat.mtimeMs > maxAgeMs) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** A new, unused path in the temporary folder `ensureTmpDir` made. */
  function temporaryFile(dir: string = tmpDir): string {
    return path.join(dir, `${process.pid}-${crypto.randomUUID()}.tmp`);
  }

  /**
   * Moves a checked local file in as the original of `referenceId`. Ids are content-derived: when the original is
   * already stored, the file is dropped instead.
   */
  async function storeOriginal(input: { sourceFile: string; referenceId: string; format: ImageFormat }): Promise<void> {
    const key = `${input.referenceId}.${input.format}`;
    if (await originals.exists(key)) await fs.rm(input.sourceFile, { force: true });
    else await originals.put(key, input.sourceFile);
    knownFormats.set(input.referenceId, input.format);
  }

  /** Removes an original and its cached renditions; the caller has made sure nothing uses it any more. */
  async function removeOriginal(referenceId: string): Promise<void> {
    if (!REFERENCE_ID_PATTERN.test(referenceId)) throw badRequest('The image id may contain only letters, digits, "-" and "_".');
    const format = await originalFormat(referenceId);
    knownFormats.delete(referenceId);
    if (format) {
      await originals.remove(`${referenceId}.${format}`);
      const copy = path.join(originalsCacheDir, `${referenceId}.${format}`);
      originalCopies.forget(copy);
      await fs.rm(copy, { force: true });
    }
    const folder = path.join(cacheDir, referenceId);
    budget.forgetFolder(folder);
    await fs.rm(folder, { recursive: true, force: true });
  }

  /**
   * A rendition of an image: an optional region cut first, then width and height rounded up to the rendered sizes
   * (`RENDER_SIZES`, at most 3000; a filled box keeps its crop ratio), `fit` keeps the whole image inside the box,
   * `fill` covers the box and crops the centre; never larger than the original. Without a change the original itself
   * is delivered. Each rendition is rendered once, in its turn of the render queue (503 when the queue is full), and
   * kept on disk within the cache's budget. 404 for an unknown id, 400 for an invalid request.
   */
  async function renderImage(request: RenderRequest): Promise<Rendition> {
    if (!REFERENCE_ID_PATTERN.test(request.referenceId)) throw badRequest('The image id may contain only letters, digits, "-" and "_".');
    const original = await originalFormat(request.referenceId);
    if (!original) throw notFound(`No image with the id ${request.referenceId}.`);
    const { width, height } = snapBox({ width: request.width, height: request.height, isFill: request.crop === 'fill' });
    const { region } = request;
    const resized = width !== undefined || height !== undefined || region !== undefined;
    const format =
      request.format === 'auto'
        ? autoFormat({ accepts: request.accepts ?? [], original, resized })
        : (request.format ?? (original === 'svg' && resized ? 'png' : original));
    // Only lossy encodings have a quality.
    const quality = (format === 'jpg' || format === 'webp' || format === 'avif') && request.quality !== undefined ? snapQuality(request.quality) : undefined;
    if (format === 'svg' && (original !== 'svg' || resized)) throw badRequest('An SVG image is delivered only unchanged; ask for png to resize it.');
    if (!resized && format === original && quality === undefined) {
      return { file: await originalFile(request.referenceId, original), format, contentType: CONTENT_TYPES[format], rendered: false };
    }
    if (format === 'svg') throw badRequest('An SVG image is delivered only unchanged.');
    // With one side given, fill and fit both keep the proportions: one rendition serves both.
    const crop: CropMode = width !== undefined && height !== undefined ? (request.crop ?? 'fit') : 'fit';
    const spec = { region, width, height, crop, format, quality };
    const target = path.join(cacheDir, request.referenceId, renditionKey(spec));
    const rendered = await renditions.ensure(target, async () => {
      // Fetching the original (from object storage) holds no render turn; only sharp's work does.
      const source = await originalFile(request.referenceId, original);
      const data = await queue.run(() => renderRendition(source, spec));
      await writeAtomically(target, data);
      budget.add(target, data.length);
    });
    if (!rendered) budget.touch(target);
    return { file: target, format, contentType: CONTENT_TYPES[format], rendered };
  }

  /** Call when a rendition `renderImage` named was gone: the next call renders it again. */
  const forgetRendition = (file: string) => renditions.forget(file);

  return {
    saveImage,
    originalFormat,
    storeOriginal,
    removeOriginal,
    ensureTmpDir,
    temporaryFile,
    removeStaleTemporaryFiles,
    renderImage,
    forgetRendition,
    /** Resolves once the rendition cache's evictions started so far have run. */
    renditionCacheSettled: budget.settled,
    /** The files and bytes the rendition cache holds as this instance counts them. */
    renditionCacheUsage: budget.usage,
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
