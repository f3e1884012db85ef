import { describe, expect, it } from 'vitest';
import type { InputDefinition } from './inputs.ts';
import { mediaPreviewOf } from './mediaPreview.ts';

const input = (name: string, type: string, extra: Partial<InputDefinition> = {}): InputDefinition => ({ name, type, view: { label: name }, ...extra }) as InputDefinition;
const IMAGE = input('image', 'image');
const HERO = input('hero-image', 'image', { constraints: { heroLayouts: ['wide'] } });
const PROFILE = input('profile-image', 'image');
const VIDEO = input('video', 'service', { constraints: { providers: ['rbmn-video', 'media-partnerships-video'] } });
const EMBED = input('embed', 'service', { constraints: { providers: ['youtube'] } });
const IMAGES = input('images', 'asset', { multiple: true, constraints: { stencils: ['image'] } });
const TAGS = input('tags', 'asset', { multiple: true, constraints: { stencils: ['tag'] } });

describe('mediaPreviewOf (spec 001 §2.3 media preview panels)', () => {
  it.each([
    ['an image asset with its image', 'image', [IMAGE], true, { kind: 'image', input: 'image' }],
    ['an image asset without one', 'image', [IMAGE], false, null],
    ['an image gallery, by its image references', 'image-gallery', [TAGS, IMAGES], false, { kind: 'image-gallery', input: 'images' }],
    ['a video asset, by its video input', 'video', [input('thumbnail', 'image'), VIDEO], true, { kind: 'video', input: 'video' }],
    ['a film: its video before its hero image', 'film', [HERO, VIDEO], true, { kind: 'video', input: 'video' }],
    ['a story with a hero image', 'story', [HERO], true, { kind: 'hero-image', input: 'hero-image' }],
    ['an athlete with images, its hero input named', 'athlete', [PROFILE, HERO], true, { kind: 'hero-image', input: 'hero-image' }],
    ['a story without an image', 'story', [HERO], false, null],
    ['an author with a profile image only', 'author', [PROFILE], true, null],
    ['an asset with an embed but no video provider', 'lsc', [EMBED], true, null],
    ['a collection of other images than a gallery', 'collection', [IMAGES], false, null],
  ] as const)('%s', (_label, name, inputs, hasImage, expected) => {
    expect(mediaPreviewOf({ name, inputs }, hasImage)).toEqual(expected);
  });
});
