import { describe, expect, it } from 'vitest';
import { buildArchiveItem } from './archiveItemFixture.ts';
import { archiveCreationOf, creationPath, creationProblemOf, creationTargetOf, mediaValueOf, providerOf } from './createFromArchive.ts';

describe('the provider of an archive item (spec 001 §9)', () => {
  it('is Cloudinary for images, RBMN Audio for audio, RBMN Video for video, and the partnerships provider in that channel', () => {
    expect(providerOf(buildArchiveItem())).toBe('cloudinary');
    expect(providerOf(buildArchiveItem({ contentType: 'audio' }))).toBe('rbmn-audio');
    expect(providerOf(buildArchiveItem({ contentType: 'video' }))).toBe('rbmn-video');
    expect(providerOf(buildArchiveItem({ contentType: 'video', attributes: { channel: 'cartoons' } }))).toBe('rbmn-video');
    expect(providerOf(buildArchiveItem({ contentType: 'video', attributes: { channel: 'media-partnerships' } }))).toBe('media-partnerships-video');
  });
});

describe('creation from prefilled archive content (spec 001 §7)', () => {
  it('makes an image with its media value, title and teaser', () => {
    const item = buildArchiveItem({ id: 'IMG-7', attributes: { blockedCountries: ['AT', 'DE'] } });
    expect(archiveCreationOf(item)).toEqual({
      stencil: 'image',
      content: {
        image: { value: { provider: 'cloudinary', referenceId: 'IMG-7', mediaType: 'image', width: 1920, height: 1080, blockedIn: ['AT', 'DE'] } },
        title: { value: 'Cliff diving in Mostar' },
        teaser: { value: 'A diver jumps from the old bridge.' },
      },
    });
  });

  it('makes a video with its duration and the description as rich text', () => {
    const item = buildArchiveItem({ id: 'VID-1', contentType: 'video', attributes: { description: 'Line one & <two>\n\nLine three' } });
    expect(archiveCreationOf(item)).toEqual({
      stencil: 'video',
      content: {
        video: { value: { provider: 'rbmn-video', referenceId: 'VID-1', mediaType: 'video', width: 1920, height: 1080, duration: 95 } },
        title: { value: 'Cliff diving in Mostar' },
        description: { value: '<p>Line one &amp; &lt;two&gt;</p><p>Line three</p>' },
        duration: { value: 95 },
      },
    });
  });

  it('makes a podcast episode of audio, its description as show notes', () => {
    const item = buildArchiveItem({ id: 'AUD-1', contentType: 'audio', attributes: { description: '' } });
    expect(archiveCreationOf(item)).toEqual({
      stencil: 'podcast-episode',
      content: {
        audio: { value: { provider: 'rbmn-audio', referenceId: 'AUD-1', mediaType: 'audio', duration: 95 } },
        title: { value: 'Cliff diving in Mostar' },
        duration: { value: 95 },
      },
    });
  });

  it('refuses an image without its very large image (spec 000 §5, §8); its asset id is its item id in the image store', () => {
    const withoutAssetId = buildArchiveItem({ id: 'IMG-9', attributes: { assetId: null } });
    expect(creationProblemOf(withoutAssetId)).toBeUndefined();
    expect(archiveCreationOf(withoutAssetId).content.image).toEqual({ value: { provider: 'cloudinary', referenceId: 'IMG-9', mediaType: 'image', width: 1920, height: 1080 } });
    const withoutLargeImage = buildArchiveItem({ id: 'IMG-8', attributes: { resources: [{ type: 'original', url: '/media/archive/IMG-8/original' }] } });
    expect(creationProblemOf(withoutLargeImage)).toBe("Asset 'IMG-8' is missing the very large image.");
    expect(() => archiveCreationOf(withoutLargeImage)).toThrow("Asset 'IMG-8' is missing the very large image.");
    expect(creationProblemOf(buildArchiveItem({ contentType: 'video', attributes: { assetId: null } }))).toBeUndefined();
  });

  it("names an image's format from its original, as an upload's value does", () => {
    const item = buildArchiveItem({ id: 'IMG-7', attributes: { resources: [{ type: 'original', url: '/o', contentType: 'image/png' }, { type: 'image-very-large', url: '/l' }] } });
    expect(mediaValueOf(item)).toMatchObject({ referenceId: 'IMG-7', imageFormat: 'png' });
  });
});

describe('where the new asset goes', () => {
  const rights = { roles: ['content-editor'], spaces: ['rbtv', 'global', 'main'], localizations: ['de', 'en'] };

  it("takes the user's default space and preferred locale", () => {
    expect(creationTargetOf({ settings: { defaultSpace: 'main', preferredLocalization: 'en' }, rights })).toEqual({ space: 'main', localization: 'en' });
  });

  it('falls back to the first space and locale the user may create in (never the tv space without its role)', () => {
    expect(creationTargetOf({ settings: { defaultSpace: 'rbtv', preferredLocalization: 'fr' }, rights })).toEqual({ space: 'global', localization: 'de' });
  });

  it('warns as the create-content modal does when there is none', () => {
    expect(creationTargetOf({ settings: { defaultSpace: null, preferredLocalization: 'en' }, rights: { ...rights, spaces: ['rbtv'] } })).toEqual({ warning: 'Please select a space' });
    expect(creationTargetOf({ settings: { defaultSpace: 'main', preferredLocalization: 'en' }, rights: { ...rights, localizations: [] } })).toEqual({ warning: 'Please select a localisation' });
  });

  it('builds the create call with space and stencil', () => {
    expect(creationPath({ space: 'main', localization: 'en-GB', stencil: 'podcast-episode' })).toBe('/api/v1/assets/-/localizations/en-GB?space=main&container.stencil=podcast-episode');
  });
});
