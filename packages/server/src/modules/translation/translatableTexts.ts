import { isRecord, type InputDefinition } from '@editor/domain';
import type { StoredContent } from '../assets/content.ts';
import { blockRuns, mapRichTextRuns, restoreBlock, splitRichText, type RichTextBlock } from './richTextBlocks.ts';

/**
 * Which strings of a version an AI translation sends out, and how the answers go back in. Only free text is
 * translated: text and rich-text inputs, also inside lists and (ordered, one-of) containers. Everything else
 * (numbers, selects, dates, references, media, tables, identifiers, addresses) stays exactly as it is. Rich text
 * goes out one block at a time with its inline tags as numbered tokens (richTextBlocks.ts).
 */

/** Inputs (and containers) that hold identifiers rather than prose; their stencils give them no pattern to recognise them by. */
const IDENTIFIER_INPUTS = new Set(['timezone', 'custom-properties']);
/** Text styles that hold an address or a paragraph key rather than prose. */
const NON_PROSE_STYLES = new Set(['url', 'anchor']);

/** Whether a text or rich-text input holds prose: no pattern (slugs, colours, addresses), no options, not an identifier. */
export function isFreeText(input: InputDefinition): boolean {
  if (input.type !== 'text' && input.type !== 'rich-text') return false;
  if (input.constraints?.pattern || input.constraints?.options) return false;
  if (input.view.style && NON_PROSE_STYLES.has(input.view.style)) return false;
  return !IDENTIFIER_INPUTS.has(input.name) && !input.name.endsWith('-id');
}


/** Calls `translate` on a text with its surrounding whitespace kept aside, so spacing around it survives exactly. */
function translateTrimmed(text: string, translate: (text: string) => string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, lead = '', core = '', trail = ''] = match ?? [];
  if (core === '') return text;
  return `${lead}${translate(core)}${trail}`;
}

/** What a walk over a content does with each piece of free text; both answer what goes in its place. */
export interface TextHandlers {
  /** A plain text, without its surrounding spacing. */
  text(text: string): string;
  /** A block of rich text; the answer is html. */
  block(block: RichTextBlock): string;
}

function mapRichText(html: string, block: (block: RichTextBlock) => string): string {
  return splitRichText(html)
    .map((piece) => (typeof piece === 'string' ? piece : block(piece)))
    .join('');
}

function mapValue(input: InputDefinition, value: unknown, handlers: TextHandlers, touched: () => void): unknown {
  if (value === undefined || value === null || IDENTIFIER_INPUTS.has(input.name)) return value;
  if (input.multiple && Array.isArray(value)) return value.map((item) => mapValue({ ...input, multiple: false }, item, handlers, touched));
  if (typeof value === 'string' && isFreeText(input)) {
    if (input.type === 'rich-text') {
      return mapRichText(value, (block) => {
        touched();
        return handlers.block(block);
      });
    }
    return translateTrimmed(value, (text) => {
      touched();
      return handlers.text(text);
    });
  }
  const c = input.constraints;
  if (input.type === 'container' && c?.properties && isRecord(value)) {
    const result: Record<string, unknown> = { ...value };
    for (const child of c.properties) {
      if (child.name in value) result[child.name] = mapValue(child, value[child.name], handlers, touched);
    }
    return result;
  }
  if (input.type === 'ordered-container' && c?.orderedProperties && Array.isArray(value)) {
    return value.map((item, index) => {
      const child = c.orderedProperties?.[index];
      return child ? mapValue(child, item, handlers, touched) : item;
    });
  }
  if (input.type === 'one-of-container' && c?.oneOfProperties && isRecord(value)) {
    const choice = c.oneOfProperties.find((child) => child.name === value.type);
    return choice ? { ...value, value: mapValue(choice, value.value, handlers, touched) } : value;
  }
  return value;
}

/**
 * Rebuilds a content with every translatable text and rich-text block passed through `handlers`, in a fixed order
 * (the stencil's input order, depth first); names the top-level inputs that had any. The input's own `_meta` is kept.
 */
export function mapTranslatableTexts(
  inputs: readonly InputDefinition[],
  content: StoredContent,
  handlers: TextHandlers,
): { content: StoredContent; translatedInputs: string[] } {
  const result: StoredContent = { ...content };
  const translatedInputs: string[] = [];
  for (const input of inputs) {
    const stored = content[input.name];
    if (!stored) continue;
    let touched = false;
    const value = mapValue(input, stored.value, handlers, () => {
      touched = true;
    });
    result[input.name] = { ...stored, value };
    if (touched) translatedInputs.push(input.name);
  }
  return { content: result, translatedInputs };
}

/** The texts an AI translation sends out for a content (rich text one block at a time), in the order `applyTranslations` expects them back. */
export function collectTranslatableTexts(inputs: readonly InputDefinition[], content: StoredContent): string[] {
  const texts: string[] = [];
  mapTranslatableTexts(inputs, content, {
    text: (text) => {
      texts.push(text);
      return text;
    },
    block: (block) => {
      texts.push(block.text);
      return block.html;
    },
  });
  return texts;
}

/** A rich-text block whose translation broke its tokens: which one (counted in walk order) and the runs to translate instead. */
export interface BrokenBlock {
  index: number;
  runs: string[];
}

/** The per-run translations of the blocks an earlier `applyTranslations` found broken: their runs in order, one after another. */
export interface RunFallback {
  blocks: readonly BrokenBlock[];
  translations: readonly string[];
}

/** Hands out a list of translations in order, and checks in the end that each was used. */
function takeInOrder(translations: readonly string[]) {
  let next = 0;
  return {
    take(): string {
      const translation = translations[next++];
      if (translation === undefined) throw new Error('Fewer translations than texts.');
      return translation;
    },
    done(): void {
      if (next !== translations.length) throw new Error('More translations than texts.');
    },
  };
}

/**
 * Puts the translations (one per collected text, same order) back into a copy of the content. A block whose
 * translation broke its tokens keeps its source and is named in `brokenBlocks`; translate their runs and call again
 * with the same translations and the `fallback` to have those blocks translated run by run.
 */
export function applyTranslations(
  inputs: readonly InputDefinition[],
  content: StoredContent,
  translations: readonly string[],
  fallback: RunFallback = { blocks: [], translations: [] },
): { content: StoredContent; translatedInputs: string[]; brokenBlocks: BrokenBlock[] } {
  const texts = takeInOrder(translations);
  const runs = takeInOrder(fallback.translations);
  const perRun = new Set(fallback.blocks.map((block) => block.index));
  const brokenBlocks: BrokenBlock[] = [];
  let blockIndex = 0;
  const result = mapTranslatableTexts(inputs, content, {
    text: () => texts.take(),
    block: (block) => {
      const index = blockIndex++;
      const translation = texts.take();
      if (perRun.has(index)) return mapRichTextRuns(block.html, () => runs.take());
      const restored = restoreBlock(block, translation);
      if (restored !== undefined) return restored;
      brokenBlocks.push({ index, runs: blockRuns(block) });
      return block.html;
    },
  });
  texts.done();
  runs.done();
  return { ...result, brokenBlocks };
}
