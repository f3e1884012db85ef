import { preferredCrop } from './crop.ts';
import type { CropRatio, MediaValue } from '../asset/values.ts';

/** The image provider whose images our own store serves (spec 001 §7: image Cloudinary). */
export const IMAGE_PROVIDER = 'cloudinary';

/** Where delivery URLs start; the same shape as Cloudinary's `https://res.cloudinary.com/<cloud>/image/upload/...`. */
export const MEDIA_PREFIX = '/media';
export const DELIVERY_PATH = `${MEDIA_PREFIX}/image/upload`;
/** The cached thumbnail proxy (spec 000 §7): `${THUMBNAIL_PATH}/<provider>/<referenceId>?w=200`, a placeholder when the image cannot be shown. */
export const THUMBNAIL_PATH = `${MEDIA_PREFIX}/thumbnail`;

/** Spec 000 §9 image widths; `preview` is spec 002 §9 "Image preview width 600". */
export const IMAGE_WIDTHS = { thumbnail: 200, card: 400, medium: 600 } as const;

/** The ids our image store gives and accepts. */
export const IMAGE_REFERENCE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export type ImageCropMode = 'fill' | 'fit';

/**
 * The delivery URL of an image media value (provider 'cloudinary' = our store), or undefined for other providers.
 * `region` cuts a crop (its p1/p2 points, in pixels of the original) before the size applies, as Cloudinary's chained
 * `c_crop,x_,y_,w_,h_/w_400`; `auto` asks for the best format the browser accepts (`f_auto,q_auto`).
 * Root-relative unless a base URL (another host, a real Cloudinary account) is given.
 */
export function imageUrlOf(
  media: Pick<MediaValue, 'provider' | 'referenceId'>,
  options: { width?: number; height?: number; crop?: ImageCropMode; region?: Pick<CropRatio, 'p1' | 'p2'>; auto?: boolean; baseUrl?: string } = {},
): string | undefined {
  if (media.provider !== IMAGE_PROVIDER || !IMAGE_REFERENCE_ID_PATTERN.test(media.referenceId)) return undefined;
  const { region } = options;
  const cut = region
    ? `c_crop,x_${Math.round(region.p1.x)},y_${Math.round(region.p1.y)},w_${Math.round(region.p2.x - region.p1.x)},h_${Math.round(region.p2.y - region.p1.y)}/`
    : '';
  const parts = [
    options.width === undefined ? undefined : `w_${Math.round(options.width)}`,
    options.height === undefined ? undefined : `h_${Math.round(options.height)}`,
    options.crop === undefined ? undefined : `c_${options.crop}`,
    options.auto ? 'f_auto,q_auto' : undefined,
  ].filter((part) => part !== undefined);
  const base = options.baseUrl === undefined ? DELIVERY_PATH : `${options.baseUrl.replace(/\/$/, '')}/image/upload`;
  return `${base}/${cut}${parts.length > 0 ? `${parts.join(',')}/` : ''}${media.referenceId}`;
}

/**
 * The delivery URL of an image shown at a width through the first of its `preferred` crops it has (the whole image
 * without one), in the best format the browser accepts (spec 000 §9 widths; cards 4x3 first, previews 16x9 first).
 */
export function croppedImageUrlOf(
  media: Pick<MediaValue, 'provider' | 'referenceId' | 'ratios'>,
  options: { preferred: readonly string[]; width: number; baseUrl?: string },
): string | undefined {
  const region = preferredCrop(media.ratios, options.preferred);
  return imageUrlOf(media, { width: options.width, auto: true, ...(region ? { region } : {}), ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }) });
}

/** The thumbnail proxy's URL of a media value (spec 000 §7 thumbnail fallback, §9 thumbnail width 200). */
export function thumbnailUrlOf(media: Pick<MediaValue, 'provider' | 'referenceId'>, width: number = IMAGE_WIDTHS.thumbnail): string {
  return `${THUMBNAIL_PATH}/${encodeURIComponent(media.provider)}/${encodeURIComponent(media.referenceId)}?w=${width}`;
}
