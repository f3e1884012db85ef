/**
 * Plain text of rich-text HTML without a DOM, so the same count runs on the server and in the browser.
 * It follows the HTML tokenizer where it matters for counting: '<' opens a tag only before a letter, '/', '!' or
 * '?', a quoted attribute value may hold '>', comments run to '-->', and an unknown entity stays literal text.
 */

/** The named entities rich text uses; any other `&name;` is counted as written. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  times: '\u00d7',
  divide: '\u00f7',
  plusmn: '\u00b1',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  auml: '\u00e4',
  ouml: '\u00f6',
  uuml: '\u00fc',
  Auml: '\u00c4',
  Ouml: '\u00d6',
  Uuml: '\u00dc',
  szlig: '\u00df',
  eacute: '\u00e9',
  egrave: '\u00e8',
  aacute: '\u00e1',
  agrave: '\u00e0',
  ccedil: '\u00e7',
  ntilde: '\u00f1',
  iexcl: '\u00a1',
  iquest: '\u00bf',
};

const ENTITY = /&(?:#([0-9]+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z][a-zA-Z0-9]*));/y;
const TAG_START = /[a-zA-Z/!?]/;
const WHITESPACE = /\s/;

function decodeCodePoint(codePoint: number): string {
  const isSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
  if (codePoint === 0 || codePoint > 0x10ffff || isSurrogate) return '\ufffd';
  return String.fromCodePoint(codePoint);
}

/** The index just after the markup that starts at `start` (which holds '<'). */
function skipMarkup(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    const end = html.indexOf('-->', start + 4);
    return end === -1 ? html.length : end + 3;
  }
  let index = start + 1;
  let afterEquals = false;
  while (index < html.length) {
    const char = html[index] ?? '';
    if (char === '>') return index + 1;
    if (afterEquals && (char === '"' || char === "'")) {
      const close = html.indexOf(char, index + 1);
      if (close === -1) return html.length;
      index = close + 1;
      afterEquals = false;
      continue;
    }
    if (char === '=') afterEquals = true;
    else if (!WHITESPACE.test(char)) afterEquals = false;
    index += 1;
  }
  return html.length;
}

/**
 * The texts worked out lately. The editor validates a whole story on every change, and a story's texts but the
 * one being typed in are the same strings as last time: their text is looked up instead of parsed again. The limit
 * holds every text of a 3,000-element story with room to spare: at 2,000, such a story emptied the table at each
 * validation and parsed all its texts again (some 25 ms, enough to hold up a keystroke that came meanwhile).
 */
const recentTexts = new Map<string, string>();
const RECENT_TEXTS_LIMIT = 10_000;

/** Spec 000 §5: the text of rich-text HTML with tags removed and character entities decoded. */
export function plainText(html: string): string {
  const known = recentTexts.get(html);
  if (known !== undefined) return known;
  const text = parsePlainText(html);
  if (recentTexts.size >= RECENT_TEXTS_LIMIT) recentTexts.clear();
  recentTexts.set(html, text);
  return text;
}

function parsePlainText(html: string): string {
  let text = '';
  let index = 0;
  while (index < html.length) {
    const char = html[index] ?? '';
    if (char === '<' && TAG_START.test(html[index + 1] ?? '')) {
      index = skipMarkup(html, index);
      continue;
    }
    if (char === '&') {
      ENTITY.lastIndex = index;
      const match = ENTITY.exec(html);
      if (match) {
        const [entity, decimal, hex, name] = match;
        const decoded =
          decimal !== undefined
            ? decodeCodePoint(Number.parseInt(decimal, 10))
            : hex !== undefined
              ? decodeCodePoint(Number.parseInt(hex, 16))
              : NAMED_ENTITIES[name ?? ''];
        if (decoded !== undefined) {
          text += decoded;
          index += entity.length;
          continue;
        }
      }
    }
    text += char;
    index += 1;
  }
  return text;
}

/** Spec 000 §5: the character count of a text, counted with markup stripped (UTF-16 units, as the counter shows). */
export function textLength(html: string): number {
  return plainText(html).length;
}
