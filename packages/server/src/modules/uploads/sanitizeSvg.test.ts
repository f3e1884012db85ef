import * as fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SVG_MAX_BYTES, XML_DECLARATION, isUnsafeValue, looksLikeSvg, sanitizeSvg } from './sanitizeSvg.ts';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20">';
const svgOf = (inner: string, open = SVG_OPEN) => Buffer.from(`${open}${inner}<rect id="box" width="40" height="20" fill="#e11d48"/></svg>`);

/** Known payloads, each with the text that must be gone afterwards. */
const PAYLOADS: Array<{ name: string; svg: Buffer; gone: string[] }> = [
  { name: 'a script element', svg: svgOf('<script>alert(document.cookie)</script><script type="text/ecmascript"><![CDATA[alert(1)]]></script>'), gone: ['<script', 'alert'] },
  { name: 'an onload handler', svg: svgOf('', SVG_OPEN.replace('<svg ', '<svg onload="alert(1)" ')), gone: ['onload', 'alert'] },
  { name: 'handlers on shapes, in any case', svg: svgOf('<circle r="5" onclick="alert(1)" ONMOUSEOVER="alert(2)" onFocusIn="alert(3)"/>'), gone: ['alert', 'onclick', 'ONMOUSEOVER', 'onFocusIn'] },
  { name: 'a foreignObject with HTML', svg: svgOf('<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>'), gone: ['foreignObject', 'iframe', 'evil.example'] },
  { name: 'a javascript: href on a link', svg: svgOf('<a href="javascript:alert(1)"><text y="10">click</text></a><a xlink:href="java&#9;script:alert(2)"><rect width="1" height="1"/></a>'), gone: ['javascript', 'script:', 'alert'] },
  { name: 'an external xlink:href', svg: svgOf('<use xlink:href="https://evil.example/sprite.svg#icon"/><image xlink:href="http://evil.example/track.png" width="1" height="1"/><use href="#box" x="1"/>'), gone: ['evil.example', '<image'] },
  { name: 'an external url() in style', svg: svgOf('<style>rect { fill: url(https://evil.example/paint.svg#p) }</style><rect width="1" height="1" style="fill: url(&quot;//evil.example/x&quot;)"/><rect width="2" height="2" fill="url(http://evil.example/#g)"/>'), gone: ['evil.example', 'url(h', 'url("'] },
  { name: '@import and javascript: in CSS', svg: svgOf('<style>@import "https://evil.example/x.css";</style><g style="background:url(javascript:alert(1))"/>'), gone: ['@import', 'evil.example', 'javascript'] },
  {
    name: 'entity expansion with a DOCTYPE',
    svg: Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>${SVG_OPEN}<text y="10">&lol3;&xxe;</text><rect width="40" height="20"/></svg>`,
    ),
    gone: ['DOCTYPE', 'ENTITY', 'lollol', 'passwd', 'root:'],
  },
  { name: 'animation that rewrites an href', svg: svgOf('<a><animate attributeName="href" values="javascript:alert(1)"/><text y="10">x</text></a><set attributeName="onmouseover" to="alert(1)"/>'), gone: ['animate', '<set', 'alert'] },
  { name: 'a stylesheet processing instruction and foreign namespaces', svg: Buffer.from(`<?xml-stylesheet href="https://evil.example/s.css"?>${SVG_OPEN.replace('<svg ', '<svg xmlns:evil="https://evil.example/ns" evil:x="1" ')}<evil:payload>p</evil:payload><rect width="40" height="20"/></svg>`), gone: ['evil', 'xml-stylesheet'] },
];

describe('SVG sanitising', () => {
  it.each(PAYLOADS)('removes $name and keeps a picture sharp can read', async ({ svg, gone }) => {
    const cleaned = sanitizeSvg(svg).toString('utf8');
    for (const text of gone) expect(cleaned).not.toContain(text);
    expect(cleaned.startsWith(`${XML_DECLARATION}\n<svg`)).toBe(true);
    const metadata = await sharp(Buffer.from(cleaned)).metadata();
    expect(metadata).toMatchObject({ format: 'svg', width: 40, height: 20 });
  });

  it('keeps what draws: shapes, gradients referenced by #id, text, local use and CSS without outside references', () => {
    const svg = svgOf(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient></defs>' +
        '<style>.a { fill: url(#g); stroke: red }</style><circle class="a" cx="5" cy="5" r="4" fill="url(#g)"/><use xlink:href="#box" x="2"/><text x="1" y="9" font-family="Arial">Hi &amp; bye</text>',
    );
    const cleaned = sanitizeSvg(svg).toString('utf8');
    for (const text of ['<linearGradient id="g">', 'fill="url(#g)"', '.a { fill: url(#g); stroke: red }', 'xlink:href="#box"', 'Hi &amp; bye', 'font-family="Arial"']) expect(cleaned).toContain(text);
  });

  it('adds the XML declaration once, whether or not the file had one, and a missing SVG namespace', async () => {
    const withDeclaration = sanitizeSvg(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${SVG_OPEN}<rect width="1" height="1"/></svg>`)).toString('utf8');
    expect(withDeclaration.match(/<\?xml/g)).toHaveLength(1);
    const bare = sanitizeSvg(Buffer.from('<svg width="10" height="10"><rect width="10" height="10"/></svg>'));
    expect(bare.toString('utf8')).toBe(`${XML_DECLARATION}\n<svg width="10" height="10" xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>\n`);
    expect(await sharp(bare).metadata()).toMatchObject({ format: 'svg', width: 10, height: 10 });
  });

  it('refuses what is not a well-formed SVG document with 400', () => {
    for (const text of ['<html><body>hello</body></html>', 'just text', '<svg><rect></svg>', '']) {
      expect(() => sanitizeSvg(Buffer.from(text)), text).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('refuses an SVG over the size it can check in memory', () => {
    const big = Buffer.concat([Buffer.from(SVG_OPEN), Buffer.alloc(SVG_MAX_BYTES, ' '), Buffer.from('</svg>')]);
    expect(() => sanitizeSvg(big)).toThrow(expect.objectContaining({ status: 400, messages: [expect.stringContaining('10 MB')] }));
  });

  it('never lets a handler, script or outside reference through, whatever is put into an attribute or a style', () => {
    const attributeName = fc.constantFrom('onload', 'href', 'xlink:href', 'style', 'fill', 'class', 'filter', 'mask', 'onclick', 'begin');
    const dangerous = fc.constantFrom('javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'url(https://evil.example/a)', 'url( "//evil.example" )', '@import "x"', 'https://evil.example', '#box');
    fc.assert(
      fc.property(attributeName, dangerous, fc.string({ maxLength: 8 }), (name, value, noise) => {
        const escaped = `${noise}${value}`.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
        const cleaned = sanitizeSvg(svgOf(`<rect width="1" height="1" ${name}="${escaped}"/><style>${escaped}</style>`)).toString('utf8');
        // Plain text such as "https://…" inside a style loads nothing; url(), @import, hrefs and handlers would.
        expect(cleaned.toLowerCase()).not.toMatch(/javascript:|@import|url\(\s*["']?(?!#)|\son[a-z]+=|href="(?!#)/);
      }),
    );
  });
});

describe('unsafe values', () => {
  it.each([
    ['url(#g)', false],
    ["url('#g')", false],
    ['red', false],
    ['url(https://evil.example)', true],
    ['url(data:image/png;base64,AAAA)', true],
    ['java\nscript:alert(1)', true],
    ['@IMPORT url(x)', true],
    ['expression(alert(1))', true],
  ] as const)('%s unsafe: %s', (value, unsafe) => {
    expect(isUnsafeValue(value)).toBe(unsafe);
  });
});

describe('SVG sniffing', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"/>', true],
    ['\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg>', true],
    ['<html><svg></svg></html>', false],
    ['<?xml version="1.0"?><note>svg</note>', false],
    ['plain text that mentions <svg>', false],
  ] as const)('%s is an SVG: %s', (head, expected) => {
    expect(looksLikeSvg(Buffer.from(head))).toBe(expected);
  });
});
