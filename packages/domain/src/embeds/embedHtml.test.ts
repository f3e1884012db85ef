import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKAROO_CLIENT_ID } from './customIds.ts';
import { EMBED_FRAME_HOSTS, embedFrameOf, embedHtmlOf, isAllowedEmbedSrc } from './embedHtml.ts';
import { EMBED_PROVIDERS } from './providers.ts';

describe('embed frames (spec 002 §4, §7)', () => {
  it.each([
    ['youtube', 'dQw4w9WgXcQ', undefined, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['instagram', 'C1a2B3c4D5e', 'reel', 'https://www.instagram.com/reel/C1a2B3c4D5e/embed/'],
    ['spotify', '4aawyAB9vmqN3uQ7FjRGTy', 'album', 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy'],
    ['soundcloud', 'redbull/kings', 'track', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fredbull%2Fkings'],
    ['vk', '-22822305_456239018', undefined, 'https://vk.com/video_ext.php?oid=-22822305&id=456239018'],
    ['tickaroo', `clientId=${TICKAROO_CLIENT_ID}&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=RBCOM`, undefined, `https://cdn.tickaroo.com/webng/embed/liveblog.html?clientId=${TICKAROO_CLIENT_ID}&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=RBCOM`],
    ['wrc-erc-results', 'competition=erc&idSas=77', undefined, 'https://www.fiaerc.com/embed/results/77'],
    ['zoe', '65A1F0C2E4B0A1B2C3D4E5F6', undefined, 'https://zoe.redbull.com/embed/65a1f0c2e4b0a1b2c3d4e5f6'],
  ])('%s %s frames %s', (provider, referenceId, subtype, src) => {
    expect(embedFrameOf({ provider, referenceId, subtype })?.src).toBe(src);
  });

  it.each([
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ', undefined],
    ['youtube', 'dQw4w9WgXcQ"><script>', undefined],
    ['spotify', '4aawyAB9vmqN3uQ7FjRGTy', 'concert'],
    ['tickaroo', 'liveblogId=65a1f0c2e4b0a1b2c3d4e5f6', undefined],
    ['rbmn-audio', 'MI-0001', undefined],
    ['myspace', 'x', undefined],
  ])('refuses %s %j', (provider, referenceId, subtype) => {
    expect(embedFrameOf({ provider, referenceId, subtype })).toBeNull();
  });

  it('gives a thumbnail where one is derivable', () => {
    expect(embedFrameOf({ provider: 'youtube', referenceId: 'dQw4w9WgXcQ' })?.thumbnailUrl).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(embedFrameOf({ provider: 'x', referenceId: '1729876543210987654' })?.thumbnailUrl).toBeUndefined();
  });

  it('frames only allow-listed hosts and writes HTML that cannot be broken out of, whatever the id', () => {
    const providers = EMBED_PROVIDERS.map((provider) => provider.id);
    fc.assert(
      fc.property(fc.constantFrom(...providers), fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^[A-Za-z0-9_-]{11}$/), fc.stringMatching(/^[0-9]{5,20}$/)), fc.option(fc.constantFrom('post', 'reel', 'track', 'video'), { nil: undefined }), (provider, referenceId, subtype) => {
        const frame = embedFrameOf({ provider, referenceId, subtype });
        fc.pre(frame !== null);
        expect(isAllowedEmbedSrc(frame?.src ?? '')).toBe(true);
        const html = frame ? embedHtmlOf(frame) : '';
        expect(html.match(/<iframe /g)).toHaveLength(1);
        expect(html).not.toMatch(/<script/i);
      }),
    );
    expect(EMBED_FRAME_HOSTS.every((host) => host.startsWith('https://'))).toBe(true);
    expect(isAllowedEmbedSrc('https://evil.example/embed')).toBe(false);
  });
});

describe('embed frame subtypes', () => {
  it('names the subtype it framed, the first one when none was given, and none for custom providers', () => {
    expect(embedFrameOf({ provider: 'spotify', referenceId: '4aawyAB9vmqN3uQ7FjRGTy' })).toMatchObject({ subtype: 'track', title: 'Spotify track embed' });
    expect(embedFrameOf({ provider: 'wrc-erc-results', referenceId: 'competition=wrc&idSas=1', subtype: 'x' })).toMatchObject({ title: 'WRC/ERC Standings and Results embed' });
    expect(embedFrameOf({ provider: 'wrc-erc-results', referenceId: 'competition=wrc&idSas=1' })?.subtype).toBeUndefined();
  });
});
