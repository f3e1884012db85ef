import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { richTextValueOf, sanitizeRichText, type RichTextSchema } from './richTextHtml.ts';

const PLAIN: RichTextSchema = { headingLevels: [] };
const STORY: RichTextSchema = { headingLevels: [2, 3] };
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('sanitizeRichText', () => {
  it.each([
    ['keeps what the editor produces', '<p><strong>a</strong> <em>b</em></p><ul><li><p>c</p></li></ul><ol><li><p>d</p></li></ol>', PLAIN, '<p><strong>a</strong> <em>b</em></p><ul><li><p>c</p></li></ul><ol><li><p>d</p></li></ol>'],
    ['keeps the allowed headings', '<h2>A</h2><h3>B</h3><p>c</p>', STORY, '<h2>A</h2><h3>B</h3><p>c</p>'],
    ['drops the markup of a heading level not allowed, not its text', '<h4>A</h4><p>c</p>', STORY, 'A<p>c</p>'],
    ['drops headings where none are allowed', '<h2>A</h2>', PLAIN, 'A'],
    ['drops other tags but keeps their text', '<p><span style="color:red">a</span><u>b</u><s>c</s><br>d</p><div>e</div>', PLAIN, '<p>abcd</p>e'],
    ['reads b and i as strong and em', '<p><b>a</b><i>b</i></p>', PLAIN, '<p><strong>a</strong><em>b</em></p>'],
    ['drops scripts and handlers with their content', '<p onclick="x()">a<script>alert(1)</script><img src=x onerror="y()"></p>', PLAIN, '<p>a</p>'],
    ['drops classes, styles and data attributes', '<p class="x" style="color:red" data-x="1">a</p>', PLAIN, '<p>a</p>'],
    ['gives an external link a new tab and a safe rel', '<p><a href="https://example.com/a">x</a></p>', PLAIN, `<p><a href="https://example.com/a" ${EXTERNAL}>x</a></p>`],
    ['replaces whatever target and rel an external link had', '<a href="http://example.com" target="_self" rel="opener">x</a>', PLAIN, `<a href="http://example.com" ${EXTERNAL}>x</a>`],
    ['keeps an internal link plain', '<a href="/api/v1/assets/a1" target="_blank" rel="noopener">x</a>', PLAIN, '<a href="/api/v1/assets/a1">x</a>'],
    ['takes the href of a script link away', '<a href="javascript:alert(1)">x</a>', PLAIN, '<a>x</a>'],
    ['takes the href of another relative link away', '<a href="/admin">x</a>', PLAIN, '<a>x</a>'],
    ['takes the href of a deeper asset path away', '<a href="/api/v1/assets/a1/localizations/en">x</a>', PLAIN, '<a>x</a>'],
  ])('%s', (_name, html, schema, expected) => {
    expect(sanitizeRichText(html, schema)).toBe(expected);
  });

  it('never lets an element or attribute through that the editor does not produce', () => {
    const allowedTags = new Set(['P', 'STRONG', 'EM', 'UL', 'OL', 'LI', 'A', 'H2', 'H3']);
    const allowedAttributes = new Set(['href', 'target', 'rel']);
    const tag = fc.constantFrom('p', 'b', 'strong', 'em', 'i', 'u', 'a', 'div', 'span', 'script', 'img', 'h1', 'h2', 'h3', 'h4', 'ul', 'li', 'iframe', 'style', 'br');
    const attribute = fc.constantFrom('', ' href="https://x.io"', ' href="javascript:x"', ' onclick="x()"', ' class="c"', ' style="a:b"', ' data-x="1"', ' target="_top"');
    const element = fc.tuple(tag, attribute, fc.string({ maxLength: 8 })).map(([name, attributes, text]) => `<${name}${attributes}>${text}</${name}>`);
    const document = fc.array(fc.oneof(element, fc.string({ maxLength: 8 })), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(document, (html) => {
        const template = window.document.createElement('template');
        template.innerHTML = sanitizeRichText(html, STORY);
        for (const node of template.content.querySelectorAll('*')) {
          expect(allowedTags.has(node.tagName)).toBe(true);
          for (const name of node.getAttributeNames()) expect(allowedAttributes.has(name)).toBe(true);
          expect(node.getAttribute('href') ?? 'https://').toMatch(/^(?:https?:\/\/|\/api\/v1\/assets\/)/);
        }
      }),
    );
  });

  it('is stable: sanitising its own output changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (html) => {
        const once = sanitizeRichText(html, STORY);
        expect(sanitizeRichText(once, STORY)).toBe(once);
      }),
    );
  });
});

describe('richTextValueOf', () => {
  it.each([
    ['an empty document', '<p></p>'],
    ['empty paragraphs', '<p></p><p></p>'],
    ['white space only', '<p>&nbsp; </p>'],
    ['an empty list', '<ul><li><p></p></li></ul>'],
  ])('is undefined for %s', (_name, html) => {
    expect(richTextValueOf(html, PLAIN)).toBeUndefined();
  });

  it('is the sanitised HTML of a document with text', () => {
    expect(richTextValueOf('<p>a<span>b</span></p>', PLAIN)).toBe('<p>ab</p>');
  });
});
