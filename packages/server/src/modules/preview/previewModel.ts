import {
  IMAGE_WIDTHS,
  PREVIEW_CROP_RATIOS,
  assetReferenceSchema,
  childInputs,
  croppedImageUrlOf,
  findInput,
  isRecord,
  mediaValueSchema,
  type AssetReference,
  type InputDefinition,
  type MediaValue,
  type StencilDefinition,
  galleryDisplayTypeOf,
  imagePlacementOf,
  type GalleryDisplayType,
  type ImageOrientation,
  type ImagePlacementSize,
} from '@editor/domain';
import type { StoredContent } from '../assets/content.ts';
import { cardImageUrlOf, imageOf } from '../assets/imageOf.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { tableElementOf, type TablePreviewElement } from './tableElements.ts';
import { serviceEmbedElementOf, type ServiceEmbedElement } from '../embeds/previewEmbed.ts';
import { STORY_BLOCK_TYPES, chapterIdOf, paragraphIdOf, storyElementOf, storyElementReferences, type StoryBlockElement } from './storyElements.ts';

/** Spec 002 §9 image preview width 600: hero and inline images through their 16x9 crop (else 2x1, else 3x2). */
const previewImageUrlOf = (media: MediaValue, delivery: ImageDelivery) => croppedImageUrlOf(media, { preferred: PREVIEW_CROP_RATIOS, width: IMAGE_WIDTHS.medium, ...delivery });

/** An asset a story element points to, as the preview shows it. */
export interface ReferencedAsset {
  title: string;
  stencilLabel: string;
  imageUrl?: string | undefined;
}

/** One element of the story content, ready to render; rich text is kept raw and sanitised when rendered. */
export type PreviewElement =
  | { kind: 'text'; html: string; id?: string | undefined }
  | { kind: 'headline'; text: string; id?: string | undefined }
  | { kind: 'quote'; text: string; author?: string | undefined }
  | { kind: 'list'; isOrdered: boolean; items: string[] }
  | { kind: 'embedded'; asset: ReferencedAsset | null; displayType?: GalleryDisplayType | undefined }
  | { kind: 'image'; url: string; orientation: ImageOrientation; size: ImagePlacementSize }
  | { kind: 'placeholder'; label: string }
  | TablePreviewElement
  | StoryBlockElement
  | ServiceEmbedElement;

/** What a preview renders: stored under its token, rendered per request in the asked format. */
export interface PreviewModel {
  locale: string;
  stencilLabel: string;
  title: string;
  teaser: string;
  heroUrl?: string | undefined;
  cardImageUrl?: string | undefined;
  /** Top-level rich-text inputs (biography, synopsis...) in stencil order. */
  richTexts: string[];
  elements: PreviewElement[];
}

/** A story item's own style (spec 001 §3), where its placement or display type is kept. */
const styleOf = (item: unknown): unknown => (isRecord(item) && isRecord(item._meta) ? item._meta.style : undefined);

/** The input holding a story's elements (spec 002 §3 one-of container of the stencil's story content). */
const STORY_CONTENT_INPUT = 'story-content';
/** Inputs that read as a teaser when the stencil has no `teaser`. */
const TEASER_INPUTS = ['teaser', 'subheading', 'promotion-text'];

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const plainText = (value: unknown): string => textOf(value).replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

