import { badRequest } from '../../http/errors.ts';
import { REFERENCE_ID_PATTERN, RENDER_FORMATS, type CropMode, type ImageFormat, type RenderRequest } from './imageStore.ts';

export { DELIVERY_PATH, IMAGE_PROVIDER, IMAGE_WIDTHS, MEDIA_PREFIX, imageUrlOf } from '@editor/domain';

/** The largest size a transformation may name; larger ones are capped by the store. */
const MAX_REQUESTED_SIZE = 10_000;

const EXTENSIONS: Readonly<Record<string, ImageFormat>> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', svg: 'svg' };

/**
 * Reads a Cloudinary-style transformation segment: `w_400`, `h_300`, `c_fill` or `c_fit` and `f_jpg|png|webp|gif`,
 * comma-separated, each at most once. Anything else is a 400.
 */
export function parseTransformations(segment: string): Omit<RenderRequest, 'referenceId'> {
  const result: Omit<RenderRequest, 'referenceId'> = {};
  const seen = new Set<string>();
  for (const part of segment.split(',')) {
    const match = /^([a-z])_([a-z0-9]+)$/.exec(part);
    const key = match?.[1];
    const value = match?.[2] ?? '';
    if (!key || seen.has(key)) throw badRequest(`Unsupported image transformation "${part}": use w_<width>, h_<height>, c_fill, c_fit or f_<format>, each once.`);
    seen.add(key);
    if (key === 'w' || key === 'h') {
      const size = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
      if (!(size >= 1 && size <= MAX_REQUESTED_SIZE)) throw badRequest(`Unsupported image transformation "${part}": a size is a whole number from 1 to ${MAX_REQUESTED_SIZE}.`);
      if (key === 'w') result.width = size;
      else result.height = size;
    } else if (key === 'c' && (value === 'fill' || value === 'fit')) {
      result.crop = value satisfies CropMode;
    } else if (key === 'f' && RENDER_FORMATS.some((format) => format === value)) {
      result.format = EXTENSIONS[value];
    } else {
      throw badRequest(`Unsupported image transformation "${part}": use w_<width>, h_<height>, c_fill, c_fit or f_<format>, each once.`);
    }
  }
  return result;
}

/**
 * Reads the part of a delivery URL after `/image/upload/`: `[transformations/][v<version>/]<referenceId>[.<ext>]`.
 * The version segment of Cloudinary URLs is accepted and ignored; an extension asks for that format.
 */
export function parseDeliveryPath(rest: string): RenderRequest {
  const segments = rest.split('/');
  const last = segments.pop() ?? '';
  if (segments.at(-1)?.match(/^v\d{1,20}$/)) segments.pop();
  if (segments.length > 1) throw badRequest('An image URL has at most one transformation segment.');
  const transformations = segments[0] === undefined ? {} : parseTransformations(segments[0]);
  const dot = last.lastIndexOf('.');
  const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : undefined;
  const referenceId = dot > 0 ? last.slice(0, dot) : last;
  if (!REFERENCE_ID_PATTERN.test(referenceId)) throw badRequest('The image id may contain only letters, digits, "-" and "_".');
  if (extension === undefined) return { ...transformations, referenceId };
  const format = EXTENSIONS[extension];
  if (!format) throw badRequest(`Unsupported image extension ".${extension}".`);
  if (transformations.format && transformations.format !== format) throw badRequest('The extension and f_ name different formats.');
  return { ...transformations, referenceId, format };
}
