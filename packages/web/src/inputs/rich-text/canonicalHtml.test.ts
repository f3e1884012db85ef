import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalRichText } from './canonicalHtml.ts';
import { purifyRichText } from './richTextHtml.ts';

const HEADINGS = [2, 3];
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('isCanonicalRichText', () => {
  it.each([
    ['paragraphs with marks', '<p>a <strong>b <em>c</em></strong></p><p></p>'],
    ['lists with paragraphs', '<ul><li><p>a</p><ol><li><p>b</p></li></ol></li></ul>'],
    ['allowed headings', '<h2>a</h2><h3>b</h3>'],
    ['an external link', `<p><a href="https://x.io/?a=1&amp;b=2" ${EXTERNAL}>x</a></p>`],
    ['an internal link', '<p><a href="/api/v1/assets/a1">x</a></p>'],
    ['escaped text', '<p>a &amp; b &lt; c &gt; d&nbsp;e</p>'],
    ['nothing', ''],
  ])('accepts %s', (_name, html) => {
    expect(isCanonicalRichText(html, HEADINGS)).toBe(true);
  });

  it.each([
    ['another tag', '<p><span>a</span></p>'],
    ['a heading level not allowed', '<h4>a</h4>'],
    ['b and i', '<p><b>a</b><i>b</i></p>'],
    ['an attribute on a paragraph', '<p class="x">a</p>'],
    ['an external link without target and rel', '<p><a href="https://x.io">x</a></p>'],
    ['link attributes in another order (the editor writes them so)', `<p><a ${EXTERNAL} href="https://x.io">x</a></p>`],
    ['an internal link with a target', `<p><a href="/api/v1/assets/a1" ${EXTERNAL}>x</a></p>`],
    ['a script link', `<p><a href="javascript:alert(1)" ${EXTERNAL}>x</a></p>`],
    ['a link in a link', `<p><a href="/api/v1/assets/a">x<a href="/api/v1/assets/b">y</a></a></p>`],
    ['a paragraph in a paragraph', '<p>a<p>b</p></p>'],
    ['a list item outside a list', '<li>a</li>'],
    ['text directly in a list', '<ul>a<li>b</li></ul>'],
    ['a tag left open', '<p><strong>a</p>'],
    ['a tag closed twice', '<p>a</p></p>'],
    ['a raw angle bracket', '<p>a > b</p>'],
    ['an entity the browser would not write', '<p>&eacute;</p>'],
    ['a bare ampersand', '<p>a & b</p>'],
    ['a comment', '<!-- x --><p>a</p>'],
    ['upper-case tags', '<P>a</P>'],
  ])('rejects %s', (_name, html) => {
    expect(isCanonicalRichText(html, HEADINGS)).toBe(false);
  });

  const text = fc.constantFrom('a', 'b c', '&amp;', '&lt;', '&gt;', '&nbsp;', '&eacute;', 'x & y', '<', '>', ' ', 'é', '"');
  const inlineTag = fc.constantFrom('strong', 'em', 'b', 'span', 'a-external', 'a-editor', 'a-internal', 'a-bare', 'a-script');
  const blockTag = fc.constantFrom('p', 'h2', 'h3', 'h4', 'div');
  const openTag: Record<string, string> = {
    'a-external': `<a href="https://x.io/a?b=1&amp;c=2" ${EXTERNAL}>`,
    'a-editor': `<a ${EXTERNAL} href="https://x.io">`,
    'a-internal': '<a href="/api/v1/assets/a1">',
    'a-bare': '<a href="https://x.io">',
    'a-script': `<a href="javascript:x()" ${EXTERNAL}>`,
  };
  const element = (tag: string, children: string[]) => `${openTag[tag] ?? `<${tag}>`}${children.join('')}</${tag.startsWith('a-') ? 'a' : tag}>`;
  const { document: richText } = fc.letrec((tie) => ({
    inline: fc.oneof({ depthSize: 'small' }, text, fc.tuple(inlineTag, fc.array(tie('inline') as fc.Arbitrary<string>, { maxLength: 3 })).map(([tag, children]) => element(tag, children))),
    block: fc.tuple(blockTag, fc.array(tie('inline') as fc.Arbitrary<string>, { maxLength: 3 })).map(([tag, children]) => element(tag, children)),
    list: fc.tuple(fc.constantFrom('ul', 'ol'), fc.array(fc.array(fc.oneof(tie('block') as fc.Arbitrary<string>, tie('inline') as fc.Arbitrary<string>), { maxLength: 2 }), { maxLength: 3 })).map(([tag, items]) =>
      element(tag, items.map((children) => element('li', children))),
    ),
    document: fc.array(fc.oneof(tie('block') as fc.Arbitrary<string>, tie('list') as fc.Arbitrary<string>, tie('inline') as fc.Arbitrary<string>), { maxLength: 4 }).map((parts) => parts.join('')),
  }));

  it('accepts only what the full sanitiser returns unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(richText, (html) => {
        if (!isCanonicalRichText(html, HEADINGS)) return;
        accepted += 1;
        expect(purifyRichText(html, { headingLevels: [2, 3] })).toBe(html);
      }),
      { numRuns: 500 },
    );
    // The generator must reach the accepting side often enough for the property to say something.
    expect(accepted).toBeGreaterThan(50);
  });
});