function referenceOf(value: unknown): AssetReference | undefined {
  const parsed = assetReferenceSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The asset references of the story content a preview shows as cards or author names, to be looked up once. */
export function referencesIn(stencil: StencilDefinition, content: StoredContent): AssetReference[] {
  const items = content[STORY_CONTENT_INPUT]?.value;
  if (!findInput(stencil, STORY_CONTENT_INPUT) || !Array.isArray(items)) return [];
  const references: AssetReference[] = [];
  for (const item of items as Array<{ type?: unknown; value?: unknown }>) {
    const value = item?.value;
    const reference = item?.type === 'embedded-content' ? referenceOf(value) : item?.type === 'quote' && Array.isArray(value) ? referenceOf(value[2]) : undefined;
    for (const found of [...(reference ? [reference] : []), ...storyElementReferences(item)]) {
      if (!references.some((known) => known.id === found.id)) references.push(found);
    }
  }
  return references;
}

function elementOf(
  choice: InputDefinition,
  value: unknown,
  context: { assets: ReadonlyMap<string, ReferencedAsset>; delivery: ImageDelivery; item: unknown; items: readonly unknown[] },
): PreviewElement | undefined {
  const { assets } = context;
  const embed = serviceEmbedElementOf(choice, value);
  if (embed) return embed;
  switch (choice.name) {
    case 'text':
      return textOf(value) === '' ? undefined : { kind: 'text', html: textOf(value), id: paragraphIdOf(context.item) };
    case 'headline': {
      const text = plainText((value as Record<string, unknown> | undefined)?.['headline-text']);
      return text === '' ? undefined : { kind: 'headline', text, id: chapterIdOf(value, text) };
    }
    case 'quote': {
      const [text, author, link] = Array.isArray(value) ? value : [];
      const reference = referenceOf(link);
      const linked = reference ? assets.get(reference.id)?.title : undefined;
      return plainText(text) === '' ? undefined : { kind: 'quote', text: plainText(text), author: linked ?? (plainText(author) || undefined) };
    }
    case 'list':
    case 'numbered-list': {
      const items = (Array.isArray(value) ? value : []).map(textOf).filter((item) => item !== '');
      return items.length === 0 ? undefined : { kind: 'list', isOrdered: choice.name === 'numbered-list', items };
    }
    case 'embedded-content':
    case 'image-gallery': {
      const reference = referenceOf(value);
      const displayType = galleryDisplayTypeOf(styleOf(context.item));
      return reference ? { kind: 'embedded', asset: assets.get(reference.id) ?? null, displayType } : undefined;
    }
    case 'table':
    case 'results-table':
      return tableElementOf(choice.name, value);
    case 'image': {
      const media = mediaValueSchema.safeParse(value);
      const url = media.success ? previewImageUrlOf(media.data, context.delivery) : undefined;
      // Spec 001 §3: the element's placement (orientation and size) shapes the image as the website would.
      return url ? { kind: 'image', url, ...imagePlacementOf(styleOf(context.item)) } : undefined;
    }
    default: {
      const imageUrlOf = (image: unknown) => {
        const media = mediaValueSchema.safeParse(image);
        return media.success ? previewImageUrlOf(media.data, context.delivery) : undefined;
      };
      const element = storyElementOf(choice, context.item, { items: context.items, assets, imageUrlOf });
      if (element || STORY_BLOCK_TYPES.has(choice.name)) return element;
      // Elements the preview cannot draw without the public site's services (embeds, tables...) show as a labelled box.
      return { kind: 'placeholder', label: choice.view?.label ?? choice.name };
    }
  }
}

function storyElements(stencil: StencilDefinition, content: StoredContent, context: { assets: ReadonlyMap<string, ReferencedAsset>; delivery: ImageDelivery }): PreviewElement[] {
  const input = findInput(stencil, STORY_CONTENT_INPUT);
  const items = content[STORY_CONTENT_INPUT]?.value;
  if (!input || !Array.isArray(items)) return [];
  const choices = childInputs(input);
  return (items as Array<{ type?: unknown; value?: unknown }>).flatMap((item) => {
    const choice = choices.find((candidate) => candidate.name === item?.type);
    const element = choice ? elementOf(choice, item.value, { ...context, item, items }) : undefined;
    return element ? [element] : [];
  });
}

/** Spec 002 §2 preview: the page model of unsaved content (title, teaser, hero, rich texts, story elements, card image). */
export function buildPreviewModel(input: {
  stencil: StencilDefinition;
  content: StoredContent;
  locale: string;
  assets: ReadonlyMap<string, ReferencedAsset>;
  delivery: ImageDelivery;
}): PreviewModel {
  const { stencil, content, delivery } = input;
  const image = imageOf(stencil, content);
  const teaserInput = TEASER_INPUTS.find((name) => findInput(stencil, name)?.type === 'text');
  return {
    locale: input.locale,
    stencilLabel: stencil.label,
    title: plainText(content[stencil.titleInput]?.value),
    teaser: teaserInput ? plainText(content[teaserInput]?.value) : '',
    heroUrl: image ? previewImageUrlOf(image, delivery) : undefined,
    cardImageUrl: image ? cardImageUrlOf(image, delivery) : undefined,
    richTexts: stencil.inputs.filter((definition) => definition.type === 'rich-text' && !definition.multiple).map((definition) => textOf(content[definition.name]?.value)).filter((html) => html !== ''),
    elements: storyElements(stencil, content, { assets: input.assets, delivery }),
  };
}
