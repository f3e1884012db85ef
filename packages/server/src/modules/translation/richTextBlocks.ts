/**
 * Rich text as a translator should see it: one string per block (paragraph, heading, list item, quote), with the
 * block's inline tags as numbered tokens (`<1>…</1>`, `<2/>`), so a model translates whole sentences. The tags behind
 * the tokens are kept aside and put back character for character; block tags and spacing are never sent.
 */

/** Tags inside a sentence; every other tag (p, h1–h6, li, ul, blockquote, div, comments…) bounds a block and is kept as it is. */
const INLINE_TAGS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's',
  'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'u', 'var',
]);
/** Inline elements without content: one `<n/>` token each. */
const VOID_TAGS = new Set(['br', 'img', 'wbr']);

/** The entities an editor writes; decoded for the translator, since it should see text, not markup. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&nbsp;': '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|apos|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

function encodeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Spacing around a run or block of rich text, `&nbsp;` included: kept as written, never sent. */
const RICH_TEXT_SPACING = /^((?:\s|&nbsp;|&#160;)*)([\s\S]*?)((?:\s|&nbsp;|&#160;)*)$/;

const splitSpacing = (html: string) => {
  const [, lead = '', core = '', trail = ''] = RICH_TEXT_SPACING.exec(html) ?? [];
  return { lead, core, trail };
};

const isTag = (part: string) => part.startsWith('<') && part.endsWith('>');
const splitTags = (html: string) => html.split(/(<[^>]*>)/).filter((part) => part !== '');

/** Translates the text runs between tags one by one; the tags themselves are kept character for character. */
export function mapRichTextRuns(html: string, translate: (text: string) => string): string {
  return splitTags(html)
    .map((part) => {
      if (isTag(part)) return part;
      const { lead, core, trail } = splitSpacing(part);
      // A run of nothing but spacing between tags is layout, not text.
      if (core === '') return part;
      return `${lead}${encodeText(translate(decodeEntities(core)))}${trail}`;
    })
    .join('');
}

/** One part of a block: text as written, or an inline tag with the token that stands for it. */
type BlockPart = { text: string } | { tag: string; token: string };

export interface RichTextBlock {
  /** The block as written, without its surrounding spacing. */
  html: string;
  /** What the translator sees: entities decoded, inline tags as numbered tokens. */
  text: string;
  /** Each token's original tag text, by token (`<1>`, `</1>`, `<2/>`). */
  tags: ReadonlyMap<string, string>;
}

/** Rich text cut into what is kept exactly (strings: block tags, spacing, empty blocks) and blocks to translate. */
export type RichTextPiece = string | RichTextBlock;

const tagName = (tag: string) => /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1]?.toLowerCase();
const isInlineTag = (tag: string) => {
  const name = tagName(tag);
  return name !== undefined && (INLINE_TAGS.has(name) || VOID_TAGS.has(name));
};

/**
 * Numbers the inline tags of a block. An opening tag and the closing tag that matches it share a number; void
 * elements, and tags without a partner inside the block (a malformed or crossing source), get a `<n/>` of their own,
 * so the tokens of a source block are always properly nested.
 */
function tokenize(parts: readonly string[]): BlockPart[] {
  const result: BlockPart[] = [];
  const open: Array<{ name: string; number: number; index: number }> = [];
  let count = 0;
  for (const part of parts) {
    if (!isTag(part)) {
      result.push({ text: part });
      continue;
    }
    const name = tagName(part) ?? '';
    const closing = part.startsWith('</');
    const opening = closing && open.at(-1)?.name === name ? open.pop() : undefined;
    if (opening) {
      result.push({ tag: part, token: `</${opening.number}>` });
    } else if (!closing && !part.endsWith('/>') && INLINE_TAGS.has(name)) {
      count += 1;
      open.push({ name, number: count, index: result.length });
      result.push({ tag: part, token: `<${count}>` });
    } else {
      count += 1;
      result.push({ tag: part, token: `<${count}/>` });
    }
  }
  // An opening tag never closed inside the block stands alone.
  for (const { number, index } of open) result[index] = { tag: (result[index] as { tag: string }).tag, token: `<${number}/>` };
  return result;
}

/** A block to send, or its html kept as it is when it holds no text (only spacing and inline tags). */
function blockOf(parts: readonly string[]): RichTextPiece[] {
  const { lead, core, trail } = splitSpacing(parts.join(''));
  const hasText = parts.some((part) => !isTag(part) && splitSpacing(part).core !== '');
  if (!hasText) return [parts.join('')];
  const tokenized = tokenize(splitTags(core));
  const text = tokenized.map((part) => ('text' in part ? decodeEntities(part.text) : part.token)).join('');
  const tags = new Map(tokenized.flatMap((part) => ('tag' in part ? [[part.token, part.tag] as const] : [])));
  return [lead, { html: core, text, tags }, trail].filter((piece) => piece !== '');
}

/**
 * Cuts rich text into blocks: each run of text and inline tags between two other tags is one block, so nested
 * blocks (a list inside a list item, a paragraph inside a quote) come out as their innermost units.
 */
export function splitRichText(html: string): RichTextPiece[] {
  const pieces: RichTextPiece[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) pieces.push(...blockOf(pending));
    pending = [];
  };
  for (const part of splitTags(html)) {
    if (isTag(part) && !isInlineTag(part)) {
      flush();
      pieces.push(part);
    } else {
      pending.push(part);
    }
  }
  flush();
  return pieces;
}

const TOKEN = /<(\/?)(\d+)(\/?)>/g;

/** A token found in a translation, spelled as `RichTextBlock.tags` keys it; `</1/>` is no token of ours. */
function tokenOf([, slash, number, selfClosing]: RegExpMatchArray): string {
  if (slash && selfClosing) return `</${number}/>`;
  return slash ? `</${number}>` : selfClosing ? `<${number}/>` : `<${number}>`;
}

/** Whether a translation holds exactly the block's tokens, each once, a closing one after its opening one, none crossing. */
function hasTokensOf(block: RichTextBlock, translation: string): boolean {
  const seen = new Set<string>();
  const open: string[] = [];
  for (const match of translation.matchAll(TOKEN)) {
    const token = tokenOf(match);
    if (!block.tags.has(token) || seen.has(token)) return false;
    seen.add(token);
    const [, slash, number = '', selfClosing] = match;
    if (slash && open.pop() !== number) return false;
    if (!slash && !selfClosing) open.push(number);
  }
  return open.length === 0 && seen.size === block.tags.size;
}

/** The translated block as html with its original tags, or undefined when the translation broke the tokens. */
export function restoreBlock(block: RichTextBlock, translation: string): string | undefined {
  if (!hasTokensOf(block, translation)) return undefined;
  let html = '';
  let last = 0;
  for (const match of translation.matchAll(TOKEN)) {
    html += encodeText(translation.slice(last, match.index)) + (block.tags.get(tokenOf(match)) ?? '');
    last = match.index + match[0].length;
  }
  return html + encodeText(translation.slice(last));
}

/** The text runs of a block, in the order `mapRichTextRuns` asks for them: what the per-run fallback sends. */
export function blockRuns(block: RichTextBlock): string[] {
  const runs: string[] = [];
  mapRichTextRuns(block.html, (text) => {
    runs.push(text);
    return text;
  });
  return runs;
}
