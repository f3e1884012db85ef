import { describe, expect, it } from 'vitest';
import { hasImageUploadType, isImageTooLarge, mediaValueFromUpload } from './imageUpload.ts';

describe('image upload rules (spec 000 §5)', () => {
  it('accepts jpg, jpeg, png, svg and gif by name, in any case, and nothing else', () => {
    expect(['a.jpg', 'b.JPEG', 'c.png', 'd.svg', 'e.Gif', 'f.tar.png'].map(hasImageUploadType)).toEqual([true, true, true, true, true, true]);
    expect(['a.webp', 'b.tiff', 'jpg', 'c.jpg.exe', '', '.'].map(hasImageUploadType)).toEqual([false, false, false, false, false, false]);
  });

  it('finds 100,000,000 bytes or more too large', () => {
    expect(isImageTooLarge(99_999_999)).toBe(false);
    expect(isImageTooLarge(100_000_000)).toBe(true);
  });
});

describe('media value of an upload (spec 000 §4)', () => {
  const upload = { public_id: 'cliff-abc', width: 800, height: 600 };

  it('marks a GIF animated and anything else an image', () => {
    expect(mediaValueFromUpload({ ...upload, format: 'gif' })).toEqual({
      provider: 'cloudinary',
      referenceId: 'cliff-abc',
      mediaType: 'animated',
      width: 800,
      height: 600,
      imageFormat: 'gif',
    });
    expect(mediaValueFromUpload({ ...upload, format: 'png' }).mediaType).toBe('image');
    expect(mediaValueFromUpload({ ...upload, format: 'jpeg' })).toMatchObject({ mediaType: 'image', imageFormat: 'jpg' });
  });

  it('carries no crops of an earlier image', () => {
    expect(mediaValueFromUpload({ ...upload, format: 'jpg' }).ratios).toBeUndefined();
  });
});
