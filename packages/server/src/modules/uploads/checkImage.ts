import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { HttpError, badRequest } from '../../http/errors.ts';
import { DamagedImageError, checkImageStructure, type ImageStructure } from './imageStructure.ts';
import { SVG_MAX_BYTES, SVG_TOO_LARGE, looksLikeSvg } from './sanitizeSvg.ts';
import { SVG_CHECK_TIMEOUT_MS, SVG_TOO_SLOW } from './svgChecker.ts';

/** Spec 000 §5 upload types as stored (jpeg is stored as jpg); webp and the rest are not upload types. */
export type UploadFormat = 'jpg' | 'png' | 'gif' | 'svg';

export const NOT_AN_UPLOAD_TYPE = 'Images must be jpg, jpeg, png, svg or gif.';
export const NOT_READABLE = 'The image could not be read: the file is damaged or incomplete.';

export interface CheckedImage {
  format: UploadFormat;
  width: number;
  height: number;
  /** The bytes stored: the file as received, or for an SVG its sanitised text. */
  bytes: number;
  sha256: string;
}

const RASTER: Readonly<Record<string, UploadFormat>> = { jpg: 'jpg', png: 'png', gif: 'gif' };

/** The type from the file's bytes, never its name; an SVG is XML text whose first element is `<svg>`. */
export async function sniffFormat(file: string): Promise<UploadFormat> {
  const detected = await fileTypeFromFile(file);
  const raster = detected ? RASTER[detected.ext] : undefined;
  if (raster) return raster;
  if (detected === undefined || detected.ext === 'xml' || detected.ext === 'svg') {
    const handle = await fs.open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(4096), position: 0 });
      if (looksLikeSvg(buffer.subarray(0, bytesRead))) return 'svg';
    } finally {
      await handle.close();
    }
  }
  throw badRequest(`${NOT_AN_UPLOAD_TYPE} This file is ${detected ? `a ${detected.ext} file` : 'of another type'}.`);
}

/**
 * docs/decisions.md, bounds of an uploaded image: one image (one frame of a GIF) at most 50 megapixels, all frames of
 * a GIF together at most 100. Renditions decode the original (at most 3000 pixels wide): 50 megapixels are 200 MB of
 * pixels with alpha, where a 16000 × 16000 PNG of 31 kB would have been 1 GB.
 */
export const MAX_PIXELS = 50_000_000;
export const MAX_ANIMATION_PIXELS = 100_000_000;

const megapixels = (pixels: number) => (pixels / 1_000_000).toFixed(1);

/** The refusal of an image past MAX_PIXELS, with its size. */
export const tooManyPixels = (size: { width: number; height: number }) =>
  `An image may have at most 50 megapixels; this one is ${size.width} × ${size.height} pixels (${megapixels(size.width * size.height)} megapixels). Please make it smaller and try again.`;

/** The refusal of an animation past MAX_ANIMATION_PIXELS in all its frames. */
export const tooManyFramePixels = (size: ImageStructure) =>
  `An animated GIF may have at most 100 megapixels in all its frames together; this one has ${size.frames} frames of ${size.width} × ${size.height} pixels (${megapixels(size.frames * size.width * size.height)} megapixels). Please make it shorter or smaller and try again.`;

function checkPixels(size: ImageStructure): void {
  if (size.width * size.height > MAX_PIXELS) throw badRequest(tooManyPixels(size));
  if (size.frames * size.width * size.height > MAX_ANIMATION_PIXELS) throw badRequest(tooManyFramePixels(size));
}

/** Width and height as shown: EXIF orientation applied, one frame of an animation. */
function sizeOf(metadata: Metadata): { width: number; height: number } {
  const width = metadata.autoOrient.width;
  const height = metadata.pageHeight ?? metadata.autoOrient.height;
  if (!width || !height) throw badRequest(NOT_READABLE);
  return { width, height };
}

/** Fails with `error` when `promise` has not settled within `ms` (the work it stands for is left to finish). */
async function within<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The size of a cleaned SVG as librsvg reads it (sharp's metadata parses the document but draws nothing). The
 * document is bounded by the cleaning (elements, nesting, repeats through <use>), which bounds librsvg's work; the
 * time limit answers the request even so.
 */
async function svgSizeOf(cleaned: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // No pixel limit here: nothing is decoded, and the size is checked below with a text that names it.
    metadata = await within(sharp(cleaned, { limitInputPixels: false }).metadata(), SVG_CHECK_TIMEOUT_MS, () => badRequest(SVG_TOO_SLOW));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(NOT_READABLE);
  }
  return sizeOf(metadata);
}

export interface ImageCheck {
  /** The received file, checked in place (an SVG is rewritten cleaned). */
  file: string;
  received: { bytes: number; sha256: string };
  /** Cleans the SVG in a file (svgChecker.ts: off the event loop, bounded). */
  cleanSvg: (file: string) => Promise<Buffer>;
}

/**
 * Checks a received file in place and makes it ready to store: a jpg, png or gif is read to its end and its structure
 * checked (a truncated file is a 400, not a grey half picture later); an SVG is sanitised and rewritten. An image
 * past the pixel bounds is a 400 before any of it is decoded. Anything else is a 400.
 */
export async function checkImage({ file, received, cleanSvg }: ImageCheck): Promise<CheckedImage> {
  const format = await sniffFormat(file);
  if (format === 'svg') {
    if (received.bytes > SVG_MAX_BYTES) throw badRequest(SVG_TOO_LARGE);
    const cleaned = await cleanSvg(file);
    const size = await svgSizeOf(cleaned);
    checkPixels({ ...size, frames: 1 });
    await fs.writeFile(file, cleaned);
    return { format, ...size, bytes: cleaned.length, sha256: crypto.createHash('sha256').update(cleaned).digest('hex') };
  }
  // The file is read to its end in 64 kB pieces. A full decode would map all of it into the server's memory (a 99 MB
  // upload added 90 MB) and take half a second.
  let structure: ImageStructure;
  try {
    structure = await checkImageStructure(file, format);
  } catch (error) {
    if (error instanceof DamagedImageError) throw badRequest(NOT_READABLE);
    throw error;
  }
  checkPixels(structure);
  // sharp reads a GIF whole to count its frames, so its size is the header's (a GIF has no EXIF orientation).
  if (format === 'gif') {
    if (!structure.width || !structure.height) throw badRequest(NOT_READABLE);
    return { format, width: structure.width, height: structure.height, ...received };
  }
  let metadata: Metadata;
  try {
    // The header's size was checked; sharp's own limit is the same bound, should its reading differ.
    metadata = await sharp(file, { failOn: 'truncated', limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(NOT_READABLE);
  }
  return { format, ...sizeOf(metadata), ...received };
}
