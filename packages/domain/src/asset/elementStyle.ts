import { isRecord } from '../isRecord.ts';
import type { InputDefinition } from './inputs.ts';

/*
 * Spec 001 §3 image meta style and gallery style, §4 clear rules, §5 where they are offered: a story element's
 * placement lives in its item's `_meta.style`, `{ id, attributes }`, as the info block group's layout does.
 */

/** Spec 000 §9 orientations; `none` is the absence of the attribute. */
export const IMAGE_ORIENTATIONS = ['none', 'landscape', 'portrait'] as const;
export type ImageOrientation = (typeof IMAGE_ORIENTATIONS)[number];
/** Spec 000 §9 sizes; `NONE` is the absence of the attribute. */
export const IMAGE_SIZES = ['NONE', 'S', 'M', 'L', 'XL'] as const;
export type ImagePlacementSize = (typeof IMAGE_SIZES)[number];
/** Spec 001 §3 gallery style attribute. */
export const GALLERY_DISPLAY_TYPES = ['grid', 'rail'] as const;
export type GalleryDisplayType = (typeof GALLERY_DISPLAY_TYPES)[number];

/** The story element whose item carries a gallery's display type. */
export const IMAGE_GALLERY_ELEMENT = 'image-gallery';

export interface ElementStyle {
  id: string;
  attributes: Record<string, string>;
}

/** Spec 001 §5: the images of a couple are placed by the couple; every other image property offers orientation and size. */
const UNPLACED_IMAGES = new Set(['couple-left-image', 'couple-right-image']);

/**
 * Spec 001 §5: the image a story element's placement is for: the element itself when it is an image, else its one
 * image property that offers a placement (the image beside the text of 'Text with image on the right'); none for a
 * couple, whose two images are excluded.
 */
export function placedImageOf(choice: InputDefinition): InputDefinition | undefined {
  if (choice.type === 'image') return UNPLACED_IMAGES.has(choice.name) ? undefined : choice;
  if (choice.type !== 'container') return undefined;
  const images = (choice.constraints?.properties ?? []).filter((property) => property.type === 'image' && !UNPLACED_IMAGES.has(property.name));
  return images.length === 1 ? images[0] : undefined;
}

/** A style's id and attributes, if the value is a well-formed style. */
export function elementStyleOf(style: unknown): ElementStyle | undefined {
  if (!isRecord(style) || typeof style.id !== 'string' || !isRecord(style.attributes)) return undefined;
  const attributes = Object.fromEntries(Object.entries(style.attributes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { id: style.id, attributes };
}

/** One attribute set or removed; spec 001 §4: the style is removed when no attributes remain. */
function withAttribute(style: unknown, input: { name: string; value: string | undefined; newId: () => string }): ElementStyle | undefined {
  const current = elementStyleOf(style);
  const { [input.name]: _previous, ...rest } = current?.attributes ?? {};
  const attributes = input.value === undefined ? rest : { ...rest, [input.name]: input.value };
  if (Object.keys(attributes).length === 0) return undefined;
  return { id: current?.id ?? input.newId(), attributes };
}

/** Spec 001 §4: an orientation chosen; `none` clears it. */
export function withImageOrientation(style: unknown, orientation: ImageOrientation, newId: () => string): ElementStyle | undefined {
  return withAttribute(style, { name: 'orientation', value: orientation === 'none' ? undefined : orientation, newId });
}

/** Spec 001 §4: a size chosen; `NONE`, or the size already chosen, clears it. */
export function withImageSize(style: unknown, size: ImagePlacementSize, newId: () => string): ElementStyle | undefined {
  const isActive = elementStyleOf(style)?.attributes.size === size;
  return withAttribute(style, { name: 'size', value: size === 'NONE' || isActive ? undefined : size, newId });
}

/** Spec 001 §3: a gallery shown as a grid or a rail. */
export function withGalleryDisplayType(style: unknown, displayType: GalleryDisplayType, newId: () => string): ElementStyle | undefined {
  return withAttribute(style, { name: 'displayType', value: displayType, newId });
}

/** The placement a style gives an image: its orientation and size, `none`/`NONE` when it has none. */
export function imagePlacementOf(style: unknown): { orientation: ImageOrientation; size: ImagePlacementSize } {
  const attributes = elementStyleOf(style)?.attributes ?? {};
  const orientation = IMAGE_ORIENTATIONS.find((candidate) => candidate !== 'none' && candidate === attributes.orientation) ?? 'none';
  const size = IMAGE_SIZES.find((candidate) => candidate !== 'NONE' && candidate === attributes.size) ?? 'NONE';
  return { orientation, size };
}

/** The display type a style gives a gallery, if any. */
export function galleryDisplayTypeOf(style: unknown): GalleryDisplayType | undefined {
  const displayType = elementStyleOf(style)?.attributes.displayType;
  return GALLERY_DISPLAY_TYPES.find((candidate) => candidate === displayType);
}

const ALLOWED: Record<string, readonly string[]> = {
  orientation: IMAGE_ORIENTATIONS.filter((value) => value !== 'none'),
  size: IMAGE_SIZES.filter((value) => value !== 'NONE'),
};

/**
 * What is wrong with the `_meta.style` of a story item of `choice`, if anything: a placed image's style holds only
 * an orientation and a size of spec 000 §9, a gallery's only a display type of spec 001 §3. Other items' styles
 * (the info block group's layout) are their own widgets' business.
 */
export function elementStyleProblem(choice: InputDefinition, style: unknown, path: string): string | undefined {
  const isPlaced = placedImageOf(choice) !== undefined;
  const isGallery = choice.name === IMAGE_GALLERY_ELEMENT;
  if (style === undefined || (!isPlaced && !isGallery)) return undefined;
  const parsed = elementStyleOf(style);
  if (!parsed || parsed.id === '' || Object.keys(parsed.attributes).length !== Object.keys((style as { attributes: object }).attributes).length) {
    return `${path}._meta.style: expected { id, attributes } with text attributes`;
  }
  const allowed: Record<string, readonly string[]> = isGallery ? { displayType: GALLERY_DISPLAY_TYPES } : ALLOWED;
  for (const [name, value] of Object.entries(parsed.attributes)) {
    const values = allowed[name];
    if (!values) return `${path}._meta.style.attributes: unknown attribute "${name}"`;
    if (!values.includes(value)) return `${path}._meta.style.attributes.${name}: expected one of ${values.join(', ')}, got "${value}"`;
  }
  return undefined;
}

/** An item's `_meta` with its style replaced; without a style and nothing else, no `_meta` at all (spec 001 §4). */
export function metaWithStyle(meta: unknown, style: ElementStyle | undefined): Record<string, unknown> | undefined {
  const { style: _previous, ...rest } = isRecord(meta) ? meta : {};
  const next = style === undefined ? rest : { ...rest, style };
  return Object.keys(next).length === 0 ? undefined : next;
}
