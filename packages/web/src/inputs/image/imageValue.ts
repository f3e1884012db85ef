import { CROP_RATIO_NAMES, IMAGE_WIDTHS, imageUrlOf, mediaValueSchema, preferredCrop, type CropRatio, type MediaValue } from '@editor/domain';

/** The media value of an image input, or undefined when it holds none (or something else). */
export function mediaOf(value: unknown): MediaValue | undefined {
  const parsed = mediaValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The crop the preview shows: 16x9, the shape most places show an image in, else the first crop set by hand. */
export const PREVIEW_RATIOS: readonly string[] = ['16x9', ...CROP_RATIO_NAMES];

export function previewCrop(media: MediaValue): CropRatio | undefined {
  return preferredCrop(media.ratios, PREVIEW_RATIOS);
}

/** Where images are delivered from: this server's /media unless a Cloudinary account serves them. */
const delivery = (baseUrl: string | undefined) => (baseUrl === undefined ? {} : { baseUrl });

/** Spec 002 §9: the preview is 600 px wide, the crop cut first, in the best format the browser takes. */
export function previewUrl(media: MediaValue, baseUrl?: string): string | undefined {
  const region = previewCrop(media);
  return imageUrlOf(media, { width: IMAGE_WIDTHS.medium, auto: true, ...(region ? { region } : {}), ...delivery(baseUrl) });
}

/** The original file, for Full Image. */
export function fullImageUrl(media: MediaValue, baseUrl?: string): string | undefined {
  return imageUrlOf(media, delivery(baseUrl));
}

/** Spec 000 §3: an image without crop ratios is uncropped. */
export function isUncropped(media: MediaValue): boolean {
  return Object.keys(media.ratios ?? {}).length === 0;
}

/** Size and format as the preview states them, e.g. "1600 × 900 px · PNG". */
export function sizeAndFormat(media: MediaValue): string {
  const size = media.width && media.height ? `${media.width} × ${media.height} px` : 'Size unknown';
  return media.imageFormat ? `${size} · ${media.imageFormat.toUpperCase()}` : size;
}

/** The value after the crop modal's Confirm: the manual ratios, or none at all. */
export function withRatios(media: MediaValue, ratios: Record<string, CropRatio>): MediaValue {
  const { ratios: _previous, ...rest } = media;
  return Object.keys(ratios).length > 0 ? { ...rest, ratios } : rest;
}
