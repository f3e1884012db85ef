import { describe, expect, it } from 'vitest';
import { buildArchiveItem } from './archiveItemFixture.ts';
import { cardThumbnail, cardTitle, playerAccountOf, previewSourceOf, smallImageUrl } from './mediaCard.ts';

describe('card title (spec 001 §2.7: cut to 32 characters)', () => {
  it.each([
    ['Short title', 'Short title', false],
    ['Exactly thirty-two characters!!!', 'Exactly thirty-two characters!!!', false],
    ['Red Bull Cliff Diving World Series 2026 in Mostar', 'Red Bull Cliff Diving World Ser…', true],
    ['Thirty-one characters then     a space', 'Thirty-one characters then…', true],
  ])('%s', (title, text, isCut) => {
    const shown = cardTitle(title);
    expect(shown).toEqual({ text, isCut });
    expect(Array.from(shown.text).length).toBeLessThanOrEqual(32);
  });
});

describe('card thumbnail', () => {
  it('shows an image its very large image, else its poster', () => {
    expect(cardThumbnail(buildArchiveItem())).toEqual({ kind: 'image', url: '/media/archive/MI-0001/image-very-large' });
    const posterOnly = buildArchiveItem({ attributes: { resources: [{ type: 'poster', url: '/media/archive/MI-0001/poster' }] } });
    expect(cardThumbnail(posterOnly)).toEqual({ kind: 'image', url: '/media/archive/MI-0001/poster' });
  });

  it('shows a video its poster and audio an icon', () => {
    expect(cardThumbnail(buildArchiveItem({ id: 'V1', contentType: 'video' }))).toEqual({ kind: 'image', url: '/media/archive/V1/poster' });
    expect(cardThumbnail(buildArchiveItem({ contentType: 'audio' }))).toEqual({ kind: 'audio' });
    expect(cardThumbnail(buildArchiveItem({ attributes: { resources: [] } }))).toEqual({ kind: 'none' });
  });

  it('asks our image delivery for the thumbnail width, and takes other URLs as they are', () => {
    expect(smallImageUrl('/media/image/upload/w_3000/nazare-wave')).toBe('/media/image/upload/w_200,f_auto,q_auto/nazare-wave');
    expect(smallImageUrl('/media/archive/X/poster')).toBe('/media/archive/X/poster');
    expect(smallImageUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });
});

describe('preview source', () => {
  it('plays a rendition when one is available, else the original', () => {
    const video = buildArchiveItem({ id: 'V1', contentType: 'video' });
    expect(previewSourceOf(video)).toEqual({ kind: 'video', url: '/media/archive/V1/original', posterUrl: '/media/archive/V1/poster' });
    const withRendition = { ...video, attributes: { ...video.attributes, resources: [...video.attributes.resources, { type: 'rendition', url: '/media/archive/V1/rendition' }] } };
    expect(previewSourceOf(withRendition)).toMatchObject({ kind: 'video', url: '/media/archive/V1/rendition' });
    expect(previewSourceOf(buildArchiveItem({ id: 'A1', contentType: 'audio', attributes: { renditionsAvailable: false } }))).toEqual({
      kind: 'audio',
      url: '/media/archive/A1/original',
      posterUrl: undefined,
    });
  });

  it('shows an image its very large image, and nothing without files', () => {
    expect(previewSourceOf(buildArchiveItem())).toMatchObject({ kind: 'image', url: '/media/archive/MI-0001/image-very-large' });
    expect(previewSourceOf(buildArchiveItem({ attributes: { resources: [] } }))).toBeUndefined();
  });
});

describe('player account (spec 001 §2.7: cartoons, media partnerships, default)', () => {
  it('follows the item’s channel, else the channel filtered by', () => {
    const video = buildArchiveItem({ contentType: 'video' });
    expect(playerAccountOf(video, undefined)).toBe('default');
    expect(playerAccountOf(video, 'cartoons')).toBe('cartoons');
    expect(playerAccountOf(buildArchiveItem({ contentType: 'video', attributes: { channel: 'media-partnerships' } }), 'cartoons')).toBe('media-partnerships');
  });
});
