import { DOMParser, type Attr, type CharacterData, type Element, type Node } from '@xmldom/xmldom';
import { badRequest } from '../../http/errors.ts';
import { SVG_LIMITS, SVG_TOO_COMPLEX, scanSvg, type SvgLimits } from './scanSvg.ts';

/** Spec 000 §5: an SVG without an XML declaration gets one; every stored SVG starts with this one. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * An SVG is parsed and rebuilt in memory, so its size is bounded well below the upload limit: 10 MB is far more
 * than a logo or an illustration needs (docs/decisions.md).
 */
export const SVG_MAX_BYTES = 10_000_000;
export const SVG_TOO_LARGE = 'An SVG image may be at most 10 MB: larger vector files cannot be checked for unsafe content. Please export it smaller or as png.';
export const NOT_AN_SVG = 'The file is not a valid SVG image.';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const FILTER_PRIMITIVES = [
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];

/**
 * Elements that draw, group or paint. Left out on purpose: script, foreignObject (HTML inside), image and feImage
 * (they load other files), animate/set (they can rewrite an href at run time), a (links), metadata (anything).
 */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter', ...FILTER_PRIMITIVES,
]);

/** Geometry, structure and presentation attributes without a namespace; `on*` handlers are never among them. */
const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'lang', 'version', 'baseProfile', 'viewBox', 'preserveAspectRatio', 'transform', 'type', 'media',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points', 'pathLength',
  'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'href',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits', 'patternTransform',
  'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient',
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'values', 'tableValues', 'slope', 'intercept',
  'amplitude', 'exponent', 'k1', 'k2', 'k3', 'k4', 'operator', 'radius', 'scale', 'xChannelSelector', 'yChannelSelector',
  'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'kernelMatrix', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode',
  'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'azimuth', 'elevation',
  'pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle', 'kernelUnitLength', 'systemLanguage',
  'alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation', 'color-interpolation-filters',
  'color-rendering', 'direction', 'display', 'dominant-baseline', 'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color',
  'flood-opacity', 'font', 'font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight',
  'image-rendering', 'isolation', 'letter-spacing', 'lighting-color', 'marker', 'marker-end', 'marker-mid', 'marker-start', 'mask',
  'mix-blend-mode', 'opacity', 'overflow', 'paint-order', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width',
  'text-anchor', 'text-decoration', 'text-rendering', 'transform-origin', 'unicode-bidi', 'vector-effect', 'visibility',
  'word-spacing', 'writing-mode',
]);

/** A reference inside the same document: `#id`. */
const LOCAL_FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;

/** A CSS escape: a backslash and 1–6 hex digits with one optional whitespace after them, or a backslash and any character. */
const CSS_ESCAPE = /\\(?:([0-9a-fA-F]{1,6})(?:\r\n|[ \t\n\r\f])?|([\s\S]))|\\$/g;

/**
 * Decodes CSS escapes as a browser's tokenizer does (CSS Syntax §4.3.7), so `u\72l(` reads as `url(` and
 * `@\69mport` as `@import`; a code point of 0, a surrogate or one past U+10FFFF becomes U+FFFD.
 */
export function decodeCssEscapes(text: string): string {
  return text.replace(CSS_ESCAPE, (_escape, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char ?? '\uFFFD';
    const codePoint = Number.parseInt(hex, 16);
    const isValid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return isValid ? String.fromCodePoint(codePoint) : '\uFFFD';
  });
}

/**
 * Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so the checks do too. A
 * backslash left after decoding is dropped as well: reading `u\\rl(` as `url(` can only refuse more.
 */
const squeeze = (text: string) =>
  decodeCssEscapes(text)
    // oxlint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u0020\\]+/g, '')
    .toLowerCase();

/** CSS functions that load a file from a plain string, without url(). */
const STRING_LOADERS = ['image-set(', 'image(', 'src(', 'cross-fade('];

/**
 * Whether CSS or an attribute value could load or run something: url() to anything but `#id`, image-set() and the
 * other functions that take a file as a string, @import, script. CSS escapes are decoded first.
 */
