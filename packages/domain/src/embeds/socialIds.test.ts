import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSocialReference } from './socialIds.ts';

/** What an editor might type: anything at all, or something shaped like one provider's id or link. */
const typed = fc.oneof(
  fc.tuple(fc.constantFrom('youtube', 'instagram', 'tiktok', 'x', 'facebook', 'vimeo', 'vk', 'spotify', 'soundcloud', 'mixcloud', 'giphy', 'acast'), fc.string({ maxLength: 80 })),
  fc.tuple(fc.constant('youtube'), fc.stringMatching(/^ ?(https:\/\/youtu\.be\/|https:\/\/www\.youtube\.com\/watch\?v=)?[A-Za-z0-9_-]{9,12}[ &?]?$/)),
  fc.tuple(fc.constant('vimeo'), fc.stringMatching(/^(https:\/\/vimeo\.com\/)?[0-9]{3,13}$/)),
  fc.tuple(fc.constant('x'), fc.stringMatching(/^(https:\/\/x\.com\/[a-z]{1,8}\/status\/)?[0-9]{3,26}$/)),
  fc.tuple(fc.constant('giphy'), fc.stringMatching(/^(https:\/\/giphy\.com\/gifs\/[a-z-]{0,10})?[A-Za-z0-9]{3,41}$/)),
  fc.tuple(fc.constant('spotify'), fc.stringMatching(/^(https:\/\/open\.spotify\.com\/(track|album|concert)\/)?[A-Za-z0-9]{21,23}$/)),
  fc.tuple(fc.constant('soundcloud'), fc.stringMatching(/^(https:\/\/soundcloud\.com\/)?[a-z0-9_-]{1,10}\/(sets\/)?[a-z0-9_-]{1,10}$/)),
);

describe('social and audio reference ids (spec 002 §5 media)', () => {
  it.each([
    ['youtube', 'dQw4w9WgXcQ', undefined, { referenceId: 'dQw4w9WgXcQ' }],
    ['youtube', ' https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42 ', undefined, { referenceId: 'dQw4w9WgXcQ' }],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ', undefined, { referenceId: 'dQw4w9WgXcQ' }],
    ['youtube', 'youtube.com/shorts/dQw4w9WgXcQ', undefined, { referenceId: 'dQw4w9WgXcQ' }],
    ['instagram', 'https://www.instagram.com/p/C1a2B3c4D5e/', undefined, { referenceId: 'C1a2B3c4D5e', subtype: 'post' }],
    ['instagram', 'https://www.instagram.com/reel/C1a2B3c4D5e/?igsh=x', undefined, { referenceId: 'C1a2B3c4D5e', subtype: 'reel' }],
    ['instagram', 'C1a2B3c4D5e', undefined, { referenceId: 'C1a2B3c4D5e', subtype: 'post' }],
    ['tiktok', 'https://www.tiktok.com/@redbull/video/7301234567890123456', undefined, { referenceId: '7301234567890123456' }],
    ['x', 'https://x.com/redbull/status/1729876543210987654', undefined, { referenceId: '1729876543210987654' }],
    ['x', 'https://twitter.com/redbull/status/1729876543210987654?s=20', undefined, { referenceId: '1729876543210987654' }],
    ['facebook', 'https://www.facebook.com/redbull/videos/1234567890123/', undefined, { referenceId: 'redbull/videos/1234567890123', subtype: 'video' }],
    ['vimeo', 'https://vimeo.com/76979871', undefined, { referenceId: '76979871' }],
    ['vimeo', 'https://player.vimeo.com/video/76979871', undefined, { referenceId: '76979871' }],
    ['vk', 'https://vk.com/video-22822305_456239018', undefined, { referenceId: '-22822305_456239018' }],
    ['spotify', 'https://open.spotify.com/intl-de/album/4aawyAB9vmqN3uQ7FjRGTy?si=1', undefined, { referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'album' }],
    ['spotify', 'spotify:episode:4aawyAB9vmqN3uQ7FjRGTy', undefined, { referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'episode' }],
    ['spotify', '4aawyAB9vmqN3uQ7FjRGTy', 'playlist', { referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'playlist' }],
    ['soundcloud', 'https://soundcloud.com/redbull/sets/best-of-2024', undefined, { referenceId: 'redbull/sets/best-of-2024', subtype: 'playlist' }],
    ['soundcloud', 'redbull/kings-of-the-night', undefined, { referenceId: 'redbull/kings-of-the-night', subtype: 'track' }],
    ['mixcloud', 'https://www.mixcloud.com/redbullradio/late-night-session/', undefined, { referenceId: 'redbullradio/late-night-session' }],
    ['giphy', 'https://giphy.com/gifs/redbull-cliff-diving-3o7TKSjRrfIPjeiVyM', undefined, { referenceId: '3o7TKSjRrfIPjeiVyM' }],
    ['giphy', 'https://media.giphy.com/media/3o7TKSjRrfIPjeiVyM/giphy.gif', undefined, { referenceId: '3o7TKSjRrfIPjeiVyM' }],
    ['acast', 'https://shows.acast.com/the-red-bulletin/episodes/episode-12', undefined, { referenceId: 'the-red-bulletin/episode-12' }],
  ])('%s reads %j', (provider, text, subtype, expected) => {
    expect(parseSocialReference({ provider, text, subtype })).toEqual(expected);
  });

  it.each([
    ['youtube', 'dQw4w9WgXc'],
    ['youtube', 'https://vimeo.com/76979871'],
    ['youtube', 'javascript:alert(1)'],
    ['tiktok', '12345'],
    ['x', 'https://x.com/redbull'],
    ['spotify', '4aawyAB9vmqN3uQ7FjRGTy" onload="x'],
    ['spotify', 'https://open.spotify.com/concert/4aawyAB9vmqN3uQ7FjRGTy'],
    ['facebook', 'https://www.facebook.com/redbull'],
    ['giphy', '<script>'],
    ['tickaroo', 'anything'],
    ['unknown', 'dQw4w9WgXcQ'],
  ])('%s refuses %j', (provider, text) => {
    expect(parseSocialReference({ provider, text })).toBeNull();
  });

  it('finds a YouTube id in any of its link forms and only in them', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);
    fc.assert(
      fc.property(id, fc.constantFrom('https://www.youtube.com/watch?v=', 'https://youtu.be/', 'https://www.youtube.com/embed/', 'https://m.youtube.com/shorts/'), (videoId, prefix) => {
        expect(parseSocialReference({ provider: 'youtube', text: `  ${prefix}${videoId}  ` })).toEqual({ referenceId: videoId });
      }),
    );
  });

  it('never answers an id with characters outside the provider rule, whatever is typed', () => {
    fc.assert(
      fc.property(typed, ([provider, text]) => {
        const found = parseSocialReference({ provider, text });
        fc.pre(found !== null);
        expect(found?.referenceId).toMatch(/^[A-Za-z0-9_./-]+$/);
      }),
    );
  });

  it('reads back the id it found when given that id again', () => {
    fc.assert(
      fc.property(typed, ([provider, text]) => {
        const found = parseSocialReference({ provider, text });
        fc.pre(found !== null);
        expect(parseSocialReference({ provider, text: found?.referenceId ?? '', subtype: found?.subtype })).toEqual(found);
      }),
    );
  });
});
