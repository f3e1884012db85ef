import { CARD_CROP_RATIOS, IMAGE_WIDTHS, croppedImageUrlOf, mediaValueSchema, type InputDefinition, type MediaValue, type StencilDefinition } from '@editor/domain';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import type { StoredContent } from './content.ts';

const isImageInput = (input: InputDefinition) => input.type === 'image' || input.type === 'mime:image';

function mediaOf(content: StoredContent, input: InputDefinition | undefined): MediaValue | undefined {
  if (!input || input.multiple) return undefined;
  const parsed = mediaValueSchema.safeParse(content[input.name]?.value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The image that stands for an asset version (spec 000 §7 image-url): an image asset's own image; otherwise its
 * hero image (the image input that offers hero layouts), else the first image input that holds one.
 */
export function imageOf(stencil: Pick<StencilDefinition, 'name' | 'inputs'>, content: StoredContent): MediaValue | undefined {
  if (stencil.name === 'image') return mediaOf(content, stencil.inputs.find((input) => input.name === 'image'));
  const hero = mediaOf(content, stencil.inputs.find((input) => isImageInput(input) && input.constraints?.heroLayouts !== undefined));
  if (hero) return hero;
  for (const input of stencil.inputs.filter(isImageInput)) {
    const media = mediaOf(content, input);
    if (media) return media;
  }
  return undefined;
}

/**
 * Spec 000 §9: the image of a card or list row, 400 wide, through the first of its card crops (4x3, 16x9, 3x2, 1x1)
 * it has, in the best format the browser accepts, from where images are delivered; undefined for another provider.
 */
export function cardImageUrlOf(media: MediaValue, delivery: ImageDelivery): string | undefined {
  return croppedImageUrlOf(media, { preferred: CARD_CROP_RATIOS, width: IMAGE_WIDTHS.card, ...delivery });
}
