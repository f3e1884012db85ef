import { z } from 'zod';
import type { MediaValue } from '../asset/values.ts';
import { IMAGE_PROVIDER } from './imageDelivery.ts';

/** Spec 000 §5, §9: an image upload is one of these types and smaller than 100,000,000 bytes. */
export const IMAGE_UPLOAD_TYPES = ['jpg', 'jpeg', 'png', 'svg', 'gif'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 100_000_000;
/** What a file picker offers: the extensions and their media types. */
export const IMAGE_UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.svg,.gif,image/jpeg,image/png,image/svg+xml,image/gif';

/** Spec 000 §9: upload progress stays at 99 while sending and reaches 100 once the asset is saved. */
export const UPLOAD_PROGRESS_WHILE_SENDING = 99;

/** The texts of image uploads (spec 000 §5, §8; 002 §5, §8). */
export const IMAGE_UPLOAD_MESSAGES = {
  noSpaceSelected: 'No space selected',
  tooLarge: 'The image exceeds the maximum allowed size of 100MB. Please resize it to 100MB or less and try again.',
  someTooLarge: 'One or all of the images exceed the maximum allowed size of 100MB.',
  uploadFailed: 'Sorry, it was not possible to upload your image.',
  descriptionFailed: 'Something in generating the AI based image description went wrong.',
} as const;

/** Spec 000 §5: whether a file name has one of the allowed image types. */
export function hasImageUploadType(filename: string): boolean {
  const extension = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  return filename.includes('.') && (IMAGE_UPLOAD_TYPES as readonly string[]).includes(extension);
}

/** Spec 000 §5: a file of 100,000,000 bytes or more is too large. */
export function isImageTooLarge(bytes: number): boolean {
  return bytes >= IMAGE_UPLOAD_MAX_BYTES;
}

/**
 * `POST /api/v1/cloudinary-signature` (spec 000 §7): the space to upload into and the context the upload carries
 * (for example the asset id and locale it belongs to).
 */
export const uploadSignatureRequestSchema = z.strictObject({
  space: z.string().optional(),
  context: z.record(z.string(), z.string()).optional(),
});
export type UploadSignatureRequest = z.infer<typeof uploadSignatureRequestSchema>;

/**
 * The signed fields, as the image service expects them in the form data, and where to post. Every field of
 * `fields` is sent as it is, before the file.
 */
export const uploadSignatureSchema = z.object({
  cloud_name: z.string(),
  upload_url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type UploadSignature = z.infer<typeof uploadSignatureSchema>;

/** The image service's answer to an upload (the fields of Cloudinary's upload response that we use). */
export const uploadResponseSchema = z.object({
  public_id: z.string(),
  version: z.number(),
  width: z.number(),
  height: z.number(),
  format: z.string(),
  bytes: z.number(),
  resource_type: z.string(),
  secure_url: z.string(),
  url: z.string(),
  created_at: z.string(),
  original_filename: z.string().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The media types of an image value; spec 000 §4: a GIF is 'animated', anything else 'image'. */
export const IMAGE_MEDIA_TYPES = { image: 'image', animated: 'animated' } as const;

/**
 * The media value of an uploaded image (spec 000 §3, §4). Uploading a new file replaces the image: crops of the
 * previous file do not fit the new one, so they go; a GIF sets the type to animated and a non-GIF turns it back.
 */
export function mediaValueFromUpload(upload: Pick<UploadResponse, 'public_id' | 'width' | 'height' | 'format'>): MediaValue {
  const format = upload.format.toLowerCase();
  return {
    provider: IMAGE_PROVIDER,
    referenceId: upload.public_id,
    mediaType: format === 'gif' ? IMAGE_MEDIA_TYPES.animated : IMAGE_MEDIA_TYPES.image,
    width: upload.width,
    height: upload.height,
    imageFormat: format === 'jpeg' ? 'jpg' : format,
  };
}

/** `GET /api/v1/media?provider=&referenceId=` for an image (spec 000 §7): its metadata and the very large resource. */
export const imageMediaSchema = z.object({
  provider: z.string(),
  referenceId: z.string(),
  contentType: z.literal('image'),
  mediaType: z.string(),
  width: z.number(),
  height: z.number(),
  imageFormat: z.string(),
  bytes: z.number(),
  /** The very large image the cropper loads (spec 000 §7 `GET {resource url}`). */
  resources: z.array(z.object({ type: z.string(), url: z.string() })),
});
export type ImageMedia = z.infer<typeof imageMediaSchema>;

/** The resource type of the very large image (spec 000 §5: a usable media library image needs one). */
export const VERY_LARGE_RESOURCE = 'image-very-large';

/**
 * `POST /api/v1/image-descriptor` (spec 001 §7; 002 §7 "AI image description (image, localization)"): the asset, the
 * language, and optionally the image just uploaded for it (its public id), which the asset may not have saved yet.
 */
export const imageDescriptionRequestSchema = z.strictObject({ assetId: z.string().min(1), langCode: z.string().min(2), referenceId: z.string().min(1).optional() });
export const imageDescriptionSchema = z.object({ title: z.string(), teaser: z.string(), 'seo-filename': z.string() });
export type ImageDescription = z.infer<typeof imageDescriptionSchema>;
