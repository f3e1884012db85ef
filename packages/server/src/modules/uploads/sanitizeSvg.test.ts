import * as fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SVG_MAX_BYTES, XML_DECLARATION, decodeCssEscapes, isUnsafeValue, looksLikeSvg, sanitizeSvg } from './sanitizeSvg.ts';
import { SVG_TOO_COMPLEX } from './scanSvg.ts';

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
    expect(bare.toString('utf8')).toBe(`${XML_DECLARATION}\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n`);
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

/** Writes text with CSS escapes chosen by `choices`: as it is, as 1–6 hex digits, or as a backslash and the character. */
function escapeCss(text: string, choices: readonly number[]): string {
  const chars = Array.from(text);
  return chars
    .map((char, index) => {
      const choice = choices[index % Math.max(1, choices.length)] ?? 0;
      const codePoint = char.codePointAt(0)!;
      const hex = codePoint.toString(16);
      // A hex escape of 0 or of a surrogate means U+FFFD, and a backslash before a hex digit starts a hex escape.
      const canHex = codePoint !== 0 && (codePoint < 0xd800 || codePoint > 0xdfff);
      const canChar = !/[0-9a-fA-F\r\n\f]/.test(char);
      // Six digits end the escape, but one whitespace after them still belongs to it.
      if (choice % 4 === 1 && canHex) return `\\${hex.padStart(6, '0')}${/^[ \t\n\r\f]/.test(chars[index + 1] ?? '') ? ' ' : ''}`;
      if (choice % 4 === 2 && canHex) return `\\${choice % 8 === 2 ? hex.toUpperCase() : hex}${[' ', '\t', '\n', '\r\n', '\f'][choice % 5]}`;
      if ((choice % 4 === 3 && canChar) || char === '\\') return `\\${char}`;
      return char;
    })
    .join('');
}

