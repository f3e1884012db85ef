import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_TRUNCATION_LENGTH, truncateText } from './truncateText.ts';

describe('text truncation (spec 000 §9)', () => {
  it.each([
    ['', ''],
    ['Short title', 'Short title'],
    ['a'.repeat(75), 'a'.repeat(75)],
    ['a'.repeat(76), `${'a'.repeat(70)}.....`],
    ['b'.repeat(200), `${'b'.repeat(70)}.....`],
  ])('truncates %j to 75 characters with five dots', (text, expected) => {
    expect(truncateText(text)).toBe(expected);
  });

  it('takes another length and counts an emoji as one character', () => {
    expect(truncateText('Ice climbing in Rjukan', 10)).toBe('Ice c.....');
    expect(truncateText('🧗'.repeat(12), 10)).toBe(`${'🧗'.repeat(5)}.....`);
  });

  it('never answers more than the length, keeps a short text and keeps the start of a long one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const truncated = truncateText(text);
        const isLong = [...text].length > TEXT_TRUNCATION_LENGTH;
        const expected = isLong ? `${[...text].slice(0, TEXT_TRUNCATION_LENGTH - 5).join('')}.....` : text;
        expect(truncated).toBe(expected);
        expect([...truncated].length).toBeLessThanOrEqual(TEXT_TRUNCATION_LENGTH);
      }),
    );
  });
});
