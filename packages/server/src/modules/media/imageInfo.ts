import fs from 'node:fs/promises';
import sharp from 'sharp';
import { IMAGE_MEDIA_TYPES, IMAGE_PROVIDER, VERY_LARGE_RESOURCE, imageUrlOf, type ImageMedia } from '@editor/domain';
import type { ImageStore } from './imageStore.ts';
import { MAX_RENDER_SIZE } from './renditionLimits.ts';

/**
 * Spec 000 §7 `GET /api/v1/media` for one of our images: its size as shown (EXIF orientation applied, one frame of an
 * animation), format, bytes, and the very large image the cropper loads (spec 000 §5), 3000 wide or the original's
 * width when smaller. 404 for an unknown image.
 */
export async function describeImage(images: ImageStore, referenceId: string): Promise<ImageMedia> {
  // Without transformations the store names the original itself.
  const original = await images.renderImage({ referenceId });
  const [metadata, stat] = await Promise.all([sharp(original.file).metadata(), fs.stat(original.file)]);
  const width = metadata.autoOrient.width;
  const height = metadata.pageHeight ?? metadata.autoOrient.height;
  const media = { provider: IMAGE_PROVIDER, referenceId };
  return {
    ...media,
    contentType: 'image',
    // Spec 000 §4: a GIF is 'animated', anything else 'image' (as an upload sets it).
    mediaType: original.format === 'gif' ? IMAGE_MEDIA_TYPES.animated : IMAGE_MEDIA_TYPES.image,
    width,
    height,
    imageFormat: original.format,
    bytes: stat.size,
    resources: [{ type: VERY_LARGE_RESOURCE, url: imageUrlOf(media, { width: Math.min(MAX_RENDER_SIZE, width) }) ?? '' }],
  };
}
