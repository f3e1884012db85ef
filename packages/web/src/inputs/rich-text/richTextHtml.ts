import DOMPurify from 'dompurify';
import { plainText, type HeadingLevel } from '@editor/domain';
import { isCanonicalRichText } from './canonicalHtml.ts';
import { INTERNAL_LINK_PREFIX, isInternalLinkHref } from './internalLinks.ts';

export interface RichTextSchema {
  /** Heading levels this input allows; none means paragraphs and lists only. */
  headingLevels: readonly HeadingLevel[];
}

/** What the editor produces: paragraphs, bold, italic, both kinds of list and links. */
const BASE_TAGS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a'];
const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';
/** DOMPurify's first filter on hrefs; `isAllowedHref` decides exactly. */
const ALLOWED_HREF_START = new RegExp(`^(?:https?://|${INTERNAL_LINK_PREFIX.replaceAll('/', '\\/')})`, 'i');
const EXTERNAL_HREF = /^https?:\/\//i;

/** Whether rich text may link to `href`: an http(s) URL, or one of our assets; anything else loses its href. */
export function isAllowedHref(href: string): boolean {
  return EXTERNAL_HREF.test(href.trim()) || isInternalLinkHref(href);
}

// An instance of our own, so the hook below does not change how anyone else's DOMPurify behaves.
const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  let href = node.getAttribute('href');
  if (href !== null && !isAllowedHref(href)) {
    node.removeAttribute('href');
    href = null;
  }
  // One form per kind of link: external links open in a new tab, links to our assets are plain.
  if (href !== null && !isInternalLinkHref(href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', EXTERNAL_LINK_REL);
  } else {
    node.removeAttribute('target');
    node.removeAttribute('rel');
  }
});

/** Older texts and other editors write b and i; the editor reads them as strong and em, and so does the view. */
const RENAMED_TAGS: Readonly<Record<string, string>> = { B: 'strong', I: 'em' };

function renameLegacyTags(root: DocumentFragment) {
  for (const element of root.querySelectorAll('b, i')) {
    const renamed = element.ownerDocument.createElement(RENAMED_TAGS[element.tagName] ?? 'span');
    renamed.append(...element.childNodes);
    element.replaceWith(renamed);
  }
}

function configOf(schema: RichTextSchema) {
  return {
    ALLOWED_TAGS: [...BASE_TAGS, 'b', 'i', ...schema.headingLevels.map((level) => `h${level}`)],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: ALLOWED_HREF_START,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
}

/** The full sanitiser, DOMPurify with our rules; `sanitizeRichText` skips it for HTML already in its form. */
export function purifyRichText(html: string, schema: RichTextSchema): string {
  const fragment = purify.sanitize(html, { ...configOf(schema), RETURN_DOM_FRAGMENT: true });
  renameLegacyTags(fragment);
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();

/**
 * Rich-text HTML reduced to the tags the editor produces (b and i become strong and em; other tags lose their
 * markup, not their text) and links to http(s) or to one of our assets. A story shows hundreds of texts: one
 * already in that form is returned as it is, and the results of the full sanitiser are remembered.
 */
export function sanitizeRichText(html: string, schema: RichTextSchema): string {
  if (isCanonicalRichText(html, schema.headingLevels)) return html;
  const key = `${schema.headingLevels.join('')}|${html}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const clean = purifyRichText(html, schema);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, clean);
  return clean;
}

/** The value to store for the editor's HTML: sanitised, and `undefined` for a document without text. */
export function richTextValueOf(html: string, schema: RichTextSchema): string | undefined {
  const clean = sanitizeRichText(html, schema);
  return plainText(clean).trim() === '' ? undefined : clean;
}
