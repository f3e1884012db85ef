import { z } from 'zod';
import { MEDIA_PROVIDERS } from '../media/mediaLibrary.ts';
import type { InputDefinition } from './inputs.ts';

/** Spec 001 §2.3: the media a list card can show in its preview panel. */
export const MEDIA_PREVIEW_KINDS = ['image', 'video', 'image-gallery', 'hero-image'] as const;
export type MediaPreviewKind = (typeof MEDIA_PREVIEW_KINDS)[number];

/** What a list item says of its preview panel: the kind, and the input whose value the panel shows. */
export const mediaPreviewSchema = z.object({ kind: z.enum(MEDIA_PREVIEW_KINDS), input: z.string() });
export type MediaPreview = z.infer<typeof mediaPreviewSchema>;

const VIDEO_PROVIDERS: readonly string[] = [MEDIA_PROVIDERS.video, MEDIA_PROVIDERS.partnershipVideo];
const isImageInput = (input: InputDefinition) => (input.type === 'image' || input.type === 'mime:image') && !input.multiple;
const isVideoInput = (input: InputDefinition) => input.type === 'service' && !input.multiple && (input.constraints?.providers ?? []).some((provider) => VIDEO_PROVIDERS.includes(provider));
const isGalleryInput = (input: InputDefinition) => input.type === 'asset' && input.multiple === true && input.constraints?.stencils?.length === 1 && input.constraints.stencils[0] === 'image';

/**
 * Spec 001 §2.3 media preview panels: an image asset shows its image, a video asset (a stencil with a video input) its
 * video, an image gallery its images, and any other asset with a hero image (the image input with hero layouts) that
 * image; `hasImage` says the version's main image is set, which for an asset with a hero input is the hero when it has one.
 */
export function mediaPreviewOf(stencil: { name: string; inputs: readonly InputDefinition[] }, hasImage: boolean): MediaPreview | null {
  if (stencil.name === 'image') return hasImage ? { kind: 'image', input: 'image' } : null;
  const gallery = stencil.name === 'image-gallery' ? stencil.inputs.find(isGalleryInput) : undefined;
  if (gallery) return { kind: 'image-gallery', input: gallery.name };
  const video = stencil.inputs.find(isVideoInput);
  if (video) return { kind: 'video', input: video.name };
  const hero = stencil.inputs.find((input) => isImageInput(input) && input.constraints?.heroLayouts !== undefined);
  return hero && hasImage ? { kind: 'hero-image', input: hero.name } : null;
}
