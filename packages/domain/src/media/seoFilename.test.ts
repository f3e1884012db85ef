import { describe, expect, it } from 'vitest';
import { SEO_FILENAME_PATTERN, normalizeImageDescription, seoFilenameOf } from './seoFilename.ts';

describe('SEO filenames (spec 001 §5, 002 §5)', () => {
  it.each([
    ['Cliff Diving – Mostar.JPG', 'cliff-diving-mostar'],
    ['Straße_nach Köln.png', 'strasse-nach-koln'],
    ['  __Red--Bull  Air Race!!.jpeg', 'red-bull-air-race'],
    ['IMG_0042.gif', 'img-0042'],
    ['...', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(seoFilenameOf(input)).toBe(expected);
  });

  it('always gives a valid filename or an empty one', () => {
    for (const input of ['Ä Ö Ü', 'a/b\\c', '日本語 photo', 'x'.repeat(300)]) {
      const name = seoFilenameOf(input);
      expect(name === '' || SEO_FILENAME_PATTERN.test(name), input).toBe(true);
      expect(name.length).toBeLessThanOrEqual(100);
    }
  });

  it('drops a trailing period or exclamation mark of title and teaser and normalises the filename', () => {
    expect(normalizeImageDescription({ title: 'A surfer rides a wave.', teaser: 'Big day at Nazaré!', 'seo-filename': 'Surfer Nazare.jpg' })).toEqual({
      title: 'A surfer rides a wave',
      teaser: 'Big day at Nazaré',
      'seo-filename': 'surfer-nazare',
    });
  });
});
