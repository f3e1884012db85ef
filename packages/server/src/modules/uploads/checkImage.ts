import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../../http/errors.ts';
import { DamagedImageError, checkImageStructure, type HeaderSize } from './imageStructure.ts';
import { SVG_MAX_BYTES, SVG_TOO_LARGE, looksLikeSvg, sanitizeSvg } from './sanitizeSvg.ts';

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

/** Width and height as shown: EXIF orientation applied, one frame of an animation. */
function sizeOf(metadata: Metadata): { width: number; height: number } {
  const width = metadata.autoOrient.width;
  const height = metadata.pageHeight ?? metadata.autoOrient.height;
  if (!width || !height) throw badRequest(NOT_READABLE);
  return { width, height };
}

/**
 * Checks a received file in place and makes it ready to store: a jpg, png or gif is read to its end and its structure
 * checked (a truncated file is a 400, not a grey half picture later); an SVG is sanitised and rewritten. Anything else
 * is a 400.
 */
export async function checkImage(file: string, received: { bytes: number; sha256: string }): Promise<CheckedImage> {
  const format = await sniffFormat(file);
  if (format === 'svg') {
    if (received.bytes > SVG_MAX_BYTES) throw badRequest(SVG_TOO_LARGE);
    const cleaned = sanitizeSvg(await fs.readFile(file));
    let metadata: Metadata;
    try {
      metadata = await sharp(cleaned).metadata();
    } catch {
      throw badRequest(NOT_READABLE);
    }
    await fs.writeFile(file, cleaned);
    return { format, ...sizeOf(metadata), bytes: cleaned.length, sha256: crypto.createHash('sha256').update(cleaned).digest('hex') };
  }
  // The file is read to its end in 64 kB pieces. A full decode would map all of it into the server's memory (a 99 MB
  // upload added 90 MB) and take half a second.
  let header: HeaderSize;
  try {
    header = await checkImageStructure(file, format);
  } catch (error) {
    if (error instanceof DamagedImageError) throw badRequest(NOT_READABLE);
    throw error;
  }
  // sharp reads a GIF whole to count its frames, so its size is the header's (a GIF has no EXIF orientation).
  if (format === 'gif') {
    if (!header.width || !header.height) throw badRequest(NOT_READABLE);
    return { format, width: header.width, height: header.height, ...received };
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(file, { failOn: 'truncated' }).metadata();
  } catch {
    throw badRequest(NOT_READABLE);
  }
  return { format, ...sizeOf(metadata), ...received };
}
