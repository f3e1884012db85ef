import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, deliveredRichTextSchema, type RichTextNode } from '@editor/domain';
import { decodeText, deliverRichText } from './richText.ts';

const LIVE = '11111111-1111-4111-8111-111111111111';
const DRAFT = '22222222-2222-4222-8222-222222222222';
const linkTo = (id: string) => (id === LIVE ? `/delivery/v1/assets/${id}/localizations/en` : undefined);

const textOf = (nodes: readonly RichTextNode[]): string => nodes.map((node) => (node.type === 'text' ? node.text : textOf(node.children))).join('');
const tagsOf = (nodes: readonly RichTextNode[]): string[] => nodes.flatMap((node) => (node.type === 'text' ? [] : [node.tag, ...tagsOf(node.children)]));

describe('deliverRichText', () => {
  it('keeps the allow-list, drops scripts and attributes, and gives the same text as a tree', () => {
    const delivered = deliverRichText('<p class="x" onclick="y">Ice &amp; <strong>snow</strong><script>alert(1)</script></p><ul><li>one</li></ul><img src=x>', linkTo);
    expect(delivered).toEqual({
      html: '<p>Ice &amp; <strong>snow</strong></p><ul><li>one</li></ul>',
      nodes: [
        { type: 'element', tag: 'p', children: [{ type: 'text', text: 'Ice & ' }, { type: 'element', tag: 'strong', children: [{ type: 'text', text: 'snow' }] }] },
        { type: 'element', tag: 'ul', children: [{ type: 'element', tag: 'li', children: [{ type: 'text', text: 'one' }] }] },
      ],
    });
  });

  it('points a link to a live asset at its delivery address, and leaves out a link to any other or an unsafe one, keeping its text', () => {
    const html = `<p><a href="/api/v1/assets/${LIVE}">live</a> <a href="/api/v1/assets/${DRAFT}">draft</a> <a href="javascript:alert(1)">bad</a> <a>bare</a></p>`;
    const delivered = deliverRichText(html, linkTo);
    expect(delivered.html).toBe(`<p><a href="/delivery/v1/assets/${LIVE}/localizations/en" rel="noopener noreferrer">live</a> draft bad bare</p>`);
    expect(delivered.nodes[0]).toEqual({
      type: 'element',
      tag: 'p',
      children: [
        { type: 'element', tag: 'a', href: `/delivery/v1/assets/${LIVE}/localizations/en`, assetId: LIVE, children: [{ type: 'text', text: 'live' }] },
        { type: 'text', text: ' draft bad bare' },
      ],
    });
  });

  it('decodes the references editors write, and leaves others as written', () => {
    expect(decodeText('a&nbsp;b &lt;c&gt; &#233; &#x1F600; &eacute; &#0;')).toBe('a\u00a0b <c> é 😀 &eacute; &#0;');
  });

  it('always answers allow-listed tags, safe links only to live assets, and the text of its HTML as its tree', () => {
    const pieces = fc.constantFrom(
      '<p>', '</p>', '<strong>', '</strong>', '<em>', '</em>', '<ul>', '<li>', '</li>', '</ul>', '<h2>', '</h2>', '</a>', '<br>', '<div>', '</div>',
      `<a href="/api/v1/assets/${LIVE}">`, `<a href="/api/v1/assets/${DRAFT}">`, '<a href="https://example.com/?a=1&amp;b=2">', '<a href="javascript:x">', '<a href=//evil.example>',
      '<script>', '</script>', '<img src=x onerror=y>', '&amp;', '&lt;', '&nbsp;', '&', '<', '>', '"', 'text', ' ',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 30 }), (parts) => {
        const delivered = deliverRichText(parts.join(''), linkTo);
        expect(deliveredRichTextSchema.safeParse(delivered).success).toBe(true);
        for (const tag of tagsOf(delivered.nodes)) expect(RICH_TEXT_TAGS).toContain(tag);
        for (const [, href] of delivered.html.matchAll(/href="([^"]*)"/g)) expect(href === `/delivery/v1/assets/${LIVE}/localizations/en` || href?.startsWith('https://example.com/')).toBe(true);
        expect(delivered.html).not.toContain(DRAFT);
        expect(delivered.html).not.toMatch(/<(?!\/?(p|strong|em|ul|ol|li|h2|h3|h4|a)\b)/);
        expect(textOf(delivered.nodes)).toBe(decodeText(delivered.html.replace(/<[^>]*>/g, '')));
      }),
    );
  });
});
