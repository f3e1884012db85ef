import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, textLength } from './textLength.ts';

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('plainText and textLength (spec 000 §5: length counted with markup stripped)', () => {
  it.each([
    ['plain text', 'Hello', 'Hello'],
    ['a paragraph', '<p>Hello</p>', 'Hello'],
    ['nested markup', '<p><strong>Bold</strong> and <em>it</em></p>', 'Bold and it'],
    ['a link with attributes', '<a href="https://example.com/?a=1&amp;b=2" target="_blank">link</a>', 'link'],
    ['a quoted attribute holding >', '<span title="a > b">x</span>', 'x'],
    ['a single-quoted attribute holding >', "<span title='a>b' class=x>y</span>", 'y'],
    ['a self-closing tag', 'a<br/>b<br>c', 'abc'],
    ['a comment', 'a<!-- <p>hidden</p> -->b', 'ab'],
    ['a doctype', '<!DOCTYPE html>a', 'a'],
    ['a processing instruction', '<?xml version="1.0"?>a', 'a'],
    ['an unclosed tag at the end', 'a<p class="x', 'a'],
    ['a less-than sign in text', 'a < b', 'a < b'],
    ['a less-than sign before a digit', '1<2', '1<2'],
    ['&amp;', 'Tom &amp; Jerry', 'Tom & Jerry'],
    ['&nbsp;', 'a&nbsp;b', 'a\u00a0b'],
    ['&lt; and &gt;', '&lt;p&gt;', '<p>'],
    ['&quot; and &apos;', '&quot;&apos;', `"'`],
    ['typographic entities', '&ldquo;Hi&rdquo; &mdash; &hellip;', '\u201cHi\u201d \u2014 \u2026'],
    ['a decimal entity', '&#65;&#228;', 'A\u00e4'],
    ['a hex entity', '&#x41;&#X263a;', 'A\u263a'],
    ['an astral hex entity', '&#x1F600;', '\u{1F600}'],
    ['an out-of-range entity', '&#x110000;', '\ufffd'],
    ['a NUL entity', '&#0;', '\ufffd'],
    ['an unknown entity', '&bogus;', '&bogus;'],
    ['an ampersand without semicolon', 'R&D &amp', 'R&D &amp'],
    ['an encoded tag is text', '&lt;b&gt;x&lt;/b&gt;', '<b>x</b>'],
  ])('strips %s', (_name, html, expected) => {
    expect(plainText(html)).toBe(expected);
    expect(textLength(html)).toBe(expected.length);
  });

  it('counts an entity as one character', () => {
    expect(textLength('<p>a&amp;b&nbsp;c&lt;d</p>')).toBe(7);
  });

  it('never exceeds the length of its input', () => {
    const fragments = ['a', ' ', '<', '>', '&', ';', '#', 'x', '0', '9', '"', "'", '=', '/', '!', '-', '&amp;', '&nbsp;'];
    const htmlish = fc
      .array(fc.constantFrom(...fragments, '&lt;', '<p>', '</p>', '<!--', '-->', '&#x1F600;', '&#65;'))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), htmlish), (html) => {
        expect(textLength(html)).toBeLessThanOrEqual(html.length);
      }),
    );
  });

  it('equals the length for text without "<" or "&"', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }).filter((text) => !text.includes('<') && !text.includes('&')),
        (text) => {
          expect(textLength(text)).toBe(text.length);
          expect(plainText(text)).toBe(text);
        },
      ),
    );
  });

  it('removes exactly the markup around escaped text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('p', 'strong', 'em', 'a href="x"'), (text, tag) => {
        const name = tag.split(' ')[0] ?? tag;
        expect(plainText(`<${tag}>${escape(text)}</${name}>`)).toBe(text);
      }),
    );
  });
});
