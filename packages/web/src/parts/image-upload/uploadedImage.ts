import { IMAGE_UPLOAD_MESSAGES, hasImageUploadType, isImageTooLarge, mediaValueFromUpload, type MediaValue, type UploadResponse } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';

/** Not in the spec: what the Upload Failed modal says of a file that is not one of the allowed image types. */
export const UNSUPPORTED_TYPE_MESSAGE = 'The file is not a supported image. Please choose a jpg, jpeg, png, svg or gif file.';

/** Spec 000 §5, 002 §5: why a chosen file may not be uploaded, or undefined when it may. */
export function refusalOf(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!hasImageUploadType(file.name)) return UNSUPPORTED_TYPE_MESSAGE;
  if (isImageTooLarge(file.size)) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

/**
 * The media value of an upload (spec 000 §4), or an error when the image service stored something that is not an
 * image of an allowed type: the caller then removes the upload rather than put it into the asset.
 */
export function imageValueOf(upload: UploadResponse): MediaValue {
  if (upload.resource_type !== 'image' || !hasImageUploadType(`upload.${upload.format}`) || upload.width <= 0 || upload.height <= 0) {
    throw new Error(`The image service stored a ${upload.resource_type} of format ${upload.format}, not an image.`);
  }
  return mediaValueFromUpload(upload);
}

export const UPLOADS_PATH = '/api/v1/uploads';

/** `DELETE /api/v1/uploads/{publicId}`: removes an upload that will not be used. A failure is only logged. */
export async function removeUpload(client: ApiClient, publicId: string): Promise<void> {
  try {
    await client.send({ method: 'DELETE', path: `${UPLOADS_PATH}/${encodeURIComponent(publicId)}` });
  } catch (error) {
    console.warn(`The upload ${publicId} could not be removed.`, error);
  }
}
