import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRichTextLinks, internalAssetIdOf, internalLinkHref, linkTargets } from './richTextLinks.ts';

const SCHEME = { code: 2, message: 'Please begin external links with "http://" or "https://"!' };
const INVALID = { code: 3, message: 'Please enter a valid URL!' };

/** A link as the editor writes it. */
const linked = (href: string) => `<p>See <a href="${href}" target="_blank" rel="noopener noreferrer nofollow">this</a>.</p>`;

describe('linkTargets: the hrefs a browser reads', () => {
  it.each<[string, string, string[]]>([
    ['a link as the editor writes it', linked('https://example.com/'), ['https://example.com/']],
    ['no link', '<p>Plain <strong>text</strong></p>', []],
    ['an anchor without href', '<p><a name="x">x</a></p>', []],
    ['upper case names', '<A HREF="http://127.0.0.1/">x</A>', ['http://127.0.0.1/']],
    ['single quotes', "<a href='http://127.0.0.1/'>x</a>", ['http://127.0.0.1/']],
    ['no quotes', '<a href=http://127.0.0.1/>x</a>', ['http://127.0.0.1/']],
    ['spaces and newlines around', '<a\n  href =\t"http://127.0.0.1/" >x</a>', ['http://127.0.0.1/']],
    ['a slash between attributes', '<a/href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['after other attributes', '<a title="a > b" href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['character references', '<a href="http&#58;//&#x31;27.0.0.1/?a=1&amp;b=2">x</a>', ['http://127.0.0.1/?a=1&b=2']],
    ['the first of two hrefs', '<a href="http://127.0.0.1/" href="https://example.com/">x</a>', ['http://127.0.0.1/']],
    ['an href inside another attribute is none', `<a title='href="http://127.0.0.1/"' href="https://example.com/">x</a>`, ['https://example.com/']],
    ['an href of another element is none', '<p href="http://127.0.0.1/">x</p>', []],
    ['prose about hrefs is no link', '<p>Write href="http://localhost/" in the tag &lt;a href="http://localhost/"&gt;</p>', []],
    ['a link in a comment is none', '<!-- <a href="http://127.0.0.1/">x</a> -->', []],
    ['a link after a comment that ends at once', '<!--><a href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['a link after an empty comment', '<!---><a href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['a link after a comment closed by --!>', '<!-- x --!><a href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['a link after an end tag with a quoted ">"', '</p x=">"><a href="http://127.0.0.1/">x</a>', ['http://127.0.0.1/']],
    ['a link after a text area whose text looks like an open attribute', '<textarea><a title="</textarea><a href="http://127.0.0.1/">"></a>', ['http://127.0.0.1/']],
    ['a link after a script a reading as text would miss', '<script><!--<script></script x="--></script><a href=http://127.0.0.1/>">', ['http://127.0.0.1/']],
    ['an unterminated tag, which a browser drops: counted to be safe', '<a href="http://127.0.0.1/', ['http://127.0.0.1/']],
  ])('%s', (_name, html, hrefs) => {
    expect(linkTargets(html)).toEqual(hrefs);
  });

  it('never throws and finds every link written the editor\'s way', () => {
    const href = fc.webUrl();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), href)), (parts) => {
        const html = parts.map(([text, url]) => `${text.replaceAll('<', '&lt;').replaceAll('&', '&amp;')}${linked(url.replaceAll('&', '&amp;').replaceAll('"', '&quot;'))}`).join('');
        expect(linkTargets(html)).toEqual([...new Set(parts.map(([, url]) => url))]);
      }),
    );
    fc.assert(fc.property(fc.string(), (html) => Array.isArray(linkTargets(html))));
  });
});

describe('checkRichTextLinks (spec 000 §5 external URL check)', () => {
  it.each<[string, string, typeof INVALID | typeof SCHEME | undefined]>([
    ['a public link', linked('https://www.redbull.com/int-en/energydrink'), undefined],
    ['an internal link', '<p><a href="/api/v1/assets/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d">x</a></p>', undefined],
    ['a link to the metadata service', linked('http://169.254.169.254/latest/meta-data/'), INVALID],
    ['a javascript link', linked('javascript:alert(1)'), SCHEME],
    ['a path of this site', linked('/admin'), SCHEME],
    ['the first failing of several', `${linked('https://example.com/')}${linked('ftp://example.com/')}${linked('http://10.0.0.1/')}`, SCHEME],
    ['a hidden link', '<p>x<a href="http://127.0.0.1/"></a></p>', INVALID],
  ])('%s', (_name, html, expected) => {
    expect(checkRichTextLinks(html)).toEqual(expected);
  });
});

describe('internal links (spec 002 §7)', () => {
  it('reads the asset id of /api/v1/assets/{id} and nothing else', () => {
    expect(internalAssetIdOf(internalLinkHref('a b'))).toBe('a b');
    expect(internalAssetIdOf('/api/v1/assets/x/y')).toBeUndefined();
    expect(internalAssetIdOf('https://example.com/api/v1/assets/x')).toBeUndefined();
    expect(internalAssetIdOf('/api/v1/assets/%E0%A4%A')).toBeUndefined();
  });
});