describe('CSS escapes', () => {
  it('decodes what a browser decodes: hex with one whitespace after it, any other character, invalid code points as U+FFFD', () => {
    expect(decodeCssEscapes('u\\72l(x) @\\69mport \\000075rl( \\@ \\\\ a\\62 c \\0 \\d800 \\110000 end\\')).toBe('url(x) @import url( @ \\ abc \uFFFD\uFFFD\uFFFDend\uFFFD');
    expect(decodeCssEscapes('\\41\r\nB \\41  B')).toBe('AB A B');
  });

  it('reads back any text however it was escaped', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (text, choices) => {
        expect(decodeCssEscapes(escapeCss(text, choices))).toBe(text);
      }),
    );
  });

  it('finds url(), @import, script and string loaders however they are escaped, cased or spaced', () => {
    const dangerous = fc.constantFrom('url(https://evil.example/a)', 'url(//evil.example)', '@import "x.css"', 'javascript:alert(1)', 'vbscript:x', 'expression(alert(1))', 'image-set("x.png" 1x)', 'src("x.svg")');
    fc.assert(
      fc.property(dangerous, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), (value, choices, upper) => {
        const cased = Array.from(value, (char, index) => (upper[index % upper.length] ? char.toUpperCase() : char)).join('');
        expect(isUnsafeValue(escapeCss(cased, choices))).toBe(true);
      }),
    );
  });

  it('removes escaped references from attributes and style sheets, and keeps escaped local ones', () => {
    const dangerous = fc.constantFrom('url(https://evil.example/a)', '@import "x.css"', 'javascript:alert(1)', 'image-set("x.png" 1x)');
    fc.assert(
      fc.property(dangerous, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (value, choices) => {
        const escaped = escapeCss(value, choices).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
        const cleaned = sanitizeSvg(svgOf(`<rect width="1" height="1" style="${escaped}" fill="${escaped}"/><style>${escaped}</style>`)).toString('utf8');
        const read = decodeCssEscapes(cleaned.replaceAll('&quot;', '"').replaceAll('&amp;', '&')).toLowerCase().replace(/\s+/g, '');
        expect(read).not.toMatch(/javascript:|@import|url\(["']?(?!#)|image-set\(/);
      }),
    );
    const local = sanitizeSvg(svgOf('<rect width="1" height="1" fill="u\\72l(\\23 box)"/>')).toString('utf8');
    expect(local).toContain('fill="u\\72l(\\23 box)"');
  });
});

/** The error sanitising ends with, or undefined when it succeeds. */
function refusal(svg: string, limits?: Parameters<typeof sanitizeSvg>[1]) {
  try {
    sanitizeSvg(Buffer.from(svg), limits);
    return undefined;
  } catch (error) {
    return error as { status: number; messages: string[] };
  }
}

const nested = (depth: number) => `${SVG_OPEN}${'<g>'.repeat(depth - 1)}${'</g>'.repeat(depth - 1)}</svg>`;
/** The root and its rect: 2 elements and 6 attributes. */
const svgWith = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="1" height="1" x="0"/>${inner}</svg>`;

describe('SVG bounds', () => {
  const tooComplex = { status: 400, messages: [SVG_TOO_COMPLEX] };

  it('refuses 2,400,000 empty groups (9.6 MB) by counting, before building a tree', () => {
    expect(refusal(`${SVG_OPEN}${'<g/>'.repeat(2_400_000)}</svg>`)).toMatchObject(tooComplex);
  });

  it('refuses 20,000 levels of nesting with 400, not a stack overflow, and keeps 256', () => {
    expect(refusal(nested(20_000))).toMatchObject(tooComplex);
    expect(refusal(nested(257))).toMatchObject(tooComplex);
    expect(refusal(nested(256))).toBeUndefined();
  });

  it('counts elements, attributes and references up to their limits, and refuses one more', () => {
    const limits = { maxElements: 10, maxDepth: 5, maxAttributes: 20, maxReferences: 3 };
    expect(refusal(svgWith('<g/>'.repeat(8)), limits)).toBeUndefined();
    expect(refusal(svgWith('<g/>'.repeat(9)), limits)).toMatchObject(tooComplex);
    expect(refusal(svgWith('<g a="1" b="2" c="3" d="4"/>'.repeat(3) + '<g a="1" b="2"/>'), limits)).toBeUndefined();
    expect(refusal(svgWith('<g a="1" b="2" c="3" d="4"/>'.repeat(3) + '<g a="1" b="2" c="3"/>'), limits)).toMatchObject(tooComplex);
    expect(refusal(svgWith('<text>&amp;&lt;&#62;</text>'), limits)).toBeUndefined();
    expect(refusal(svgWith('<text>&amp;&lt;&#62;&amp;</text>'), limits)).toMatchObject(tooComplex);
  });

  it('counts a <use> and a url(#id) as the elements they repeat, and refuses a loop of references', () => {
    let levels = '<g id="l0"><rect width="1" height="1"/></g>';
    for (let level = 1; level <= 9; level++) levels += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    // Ten to the ninth rectangles from 100 elements, which librsvg spent 7 s on before giving up.
    expect(refusal(`${SVG_OPEN}<defs>${levels}</defs><use href="#l9"/></svg>`)).toMatchObject(tooComplex);
    let patterns = '<pattern id="p0"><rect width="1" height="1"/></pattern>';
    for (let level = 1; level <= 9; level++) patterns += `<pattern id="p${level}">${`<rect width="1" height="1" fill="url(#p${level - 1})"/>`.repeat(10)}</pattern>`;
    expect(refusal(`${SVG_OPEN}<defs>${patterns}</defs><rect width="1" height="1" fill="url(#p9)"/></svg>`)).toMatchObject(tooComplex);
    expect(refusal(`${SVG_OPEN}<g id="a"><use xlink:href="#a"/></g></svg>`)).toMatchObject(tooComplex);
    expect(refusal(`${SVG_OPEN}<defs>${levels.split('<g id="l4">')[0]}</defs><use href="#l3"/><use href="#l3"/></svg>`)).toBeUndefined();
  });

  it('drops 40,000 unknown siblings without walking the others for each', () => {
    const cleaned = sanitizeSvg(svgOf('<foo/><script>x</script>'.repeat(20_000))).toString('utf8');
    expect(cleaned).toBe(`${XML_DECLARATION}\n${SVG_OPEN.replace('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"', '<svg xmlns="http://www.w3.org/2000/svg"')}<rect id="box" width="40" height="20" fill="#e11d48"/></svg>\n`);
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
    ['u\\72l(https://evil.example)', true],
    ['u\\rl(https://evil.example)', true],
    ['@\\69mport "x"', true],
    ['@\\49 MPORT "x"', true],
    ['\\75\\72\\6c(//evil.example)', true],
    ['java\\73 cript:alert(1)', true],
    ['expr\\65ssion(alert(1))', true],
    ["image-set('x.png' 1x)", true],
    ['u\\72l(\\23 g)', false],
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
