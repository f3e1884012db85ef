import { isInternalLinkHref } from './internalLinks.ts';

/**
 * A quick test, without a DOM, for HTML that is already what the sanitiser would return: the editor's tags,
 * properly nested, links with exactly the attributes their kind gets, and text and attribute values escaped the
 * way the browser serialises them. Stored texts are in this form, so a story of hundreds of texts renders without
 * running DOMPurify on each; anything else takes the full sanitiser.
 */

type Kind = 'block' | 'list' | 'item' | 'inline';

const KIND_OF: Readonly<Record<string, Kind>> = {
  p: 'block',
  h2: 'block',
  h3: 'block',
  h4: 'block',
  ul: 'list',
  ol: 'list',
  li: 'item',
  strong: 'inline',
  em: 'inline',
  a: 'inline',
};

/** Where each kind may stand (the parent's kind, or the top level) so that an HTML parser keeps the tree as written. */
const ALLOWED_PARENTS: Readonly<Record<Kind, readonly (Kind | 'root')[]>> = {
  block: ['root', 'item'],
  list: ['root', 'item'],
  item: ['list'],
  inline: ['root', 'block', 'item', 'inline'],
};

/** Text as the browser serialises it: no raw angle brackets, ampersands only in these entities. */
const TEXT = /(?:[^<>&]|&(?:amp|lt|gt|nbsp);)+/y;
const TAG = /<(\/?)([a-z][a-z0-9]*)((?: [a-z]+="(?:[^"<>&]|&(?:amp|quot);)*")*)>/y;
/** The sanitiser's link attributes, in its order: an external link opens in a new tab, an internal one is plain. */
const EXTERNAL_LINK = /^ href="(https?:\/\/[^"\s][^"]*)" target="_blank" rel="noopener noreferrer nofollow"$/;
const INTERNAL_LINK = /^ href="([^"]*)"$/;

function isCanonicalLink(attributes: string): boolean {
  if (EXTERNAL_LINK.test(attributes)) return true;
  const internal = INTERNAL_LINK.exec(attributes);
  return internal?.[1] !== undefined && isInternalLinkHref(internal[1]);
}

/** Whether `html` is in the sanitiser's own form for these heading levels (then sanitising it changes nothing). */
export function isCanonicalRichText(html: string, headingLevels: readonly number[]): boolean {
  const open: { name: string; kind: Kind }[] = [];
  let index = 0;
  while (index < html.length) {
    TEXT.lastIndex = index;
    if (TEXT.test(html)) {
      if (open.at(-1)?.kind === 'list') return false;
      index = TEXT.lastIndex;
      continue;
    }
    TAG.lastIndex = index;
    const tag = TAG.exec(html);
    if (!tag) return false;
    index = TAG.lastIndex;
    const [, slash, name = '', attributeSource = ''] = tag;
    const kind = KIND_OF[name];
    if (kind === undefined) return false;
    if (slash) {
      if (attributeSource !== '' || open.pop()?.name !== name) return false;
      continue;
    }
    if (name.startsWith('h') && !headingLevels.includes(Number(name.slice(1)))) return false;
    if (name === 'a' ? !isCanonicalLink(attributeSource) || open.some((element) => element.name === 'a') : attributeSource !== '') return false;
    if (!ALLOWED_PARENTS[kind].includes(open.at(-1)?.kind ?? 'root')) return false;
    open.push({ name, kind });
  }
  return open.length === 0;
}
