import { checkExternalUrl, type ExternalUrlError } from './externalUrl.ts';

/** Spec 002 §7: "An internal link URL takes the form /api/v1/assets/{assetId}". */
export const INTERNAL_LINK_PREFIX = '/api/v1/assets/';

const INTERNAL_HREF = /^\/api\/v1\/assets\/([^/?#]+)$/;

/** The href of an internal link to an asset. */
export function internalLinkHref(assetId: string): string {
  return `${INTERNAL_LINK_PREFIX}${encodeURIComponent(assetId)}`;
}

/** Spec 002 §7: the asset id an internal link points to, or undefined for any other href. */
export function internalAssetIdOf(href: string): string | undefined {
  const match = INTERNAL_HREF.exec(href.trim());
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** Spec 002 §7: whether an href is an internal link to an asset. */
export function isInternalLinkHref(href: string): boolean {
  return internalAssetIdOf(href) !== undefined;
}

const WHITESPACE = /[\t\n\f\r ]/;
const ASCII_LETTER = /[a-zA-Z]/;
const ATTRIBUTE_NAME_END = /[\t\n\f\r />=]/;
const UNQUOTED_VALUE_END = /[\t\n\f\r >]/;
/** Elements whose content a browser reads as text up to their end tag, not as tags. */
const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const REFERENCE = /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|(amp|lt|gt|quot|apos|colon|sol|period|nbsp);)/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', sol: '/', period: '.', nbsp: '\u00a0' };

/**
 * An attribute value with its character references decoded. A reference left as written can only make an address
 * less valid to the external URL check (an '&' in a scheme or host fails it), never hide a private one.
 */
function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
  end: number;
}

/** A tag whose name starts at `from`, read as the HTML tokenizer reads it (quoted values may hold '>'). */
function readTag(html: string, from: number): Tag {
  let index = from;
  while (index < html.length && !WHITESPACE.test(html[index] ?? '') && html[index] !== '/' && html[index] !== '>') index += 1;
  const name = html.slice(from, index).toLowerCase();
  const attributes = new Map<string, string>();
  while (index < html.length) {
    const char = html[index] ?? '';
    if (WHITESPACE.test(char) || char === '/') {
      index += 1;
      continue;
    }
    if (char === '>') return { name, attributes, end: index + 1 };
    // An attribute name may begin with '='; it ends at whitespace, '/', '>' or '='.
    let nameEnd = index + 1;
    while (nameEnd < html.length && !ATTRIBUTE_NAME_END.test(html[nameEnd] ?? '')) nameEnd += 1;
    const attribute = html.slice(index, nameEnd).toLowerCase();
    index = nameEnd;
    while (index < html.length && WHITESPACE.test(html[index] ?? '')) index += 1;
    let value = '';
    if (html[index] === '=') {
      index += 1;
      while (index < html.length && WHITESPACE.test(html[index] ?? '')) index += 1;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, index + 1);
        const end = close === -1 ? html.length : close;
        value = html.slice(index + 1, end);
        index = end + 1;
      } else {
        const start = index;
        while (index < html.length && !UNQUOTED_VALUE_END.test(html[index] ?? '')) index += 1;
        value = html.slice(start, index);
      }
    }
    // The first of two attributes of one name counts, as in a browser.
    if (!attributes.has(attribute)) attributes.set(attribute, decodeAttribute(value));
  }
  return { name, attributes, end: html.length };
}

function afterNext(html: string, search: string, from: number): number {
  const at = html.indexOf(search, from);
  return at === -1 ? html.length : at + search.length;
}

/** The end of a comment whose text starts at `from` (just after '<!--'): '<!-->' and '<!--->' end at once. */
function commentEnd(html: string, from: number): number {
  if (html[from] === '>') return from + 1;
  if (html.startsWith('->', from)) return from + 2;
  return Math.min(afterNext(html, '-->', from), afterNext(html, '--!>', from));
}

/** Where the text of a raw-text element ends: at its end tag, or at the end of the HTML. */
function rawTextEnd(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let at = lower.indexOf(`</${name}`, from);
  while (at !== -1) {
    const next = lower[at + name.length + 2];
    if (next === undefined || next === '>' || next === '/' || WHITESPACE.test(next)) return at;
    at = lower.indexOf(`</${name}`, at + 1);
  }
  return html.length;
}

/** The href of every `<a>` start tag, reading raw-text elements as text (`withRawText`) or as markup. */
function hrefsOf(html: string, withRawText: boolean): string[] {
  const hrefs: string[] = [];
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) break;
    const next = html[open + 1] ?? '';
    if (ASCII_LETTER.test(next)) {
      const tag = readTag(html, open + 1);
      const href = tag.attributes.get('href');
      if (tag.name === 'a' && href !== undefined) hrefs.push(href);
      index = tag.end;
      if (withRawText && tag.name === 'plaintext') break;
      if (withRawText && RAW_TEXT_ELEMENTS.has(tag.name)) index = rawTextEnd(html, index, tag.name);
    } else if (next === '/') {
      const after = html[open + 2] ?? '';
      if (ASCII_LETTER.test(after)) index = readTag(html, open + 2).end;
      else index = after === '>' ? open + 3 : afterNext(html, '>', open + 2);
    } else if (html.startsWith('<!--', open)) {
      index = commentEnd(html, open + 4);
    } else if (next === '!' || next === '?') {
      index = afterNext(html, '>', open + 2);
    } else {
      index = open + 1;
    }
  }
  return hrefs;
}

/** Most texts have no link: they are not read at all. */
function hasHref(html: string): boolean {
  return /href/i.test(html);
}

/**
 * The link targets of rich-text HTML, without a DOM, so the same check runs on the server and in the browser: the
 * href of every `<a>`, with character references decoded, read the way the HTML tokenizer reads tags, quoted values,
 * comments and end tags. Text the editor never writes (scripts, text areas...) is read both as text and as markup,
 * and the links of either reading count: markup that one reading misreads cannot hide a link from the check. Where
 * the readings are unsure (a tag cut off at the end), a link counts.
 */
export function linkTargets(html: string): string[] {
  if (!hasHref(html)) return [];
  return [...new Set([...hrefsOf(html, true), ...hrefsOf(html, false)])];
}

/**
 * The texts checked lately. The editor validates a whole story on every change, and all its texts but the one
 * being typed in are the same strings as last time.
 */
const recentChecks = new Map<string, ExternalUrlError | undefined>();
const RECENT_CHECKS_LIMIT = 2000;

/**
 * Spec 000 §5 external URL check of rich text: the error of its first external link that fails the check (an
 * internal link to an asset, `/api/v1/assets/{id}`, is not an external URL), else undefined.
 */
export function checkRichTextLinks(html: string): ExternalUrlError | undefined {
  if (!hasHref(html)) return undefined;
  if (recentChecks.has(html)) return recentChecks.get(html);
  let failure: ExternalUrlError | undefined;
  for (const href of linkTargets(html)) {
    if (isInternalLinkHref(href)) continue;
    failure = checkExternalUrl(href);
    if (failure) break;
  }
  if (recentChecks.size >= RECENT_CHECKS_LIMIT) recentChecks.clear();
  recentChecks.set(html, failure);
  return failure;
}
