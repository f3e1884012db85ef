import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml.ts';

const TAGS_IN_OUTPUT = /<\/?([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>/g;

function tagsOf(html: string): Array<{ name: string; attributes: string }> {
  return [...html.matchAll(TAGS_IN_OUTPUT)].map((match) => ({ name: (match[1] ?? '').toLowerCase(), attributes: match[2] ?? '' }));
}

describe('sanitizeHtml', () => {
  it.each([
    ['keeps the allowed tags', '<p>One <strong>two</strong> <em>three</em></p><h2>H</h2><ul><li>a</li></ul><ol><li>b</li></ol>', '<p>One <strong>two</strong> <em>three</em></p><h2>H</h2><ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['removes attributes of allowed tags', '<p class="x" onclick="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['keeps an http link with its href only', '<a href="https://example.com/a?b=1&amp;c=2" onclick="x()">link</a>', '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">link</a>'],
    ['drops a javascript href', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops an entity-encoded javascript href', '<a href="&#106;ava&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['drops scripts and styles with their content', '<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>', '<p>a</p><p>b</p>'],
    ['keeps the text of removed tags', '<div><span>kept</span></div><img src=x onerror=alert(1)>', 'kept'],
    ['drops comments', '<p>a<!-- <script>x</script> -->b</p>', '<p>ab</p>'],
    ['escapes a bare angle bracket', 'a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['closes what is left open', '<p><strong>bold', '<p><strong>bold</strong></p>'],
    ['ignores a stray closing tag', '</em>text</p>', 'text'],
    ['keeps h2 to h4 but not h1', '<h1>a</h1><h3>b</h3><h4>c</h4><h5>d</h5>', 'a<h3>b</h3><h4>c</h4>d'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('never lets through a tag outside the allow-list, or an attribute other than a safe href', () => {
    const pieces = fc.constantFrom('<p>', '</p>', '<a href="javascript:x">', '<a href=https://x.org>', '</a>', '<script>', '</script>', '<img src=x onerror=y>', '<svg onload=y>', '<', '>', '&', '"', "'", '<!--', '-->', '<STRONG>', '</strong>', 'text', ' on', '=');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 30 }), (parts) => {
        const output = sanitizeHtml(parts.join(''));
        for (const tag of tagsOf(output)) {
          expect(['p', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'a']).toContain(tag.name);
          expect(tag.attributes).toMatch(/^(?:| href="(?:https?:\/\/|mailto:|\/|#)[^"]*" rel="noopener noreferrer")$/i);
        }
        expect(sanitizeHtml(output)).toBe(output);
      }),
    );
  });
});
