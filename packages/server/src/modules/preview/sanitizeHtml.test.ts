import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeAddress, safeLinkTarget, sanitizeHtml } from './sanitizeHtml.ts';

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
    ['drops a backslash link to another host', '<a href="/\\evil.example/path">x</a>', '<a>x</a>'],
    ['keeps a site path, written the way the browser reads it', '<a href="/stories/a b?x=1#top">x</a>', '<a href="/stories/a%20b?x=1#top" rel="noopener noreferrer">x</a>'],
    ['keeps an anchor', '<a href="#facts">x</a>', '<a href="#facts" rel="noopener noreferrer">x</a>'],
    ['keeps a mailto link', '<a href="mailto:desk@example.org">x</a>', '<a href="mailto:desk@example.org" rel="noopener noreferrer">x</a>'],
    ['keeps a tel link', '<a href="tel:+43662123456">x</a>', '<a href="tel:+43662123456" rel="noopener noreferrer">x</a>'],
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
          expect(tag.attributes).toMatch(/^(?:| href="(?:https?:\/\/|mailto:|tel:|\/|#)[^"]*" rel="noopener noreferrer")$/i);
        }
        expect(sanitizeHtml(output)).toBe(output);
      }),
    );
  });

  it.each([
    '/\\evil.example/path',
    '/\\\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '//evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    ' //evil.example',
    '/\t/evil.example',
    '/&#x09;/evil.example',
    '/&#92;evil.example',
    'java&#x09;script:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x0A;ascript:alert(1)',
    '&#x20;javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'evil.example/path',
    '?next=//evil.example',
    'https:',
  ])('refuses %j as a link target', (href) => {
    expect(safeLinkTarget(href)).toBeUndefined();
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['HTTP://Example.com', 'http://example.com/'],
    // Written out in full, so that no page's own scheme can make it a path of the site.
    ['http:example.com', 'http://example.com/'],
    ['https:\\\\example.com/a', 'https://example.com/a'],
    ['/stories/one', '/stories/one'],
    ['#top', '#top'],
    ['mailto:desk@example.org', 'mailto:desk@example.org'],
    ['tel:+43 662 123456', 'tel:+43 662 123456'],
  ])('keeps %j as %j', (href, expected) => {
    expect(safeLinkTarget(href)).toBe(expected);
  });

  it('never makes a link that leaves the site unless it names http(s), mailto or tel itself, nor one that runs a script', () => {
    const pieces = fc.constantFrom('/', '\\', '.', '..', '//', 'evil.example', 'java', 'script', ':', '&#x09;', '&#10;', '&#92;', '&#x2F;', '\t', '\n', ' ', '\u0000', '#', '?', '%2F', 'http', 's', 'mailto', 'tel', '@', 'data', '&colon;');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 12 }), (parts) => {
        const target = safeLinkTarget(parts.join(''));
        if (target === undefined) return;
        const url = new URL(target, 'https://editor.example/preview/t/page');
        expect(['http:', 'https:', 'mailto:', 'tel:']).toContain(url.protocol);
        const leavesSite = url.origin !== 'https://editor.example';
        expect(leavesSite ? /^(?:https?:\/\/|mailto:|tel:)/.test(target) : /^(?:\/(?![/\\])|#)/.test(target), target).toBe(true);
        // What the sanitiser writes reads back the same.
        expect(safeLinkTarget(target)).toBe(target);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a plain-text address as written: a character reference is text there, not a character', () => {
    // React writes the address into the attribute escaped, so the browser reads `&#58;` as five characters.
    expect(safeAddress('javascript&#58;alert(1)')).toBeUndefined();
    expect(safeAddress('/shop?a=1&amp;b=2')).toBe('/shop?a=1&amp;b=2');
    expect(safeLinkTarget('/shop?a=1&amp;b=2')).toBe('/shop?a=1&b=2');
  });
});