export function isUnsafeValue(value: string): boolean {
  const text = squeeze(value);
  if (text.includes('javascript:') || text.includes('vbscript:') || text.includes('@import') || text.includes('expression(')) return true;
  if (STRING_LOADERS.some((loader) => text.includes(loader))) return true;
  for (const match of text.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!LOCAL_FRAGMENT.test(target)) return true;
  }
  return false;
}

/** Namespace declarations are not copied: the rebuilt root declares the two namespaces the result uses. */
function isAllowedAttribute(element: Element, attribute: Attr): boolean {
  const { namespaceURI, localName, name, value } = attribute;
  if (namespaceURI === XMLNS_NS) return false;
  if (namespaceURI === XML_NS) return localName === 'space' || localName === 'lang';
  const isHref = (namespaceURI === XLINK_NS && localName === 'href') || (namespaceURI === null && name === 'href');
  if (isHref) return LOCAL_FRAGMENT.test(value.trim()) && element.localName !== 'svg';
  if (namespaceURI !== null || !ATTRIBUTES.has(name)) return false;
  return !isUnsafeValue(value);
}

function isAllowedElement(element: Element): boolean {
  if (element.namespaceURI !== SVG_NS || !element.localName || !ELEMENTS.has(element.localName)) return false;
  return element.localName !== 'style' || !isUnsafeValue(element.textContent ?? '');
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const escapeText = (text: string) => text.replace(/[&<>\r]/g, (char) => ESCAPES[char] ?? '');
const escapeAttribute = (text: string) => text.replace(/[&<>"\t\n\r]/g, (char) => ESCAPES[char] ?? '');

/** An element as a renderer meets it: the ids it draws again (href, url(#id)) and its children. */
interface DrawnElement {
  references: string[];
  children: DrawnElement[];
}

const URL_REFERENCE = /url\(\s*['"]?#([^'")\s]+)/g;

/** What remains of an SVG after cleaning: its text, and its elements for counting. */
interface CleanedSvg {
  text: string;
  root: DrawnElement;
  byId: Map<string, DrawnElement>;
}

/**
 * Writes the allowed elements with their allowed attributes and text, and drops everything else with its subtree,
 * without changing the parsed tree: removing a child from xmldom's list costs a walk of its siblings, so dropping
 * 50,000 siblings one by one took 100 s. Iterative, so a deep file cannot exhaust the stack.
 */
function writeCleaned(root: Element): CleanedSvg {
  const parts: string[] = [];
  const byId = new Map<string, DrawnElement>();
  let usesXlink = false;

  const open = (element: Element): DrawnElement => {
    const drawn: DrawnElement = { references: [], children: [] };
    let attributes = '';
    for (const attribute of Array.from(element.attributes)) {
      if (!isAllowedAttribute(element, attribute)) continue;
      const { namespaceURI, localName, name, value } = attribute;
      const written = namespaceURI === XML_NS ? `xml:${localName}` : namespaceURI === XLINK_NS ? 'xlink:href' : name;
      usesXlink ||= namespaceURI === XLINK_NS;
      attributes += ` ${written}="${escapeAttribute(value)}"`;
      if (localName === 'href') drawn.references.push(value.trim().slice(1));
      else for (const match of decodeCssEscapes(value).matchAll(URL_REFERENCE)) drawn.references.push(match[1] ?? '');
      if (name === 'id' && !byId.has(value)) byId.set(value, drawn);
    }
    parts.push(`<${element.localName}${attributes}`);
    return drawn;
  };

  const drawnRoot = open(root);
  const path: Array<{ element: Element; drawn: DrawnElement; next: Node | null; hasContent: boolean }> = [
    { element: root, drawn: drawnRoot, next: root.firstChild, hasContent: false },
  ];
  while (path.length > 0) {
    const frame = path.at(-1)!;
    const child = frame.next;
    if (!child) {
      path.pop();
      parts.push(frame.hasContent ? `</${frame.element.localName}>` : '/>');
      continue;
    }
    frame.next = child.nextSibling;
    const isElement = child.nodeType === child.ELEMENT_NODE && isAllowedElement(child as Element);
    const isText = child.nodeType === child.TEXT_NODE || (child.nodeType === child.CDATA_SECTION_NODE && frame.element.localName === 'style');
    if (!isElement && !isText) continue;
    if (!frame.hasContent) parts.push('>');
    frame.hasContent = true;
    if (isText) {
      parts.push(escapeText((child as CharacterData).data));
      continue;
    }
    const element = child as Element;
    const drawn = open(element);
    frame.drawn.children.push(drawn);
    path.push({ element, drawn, next: element.firstChild, hasContent: false });
  }
  // The root's start tag gets the namespaces now that the rest is known.
  parts[0] = parts[0]!.replace(/^<svg/, `<svg xmlns="${SVG_NS}"${usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`);
  return { text: parts.join(''), root: drawnRoot, byId };
}

/**
 * How many elements a renderer visits: each element once, plus what it refers to each time it does, so ten `<use>`s
 * of a group of ten `<use>`s count a hundred. Stops at the first count past `max` (a reference loop never ends).
 */
function drawnElementCount(svg: CleanedSvg, max: number): number {
  const counts = new Map<DrawnElement, number>();
  const onPath = new Set<DrawnElement>();
  const edgesOf = (element: DrawnElement) => [...element.children, ...element.references.flatMap((id) => svg.byId.get(id) ?? [])];
  const path = [{ element: svg.root, edges: edgesOf(svg.root), count: 1 }];
  onPath.add(svg.root);
  while (path.length > 0) {
    const frame = path.at(-1)!;
    const edge = frame.edges.pop();
    if (edge === undefined) {
      path.pop();
      onPath.delete(frame.element);
      counts.set(frame.element, frame.count);
      const parent = path.at(-1);
      if (parent) parent.count += frame.count;
      if (parent && parent.count > max) return Infinity;
      continue;
    }
    const known = counts.get(edge);
    if (known !== undefined) {
      frame.count += known;
      if (frame.count > max) return Infinity;
    } else if (onPath.has(edge)) return Infinity;
    else {
      onPath.add(edge);
      path.push({ element: edge, edges: edgesOf(edge), count: 1 });
    }
  }
  return counts.get(svg.root) ?? 0;
}

/**
 * The root element of XML text. Errors that leave a tree (an unknown entity) are ignored: what they concern is
 * dropped anyway. No locator: the line and column of every node would only cost memory.
 */
const parse = (source: string) => new DOMParser({ locator: false, onError: () => undefined }).parseFromString(source, 'image/svg+xml').documentElement;

/**
 * Spec 000 §5, docs/decisions.md: makes an uploaded SVG safe to deliver. It is parsed as XML (entities are never
 * expanded; a DOCTYPE, comments and processing instructions are left behind), rebuilt from an allow-list of SVG
 * elements and attributes without scripts, event handlers, foreign content or references to other files, and
 * written as UTF-8 with the XML declaration. A file that is not well-formed XML with an `<svg>` root is a 400; so is
 * one past the limits (SVG_TOO_COMPLEX), which a scan of its bytes refuses before any tree is built. The server runs
 * it on a checking thread whose heap and time are bounded (svgChecker.ts).
 */
export function sanitizeSvg(data: Buffer, limits: SvgLimits = SVG_LIMITS): Buffer {
  if (data.length > SVG_MAX_BYTES) throw badRequest(SVG_TOO_LARGE);
  scanSvg(data, limits);
  const text = new TextDecoder('utf-8').decode(data);
  let root: Element | null;
  try {
    root = parse(text);
    // librsvg draws only elements in the SVG namespace; a root without xmlns would otherwise come out empty.
    if (root?.localName === 'svg' && root.namespaceURI !== SVG_NS) root = parse(text.replace(/<svg(?=[\s>/])/, `<svg xmlns="${SVG_NS}"`));
  } catch {
    throw badRequest(NOT_AN_SVG);
  }
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw badRequest(NOT_AN_SVG);
  const cleaned = writeCleaned(root);
  if (drawnElementCount(cleaned, limits.maxElements) > limits.maxElements) throw badRequest(SVG_TOO_COMPLEX);
  return Buffer.from(`${XML_DECLARATION}\n${cleaned.text}\n`, 'utf8');
}

/** Whether the start of a file reads as XML text whose first element is `<svg>` (the sniffing step; the parse decides). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*(?:\[[\s\S]*?\])?\s*>|<\?[\s\S]*?\?>)\s*)*<svg[\s>/]/;
  return prolog.test(text);
}
