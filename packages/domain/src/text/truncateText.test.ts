import fc from 'fast-check';
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

  it('never answers more than the length, and keeps the start of the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const truncated = truncateText(text);
        expect([...truncated].length).toBeLessThanOrEqual(TEXT_TRUNCATION_LENGTH);
        if ([...text].length <= TEXT_TRUNCATION_LENGTH) expect(truncated).toBe(text);
        else {
          expect(truncated.endsWith('.....')).toBe(true);
          expect(text.startsWith(truncated.slice(0, -5))).toBe(true);
        }
      }),
    );
  });
});
