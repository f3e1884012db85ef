import { CROP_RATIO_NAMES } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';
import { REFERENCE_ID_PATTERN, RENDER_FORMATS, type CropMode, type ImageFormat, type RenderFormat, type RenderRequest } from './imageStore.ts';
import { isOfferedCrop, offeredRatioOf } from './renditionLimits.ts';
import type { CropRegion } from './renditions.ts';

export { DELIVERY_PATH, IMAGE_PROVIDER, IMAGE_WIDTHS, MEDIA_PREFIX, imageUrlOf } from '@editor/domain';

/** What a delivery URL asks for; the browser's accepted formats join it from the request's headers. */
export type DeliveryRequest = Omit<RenderRequest, 'accepts'>;
type Transformations = Omit<DeliveryRequest, 'referenceId'>;

/** The largest size or offset a transformation may name; larger sizes are capped by the store. */
const MAX_REQUESTED_SIZE = 10_000;

const EXTENSIONS: Readonly<Record<string, ImageFormat | RenderFormat>> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', svg: 'svg', avif: 'avif' };

const RESIZE_HELP = 'use w_<width>, h_<height>, c_fill, c_fit, f_<format> or f_auto, and q_auto or q_<1-100>, each once';
const CROP_HELP = 'a crop segment is c_crop,x_<left>,y_<top>,w_<width>,h_<height>';
const RATIOS = CROP_RATIO_NAMES.join(', ');

/** `key_value` parts of a segment, each key once; `help` explains the segment when a part is malformed. */
function partsOf(segment: string, help: string): Array<{ part: string; key: string; value: string }> {
  const seen = new Set<string>();
  return segment.split(',').map((part) => {
    const match = /^([a-z])_([a-z0-9]+)$/.exec(part);
    const key = match?.[1];
    if (!key || seen.has(key)) throw badRequest(`Unsupported image transformation "${part}": ${help}.`);
    seen.add(key);
    return { part, key, value: match[2] ?? '' };
  });
}

function wholeNumber(part: string, value: string, min: number): number {
  const number = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= MAX_REQUESTED_SIZE)) throw badRequest(`Unsupported image transformation "${part}": a ${min === 0 ? 'position' : 'size'} is a whole number from ${min} to ${MAX_REQUESTED_SIZE}.`);
  return number;
}

/**
 * Reads Cloudinary's crop segment `c_crop,x_10,y_20,w_400,h_300` (in any order): a region of the original in pixels.
 * Offsets start at 0, sizes at 1; whether the region meets the image is known once the image is read. Only a crop the
 * crop modal can make is rendered (spec 002 §9 ratios, to the pixel its rounding moves): anyone may ask for a URL, and
 * each other region would be one more rendition.
 */
export function parseCropRegion(segment: string): CropRegion {
  const values: Partial<Record<'x' | 'y' | 'w' | 'h', number>> = {};
  let isCrop = false;
  for (const { part, key, value } of partsOf(segment, CROP_HELP)) {
    if (key === 'c' && value === 'crop') isCrop = true;
    else if (key === 'x' || key === 'y' || key === 'w' || key === 'h') values[key] = wholeNumber(part, value, key === 'x' || key === 'y' ? 0 : 1);
    else throw badRequest(`Unsupported image transformation "${part}": ${CROP_HELP}.`);
  }
  const { x, y, w, h } = values;
  if (!isCrop || x === undefined || y === undefined || w === undefined || h === undefined) throw badRequest(`Incomplete crop "${segment}": ${CROP_HELP}.`);
  const region = { x, y, width: w, height: h };
  if (!isOfferedCrop(region)) throw badRequest(`Unsupported crop "${segment}": a crop's width and height have one of the crop ratios ${RATIOS}.`);
  return region;
}

/**
 * Reads a Cloudinary-style resize segment: `w_400`, `h_300`, `c_fill` or `c_fit`, `f_jpg|png|gif|webp|avif|auto` and
 * `q_auto|1..100`, comma-separated, each at most once; a box filled with `c_fill` has one of the crop ratios. Anything
 * else is a 400. Sizes and qualities are rounded up by the store (`renditionLimits.ts`).
 */
export function parseTransformations(segment: string): Transformations {
  const result: Transformations = {};
  for (const { part, key, value } of partsOf(segment, RESIZE_HELP)) {
    if (key === 'w' || key === 'h') {
      const size = wholeNumber(part, value, 1);
      if (key === 'w') result.width = size;
      else result.height = size;
    } else if (key === 'c' && (value === 'fill' || value === 'fit')) {
      result.crop = value satisfies CropMode;
    } else if (key === 'f' && value === 'auto') {
      result.format = 'auto';
    } else if (key === 'f' && RENDER_FORMATS.some((format) => format === value)) {
      result.format = EXTENSIONS[value];
    } else if (key === 'q' && value === 'auto') {
      // The automatic quality is the default: nothing to record, and the same rendition as without q_.
    } else if (key === 'q' && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100) {
      result.quality = Number(value);
    } else {
      throw badRequest(`Unsupported image transformation "${part}": ${RESIZE_HELP}.`);
    }
  }
  if (result.crop === 'fill' && result.width !== undefined && result.height !== undefined && offeredRatioOf({ width: result.width, height: result.height }) === undefined) {
    throw badRequest(`Unsupported image transformation "${segment}": a box filled with c_fill has one of the crop ratios ${RATIOS}.`);
  }
  return result;
}

const isCropSegment = (segment: string) => segment.split(',').includes('c_crop');

/**
 * Reads the part of a delivery URL after `/image/upload/`: `[c_crop,x_,y_,w_,h_/][resize/][v<version>/]<id>[.<ext>]`,
 * the chained form of Cloudinary URLs. The version segment is accepted and ignored; an extension asks for that format
 * unless f_auto chooses one (as Cloudinary does).
 */
export function parseDeliveryPath(rest: string): DeliveryRequest {
  const segments = rest.split('/');
  const last = segments.pop() ?? '';
  if (segments.at(-1)?.match(/^v\d{1,20}$/)) segments.pop();
  const region = segments[0] !== undefined && isCropSegment(segments[0]) ? parseCropRegion(segments.shift() ?? '') : undefined;
  if (segments.length > 1) throw badRequest('An image URL has at most a crop segment and one transformation segment, in this order.');
  const resize = segments[0] === undefined ? {} : parseTransformations(segments[0]);
  const transformations: Transformations = region ? { region, ...resize } : resize;
  const dot = last.lastIndexOf('.');
  const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : undefined;
  const referenceId = dot > 0 ? last.slice(0, dot) : last;
  if (!REFERENCE_ID_PATTERN.test(referenceId)) throw badRequest('The image id may contain only letters, digits, "-" and "_".');
  if (extension === undefined) return { ...transformations, referenceId };
  const format = EXTENSIONS[extension];
  if (!format) throw badRequest(`Unsupported image extension ".${extension}".`);
  if (transformations.format === 'auto') return { ...transformations, referenceId };
  if (transformations.format && transformations.format !== format) throw badRequest('The extension and f_ name different formats.');
  return { ...transformations, referenceId, format };
}
