import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeUrlScheme } from './activeUrl.ts';

/** The word in any letter case. */
const cased = (word: string) => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

describe('activeUrlScheme', () => {
  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    [' \u0000javascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\nscript:alert(1)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['DATA:image/svg+xml;base64,PHN2Zz4=', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
  ])('finds the active scheme of %j', (address, scheme) => {
    expect(activeUrlScheme(address)).toBe(scheme);
  });

  it.each(['https://shop.example.com/', 'http://example.com', 'mailto:desk@example.org', 'tel:+43 1 234', '/shop', '#top', 'www.example.com', 'htps://typo.example', 'javascript', 'my-data:1', ''])(
    'finds none in %j',
    (address) => {
      expect(activeUrlScheme(address)).toBeUndefined();
    },
  );

  it('finds every address the browser would run as javascript, however it is spaced or cased', () => {
    const noise = fc.constantFrom('', ' ', '\t', '\n', '\r', '\u0000', '\u001f');
    fc.assert(
      fc.property(noise, cased('javascript'), fc.integer({ min: 0, max: 10 }), noise, fc.string(), (lead, word, at, inside, rest) => {
        const address = `${lead}${word.slice(0, at)}${inside.replace(/[^\t\n\r]/g, '')}${word.slice(at)}:${rest}`;
        expect(activeUrlScheme(address)).toBe('javascript');
      }),
    );
  });
});
