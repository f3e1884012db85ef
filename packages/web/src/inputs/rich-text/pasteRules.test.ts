import { describe, expect, it } from 'vitest';
import { transformPastedHtml, transformPastedText } from './pasteRules.ts';

const DIVIDED = { isSingleParagraph: false };
const ONE_PARAGRAPH = { isSingleParagraph: true };

describe('transformPastedText (spec 002 §5 rich text paste)', () => {
  it('keeps the line breaks, from which the editor makes paragraphs', () => {
    expect(transformPastedText('one\ntwo\r\nthree', DIVIDED)).toBe('one\ntwo\r\nthree');
  });

  it('joins the lines with spaces when division is disabled', () => {
    expect(transformPastedText('  one \n\n two\r\nthree\rfour\n', ONE_PARAGRAPH)).toBe('one two three four');
  });
});

describe('transformPastedHtml (spec 002 §5 rich text paste)', () => {
  it.each([
    ['turns bold tags into strong', '<p>a <b>bold</b> b</p>', '<p>a <strong>bold</strong> b</p>'],
    ['turns nested bold tags into strong', '<p><b>a<b>b</b></b></p>', '<p><strong>a<strong>b</strong></strong></p>'],
    ['drops the not-bold wrapper of Google Docs', '<b style="font-weight:normal;" id="docs-internal-guid-1"><p>a</p><p>b</p></b>', '<p>a</p><p>b</p>'],
    ['makes a paragraph of each div', '<div>one</div><div>two</div>', '<p>one</p><p>two</p>'],
    ['drops a div around blocks and keeps the blocks', '<div><h2>t</h2><p>one</p>loose</div>', '<h2>t</h2><p>one</p><p>loose</p>'],
    ['drops nested divs', '<div><div>one</div><div><div>two</div></div></div>', '<p>one</p><p>two</p>'],
    ['splits a paragraph at each line break', '<p>one<br>two<br/>three</p>', '<p>one</p><p>two</p><p>three</p>'],
    ['splits inside marks and keeps them on both sides', '<p><strong>a<br>b</strong>c</p>', '<p><strong>a</strong></p><p><strong>b</strong>c</p>'],
    ['splits lines of a div', '<div>one<br>two</div>', '<p>one</p><p>two</p>'],
    ['splits loose lines', 'one<br>two', '<p>one</p><p>two</p>'],
    ['drops empty lines', '<p>one<br><br>two<br></p>', '<p>one</p><p>two</p>'],
    ['keeps lists and links', '<ul><li>a</li></ul><p><a href="https://x.io">x</a></p>', '<ul><li>a</li></ul><p><a href="https://x.io">x</a></p>'],
    ['drops clipboard styles and meta data', '<meta charset="utf-8"><style>p{}</style><p>a</p>', '<p>a</p>'],
  ])('%s', (_name, html, expected) => {
    const result = transformPastedHtml(html, DIVIDED);
    expect(result).toBe(expected);
    expect(result).not.toMatch(/<(?:b|div|br)\b/);
  });

  it.each([
    ['puts paragraphs into one, separated by spaces', '<p>one</p><p>two</p>', '<p>one two</p>'],
    ['turns line breaks and divs into spaces', '<div>one<br>two</div><div><b>three</b></div>', '<p>one two <strong>three</strong></p>'],
    ['keeps marks and links of list items and headings', '<h2>t</h2><ul><li><em>a</em></li><li><a href="https://x.io">b</a></li></ul>', '<p>t <em>a</em> <a href="https://x.io">b</a></p>'],
    ['collapses white space', '<p>  one  </p>\n\n<p>\ttwo </p>', '<p>one two</p>'],
    ['gives nothing for nothing', '<p> </p><br>', ''],
  ])('when division is disabled, %s', (_name, html, expected) => {
    expect(transformPastedHtml(html, ONE_PARAGRAPH)).toBe(expected);
  });
});
