/**
 * The rich text a preview page may show (spec 002 §2 preview): only these tags survive, without attributes except a
 * safe `href` on links. Everything else is removed; the text inside a removed tag stays, except in the elements below
 * whose content is never text for a reader (scripts, styles, embedded documents).
 */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(['p', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'a']);
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title', 'svg', 'math', 'select', 'xmp', 'noembed', 'noframes', 'plaintext'];

const DROPPED_BLOCK = new RegExp(`<(${DROPPED_WITH_CONTENT.join('|')})\\b[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, 'gi');
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?/g;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Text between tags: entities are kept, a bare `&`, `<` or `>` is escaped. */
const escapeText = (text: string) =>
  text.replace(/&(?!(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Where relative targets are resolved for the check: a host no link can name by accident. */
const CHECK_BASE = 'https://same-origin.invalid';
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
/** The schemes a preview link may name: none of them runs anything (javascript:, data:, vbscript: do). */
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * An address as a browser reads it, checked by where it leads rather than by how it starts: http(s), mailto and tel
 * addresses as their parser writes them, and paths and fragments of this site, written so that no browser can read
 * another host into them (`/\host`, `\/host`, `/.//host`). Undefined for anything else (javascript:, data:...).
 * For a plain-text address, such as a call to action's; an `href` written in HTML goes through `safeLinkTarget`.
 */
export function safeAddress(text: string): string | undefined {
  // Like the URL parser: leading and trailing control characters and spaces go, tabs and newlines go everywhere.
  // oxlint-disable-next-line no-control-regex -- removing control characters is the point
  const href = text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const hasScheme = SCHEME.test(href);
  let url: URL;
  try {
    // An address that names its scheme stands on its own (`https:` alone is no address); anything else is relative.
    url = hasScheme ? new URL(href) : new URL(href, `${CHECK_BASE}/`);
  } catch {
    return undefined;
  }
  if (hasScheme) return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  if (url.origin !== CHECK_BASE) return undefined;
  if (href.startsWith('#')) return url.hash || '#';
  if (!href.startsWith('/')) return undefined;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return /^\/[/\\]/.test(target) ? undefined : target;
}

/** A link target written in HTML (`href="..."`), its character references read as a browser reads them; see `safeAddress`. */
export function safeLinkTarget(raw: string): string | undefined {
  return safeAddress(decodeEntities(raw));
}

/** The link target of an `<a>`'s attributes when it is safe (see `safeLinkTarget`); else undefined. */
function safeHref(attributes: string): string | undefined {
  const match = HREF.exec(attributes);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw === undefined ? undefined : safeLinkTarget(raw);
}

/** Spec 002 §2: rich text reduced to the allow-list, with balanced tags; safe to place in a page as HTML. */
export function sanitizeHtml(html: string): string {
  const input = html.replace(COMMENT, '').replace(DROPPED_BLOCK, '');
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (const match of input.matchAll(TAG)) {
    out += escapeText(input.slice(last, match.index));
    last = match.index + match[0].length;
    const [, slash, rawName = '', attributes = ''] = match;
    const name = rawName.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) continue;
    if (slash) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (name === 'a') {
      const href = safeHref(attributes);
      out += href === undefined ? '<a>' : `<a href="${escapeAttribute(href)}" rel="noopener noreferrer">`;
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  out += escapeText(input.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
