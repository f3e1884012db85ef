import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';
import { badRequest } from '../../http/errors.ts';

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

/** Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so the checks do too; and CSS escapes. */
const squeeze = (text: string) =>
  Array.from(text)
    .filter((char) => char.charCodeAt(0) > 0x20 && char !== '\\')
    .join('')
    .toLowerCase();

/** Whether CSS or an attribute value could load or run something: url() to anything but `#id`, @import, script. */
export function isUnsafeValue(value: string): boolean {
  const text = squeeze(value);
  if (text.includes('javascript:') || text.includes('vbscript:') || text.includes('@import') || text.includes('expression(')) return true;
  for (const match of text.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!LOCAL_FRAGMENT.test(target)) return true;
  }
  return false;
}

function isAllowedAttribute(element: Element, attribute: { namespaceURI: string | null; localName: string | null; name: string; value: string }): boolean {
  const { namespaceURI, localName, name, value } = attribute;
  if (namespaceURI === XMLNS_NS) return name === 'xmlns' ? value === SVG_NS : name === 'xmlns:xlink' && value === XLINK_NS;
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

/** Keeps allowed elements with their allowed attributes and text; drops everything else with its subtree. */
function clean(element: Element): void {
  for (const attribute of Array.from(element.attributes)) {
    if (!isAllowedAttribute(element, attribute)) element.removeAttributeNode(attribute);
  }
  for (const child of Array.from(element.childNodes) as Node[]) {
    const keep =
      (child.nodeType === child.ELEMENT_NODE && isAllowedElement(child as Element)) ||
      child.nodeType === child.TEXT_NODE ||
      (child.nodeType === child.CDATA_SECTION_NODE && element.localName === 'style');
    if (!keep) element.removeChild(child);
    else if (child.nodeType === child.ELEMENT_NODE) clean(child as Element);
  }
}

/**
 * Spec 000 §5, docs/decisions.md: makes an uploaded SVG safe to deliver. It is parsed as XML (entities are never
 * expanded; a DOCTYPE, comments and processing instructions are left behind), rebuilt from an allow-list of SVG
 * elements and attributes without scripts, event handlers, foreign content or references to other files, and
 * written as UTF-8 with the XML declaration. A file that is not well-formed XML with an `<svg>` root is a 400.
 */
export function sanitizeSvg(data: Buffer): Buffer {
  if (data.length > SVG_MAX_BYTES) throw badRequest(SVG_TOO_LARGE);
  const text = new TextDecoder('utf-8').decode(data);
  let root: Element | null;
  try {
    // Errors that leave a tree (an unknown entity) are ignored: what they concern is dropped anyway.
    const document = new DOMParser({ onError: () => undefined }).parseFromString(text, 'image/svg+xml');
    root = document.documentElement;
  } catch {
    throw badRequest(NOT_AN_SVG);
  }
  if (!root || root.localName !== 'svg') throw badRequest(NOT_AN_SVG);
  // librsvg draws only elements in the SVG namespace; a root without xmlns would otherwise come out empty.
  if (root.namespaceURI !== SVG_NS) {
    const reparsed = new DOMParser({ onError: () => undefined }).parseFromString(text.replace(/<svg(?=[\s>/])/, `<svg xmlns="${SVG_NS}"`), 'image/svg+xml');
    root = reparsed.documentElement;
    if (!root || root.namespaceURI !== SVG_NS) throw badRequest(NOT_AN_SVG);
  }
  clean(root);
  return Buffer.from(`${XML_DECLARATION}\n${new XMLSerializer().serializeToString(root)}\n`, 'utf8');
}

/** Whether the start of a file reads as XML text whose first element is `<svg>` (the sniffing step; the parse decides). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*(?:\[[\s\S]*?\])?\s*>|<\?[\s\S]*?\?>)\s*)*<svg[\s>/]/;
  return prolog.test(text);
}
