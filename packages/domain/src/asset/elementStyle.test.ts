import { describe, expect, it } from 'vitest';
import type { InputDefinition } from './inputs.ts';
import {
  elementStyleProblem,
  galleryDisplayTypeOf,
  imagePlacementOf,
  metaWithStyle,
  placedImageOf,
  withGalleryDisplayType,
  withImageOrientation,
  withImageSize,
} from './elementStyle.ts';

const input = (name: string, type: string, properties?: InputDefinition[]) => ({ name, type, view: { label: name }, ...(properties ? { constraints: { properties } } : {}) }) as InputDefinition;
const image = input('image', 'image');
const couple = input('couple', 'container', [input('couple-left-image', 'image'), input('couple-right-image', 'image')]);
const textWithImage = input('couple-right-image', 'container', [input('couple-text', 'rich-text'), input('couple-image', 'image')]);
const gallery = input('image-gallery', 'asset');
const newId = () => 'style-1';

describe('where a placement is offered (spec 001 §5)', () => {
  it('offers it on an image element and on the image beside a text, not on the images of a couple', () => {
    expect(placedImageOf(image)?.name).toBe('image');
    expect(placedImageOf(textWithImage)?.name).toBe('couple-image');
    expect(placedImageOf(couple)).toBeUndefined();
    expect(placedImageOf(input('couple-left-image', 'image'))).toBeUndefined();
    expect(placedImageOf(gallery)).toBeUndefined();
  });
});

describe('the clear rules (spec 001 §4)', () => {
  it('sets an orientation and a size on one style, keeping its id', () => {
    const oriented = withImageOrientation(undefined, 'portrait', newId);
    expect(oriented).toEqual({ id: 'style-1', attributes: { orientation: 'portrait' } });
    const sized = withImageSize(oriented, 'S', () => 'other');
    expect(sized).toEqual({ id: 'style-1', attributes: { orientation: 'portrait', size: 'S' } });
    expect(imagePlacementOf(sized)).toEqual({ orientation: 'portrait', size: 'S' });
  });

  it('clears the size when the active size is chosen again, or none', () => {
    const sized = withImageSize(withImageOrientation(undefined, 'landscape', newId), 'M', newId);
    expect(withImageSize(sized, 'M', newId)).toEqual({ id: 'style-1', attributes: { orientation: 'landscape' } });
    expect(withImageSize(sized, 'NONE', newId)).toEqual({ id: 'style-1', attributes: { orientation: 'landscape' } });
  });

  it('removes the style when no attributes remain', () => {
    const oriented = withImageOrientation(undefined, 'landscape', newId);
    expect(withImageOrientation(oriented, 'none', newId)).toBeUndefined();
    expect(withImageSize(withImageSize(undefined, 'XL', newId), 'XL', newId)).toBeUndefined();
    expect(imagePlacementOf(undefined)).toEqual({ orientation: 'none', size: 'NONE' });
  });

  it('keeps a gallery display type', () => {
    const rail = withGalleryDisplayType(undefined, 'rail', newId);
    expect(galleryDisplayTypeOf(rail)).toBe('rail');
    expect(galleryDisplayTypeOf(withGalleryDisplayType(rail, 'grid', newId))).toBe('grid');
    expect(galleryDisplayTypeOf({ id: 'x', attributes: { displayType: 'carousel' } })).toBeUndefined();
  });
});

describe('what the server accepts in an element style', () => {
  it.each<[string, InputDefinition, unknown]>([
    ['no style', image, undefined],
    ['an orientation and a size', image, { id: 'a', attributes: { orientation: 'portrait', size: 'S' } }],
    ['the style of the image beside a text', textWithImage, { id: 'a', attributes: { size: 'XL' } }],
    ['a gallery display type', gallery, { id: 'a', attributes: { displayType: 'grid' } }],
    ['another element’s own style (left to its widget)', input('info-block-group', 'container'), { id: 'rail', attributes: { displayType: 'rail' } }],
  ])('accepts %s', (_name, choice, style) => {
    expect(elementStyleProblem(choice, style, 'story-content.0')).toBeUndefined();
  });

  it.each<[string, InputDefinition, unknown, string]>([
    ['an unknown size', image, { id: 'a', attributes: { size: 'XXL' } }, 'story-content.0._meta.style.attributes.size: expected one of S, M, L, XL, got "XXL"'],
    ['none spelled out', image, { id: 'a', attributes: { orientation: 'none' } }, 'story-content.0._meta.style.attributes.orientation: expected one of landscape, portrait, got "none"'],
    ['an unknown attribute', image, { id: 'a', attributes: { colour: 'red' } }, 'story-content.0._meta.style.attributes: unknown attribute "colour"'],
    ['a gallery size', gallery, { id: 'a', attributes: { size: 'S' } }, 'story-content.0._meta.style.attributes: unknown attribute "size"'],
    ['a style without an id', image, { attributes: { size: 'S' } }, 'story-content.0._meta.style: expected { id, attributes } with text attributes'],
    ['a number for a size', image, { id: 'a', attributes: { size: 3 } }, 'story-content.0._meta.style: expected { id, attributes } with text attributes'],
  ])('refuses %s', (_name, choice, style, problem) => {
    expect(elementStyleProblem(choice, style, 'story-content.0')).toBe(problem);
  });
});

describe('an item meta with its style', () => {
  it('keeps the other meta and drops an empty one', () => {
    expect(metaWithStyle({ anchor: 'a1' }, { id: 's', attributes: { size: 'S' } })).toEqual({ anchor: 'a1', style: { id: 's', attributes: { size: 'S' } } });
    expect(metaWithStyle({ anchor: 'a1', style: { id: 's', attributes: {} } }, undefined)).toEqual({ anchor: 'a1' });
    expect(metaWithStyle({ style: { id: 's', attributes: { size: 'S' } } }, undefined)).toBeUndefined();
  });
});
