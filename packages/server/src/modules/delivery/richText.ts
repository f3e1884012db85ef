import { RICH_TEXT_TAGS, internalAssetIdOf, type DeliveredRichText, type RichTextNode, type RichTextTag } from '@editor/domain';
import { sanitizeHtml } from '../preview/sanitizeHtml.ts';

/** What the preview's sanitiser leaves: allow-listed tags, a link with its safe href and rel, escaped text between. */
const TAG = new RegExp(`<(/?)(${RICH_TEXT_TAGS.join('|')})(?: href="([^"]*)" rel="noopener noreferrer")?>`, 'g');
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text a browser shows for escaped text: numeric references and the entities editors write (`&amp;`, `&nbsp;`...);
 * another named reference, which the editor does not write, stays as written.
 */
export function decodeText(text: string): string {
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

type Element = Extract<RichTextNode, { type: 'element' }>;
/** An open element; `node` is undefined for a link left out, whose children go to its parent. */
type Frame = { tag: RichTextTag; node: Element | undefined };

/**
 * Rich text as a website gets it: the preview's sanitiser first (spec 002 §2: only its allow-list, safe hrefs), then
 * links to assets (`/api/v1/assets/{id}`, spec 002 §7): `linkTo` gives the delivery address of one that is live for
 * the key, and a link to any other, or without a safe href, is left out with its text kept. The same text comes as
 * HTML and as a tree (`nodes`).
 */
export function deliverRichText(html: string, linkTo: (assetId: string) => string | undefined): DeliveredRichText {
  const clean = sanitizeHtml(html);
  const root: RichTextNode[] = [];
  const open: Frame[] = [];
  let out = '';
  let last = 0;
  const childrenOf = () => {
    for (let at = open.length - 1; at >= 0; at--) {
      const node = open[at]?.node;
      if (node) return node.children;
    }
    return root;
  };
  const addText = (raw: string) => {
    if (raw === '') return;
    out += raw;
    const text = decodeText(raw);
    const siblings = childrenOf();
    const previous = siblings.at(-1);
    if (previous?.type === 'text') previous.text += text;
    else siblings.push({ type: 'text', text });
  };
  for (const match of clean.matchAll(TAG)) {
    addText(clean.slice(last, match.index));
    last = match.index + match[0].length;
    const [, slash, name = '', rawHref] = match;
    const tag = name as RichTextTag;
    if (slash) {
      const frame = open.pop();
      if (frame?.node) out += `</${frame.tag}>`;
      continue;
    }
    if (tag !== 'a') {
      const node: Element = { type: 'element', tag, children: [] };
      childrenOf().push(node);
      open.push({ tag, node });
      out += `<${tag}>`;
      continue;
    }
    const href = rawHref === undefined ? undefined : decodeText(rawHref);
    const assetId = href === undefined ? undefined : internalAssetIdOf(href);
    const target = assetId === undefined ? href : linkTo(assetId);
    if (target === undefined) {
      open.push({ tag, node: undefined });
      continue;
    }
    const node: Element = { type: 'element', tag, href: target, ...(assetId === undefined ? {} : { assetId }), children: [] };
    childrenOf().push(node);
    open.push({ tag, node });
    out += `<a href="${escapeAttribute(target)}" rel="noopener noreferrer">`;
  }
  addText(clean.slice(last));
  return { html: out, nodes: root };
}
