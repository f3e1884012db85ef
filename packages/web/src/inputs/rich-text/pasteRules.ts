/**
 * Spec 002 §5 "Rich text paste": pasted lines become paragraphs unless division is disabled; bold tags become strong;
 * div and br are removed, their content kept. These run on the clipboard's content before the editor parses it.
 */

export interface PasteOptions {
  /** Division disabled: everything pasted lands in one paragraph. */
  isSingleParagraph: boolean;
}

const LINE_BREAKS = /[ \t]*(?:\r\n?|\n)+[ \t]*/g;

const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION',
  'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL',
]);
/** Blocks whose inline content a line break splits in two. */
const TEXT_BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, dt, dd, blockquote, pre, td, th';
/** Clipboard furniture (Word and Google Docs put styles and meta data into the body). */
const NOT_CONTENT = 'script, style, meta, link, title, template, noscript';

/** Plain text as pasted: line breaks stay (the editor makes a paragraph of each line) or, in one paragraph, become spaces. */
export function transformPastedText(text: string, options: PasteOptions): string {
  return options.isSingleParagraph ? text.trim().replace(LINE_BREAKS, ' ') : text;
}

function isBlock(node: Node): boolean {
  return node.nodeType === Node.ELEMENT_NODE && BLOCK_TAGS.has(node.nodeName);
}

function unwrap(element: Element) {
  element.replaceWith(...element.childNodes);
}

function rename(element: Element, tagName: string) {
  const renamed = element.ownerDocument.createElement(tagName);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
}

/** Google Docs wraps a whole copied document in `<b style="font-weight:normal">`: that one is not bold. */
function isNormalWeight(element: HTMLElement): boolean {
  const weight = element.style.fontWeight;
  return weight === 'normal' || weight === '400' || weight === 'lighter';
}

function boldToStrong(body: HTMLElement) {
  for (const bold of body.querySelectorAll('b')) {
    if (isNormalWeight(bold)) unwrap(bold);
    else rename(bold, 'strong');
  }
}

function hasText(node: Node): boolean {
  return (node.textContent ?? '').trim() !== '';
}

/** Consecutive inline nodes directly in `parent` go into one paragraph each; runs of white space go away. */
function wrapInlineRuns(parent: Element) {
  let run: ChildNode[] = [];
  const close = () => {
    if (run.some(hasText)) {
      const paragraph = parent.ownerDocument.createElement('p');
      run[0]?.before(paragraph);
      paragraph.append(...run);
    } else {
      for (const node of run) node.remove();
    }
    run = [];
  };
  // A copy: the live child list changes as runs move into their paragraphs.
  for (const child of Array.from(parent.childNodes)) {
    if (isBlock(child)) close();
    else run.push(child);
  }
  close();
}

/** Every line break ends its paragraph (or heading, list item...): what follows it starts a new one. */
function splitAtLineBreaks(body: HTMLElement) {
  for (const lineBreak of Array.from(body.querySelectorAll('br')).toReversed()) {
    const block = lineBreak.parentElement?.closest(TEXT_BLOCKS);
    if (block && body.contains(block) && block.lastChild) {
      const range = body.ownerDocument.createRange();
      range.setStartAfter(lineBreak);
      range.setEndAfter(block.lastChild);
      const rest = range.extractContents();
      if (hasText(rest)) {
        const next = block.cloneNode(false) as Element;
        next.append(rest);
        block.after(next);
      }
    }
    lineBreak.remove();
  }
}

/** A div holding text becomes a paragraph; one holding blocks gives way to them. */
function divsToParagraphs(body: HTMLElement) {
  for (const div of Array.from(body.querySelectorAll('div')).toReversed()) {
    if (Array.from(div.childNodes).some(isBlock)) {
      wrapInlineRuns(div);
      unwrap(div);
    } else {
      rename(div, 'p');
    }
  }
}

function removeEmptyParagraphs(body: HTMLElement) {
  for (const paragraph of body.querySelectorAll('p, h1, h2, h3, h4, h5, h6')) {
    if (!hasText(paragraph)) paragraph.remove();
  }
}

/** The inline content of `source` appended to `target`, with a space where a block or a line break ended. */
function appendInline(source: Node, target: Node, doc: Document) {
  for (const child of source.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(child.cloneNode());
    } else if (child.nodeName === 'BR' || isBlock(child)) {
      target.appendChild(doc.createTextNode(' '));
      appendInline(child, target, doc);
      target.appendChild(doc.createTextNode(' '));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      appendInline(child, target.appendChild(child.cloneNode(false)), doc);
    }
  }
}

function collapseWhiteSpace(paragraph: Element) {
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  let endsWithSpace = true;
  for (const text of texts) {
    let data = text.data.replace(/\s+/g, ' ');
    if (endsWithSpace) data = data.replace(/^ /, '');
    if (data !== '') endsWithSpace = data.endsWith(' ');
    text.data = data;
  }
  const last = texts.findLast((text) => text.data !== '');
  if (last) last.data = last.data.replace(/ $/, '');
}

/** Everything in one paragraph: blocks and line breaks become spaces; bold, italic and links stay. */
function toOneParagraph(body: HTMLElement): string {
  if (!hasText(body)) return '';
  const paragraph = body.ownerDocument.createElement('p');
  appendInline(body, paragraph, body.ownerDocument);
  collapseWhiteSpace(paragraph);
  return paragraph.outerHTML;
}

/** Pasted HTML as the editor should read it (spec 002 §5 "Rich text paste"). */
export function transformPastedHtml(html: string, options: PasteOptions): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  for (const element of body.querySelectorAll(NOT_CONTENT)) element.remove();
  boldToStrong(body);
  if (options.isSingleParagraph) return toOneParagraph(body);
  divsToParagraphs(body);
  wrapInlineRuns(body);
  splitAtLineBreaks(body);
  removeEmptyParagraphs(body);
  return body.innerHTML;
}
