import type { InputDefinition } from '@editor/domain';
import type { StoredContent } from '../assets/content.ts';

/**
 * Which strings of a version an AI translation sends out, and how the answers go back in. Only free text is
 * translated: text and rich-text inputs, also inside lists and (ordered, one-of) containers. Everything else
 * (numbers, selects, dates, references, media, tables, identifiers, addresses) stays exactly as it is.
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entities an editor writes; decoded for the translator, since it should see text, not markup. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&nbsp;': '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|apos|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

function encodeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Calls `translate` on a text with its surrounding whitespace kept aside, so spacing around it survives exactly. */
function translateTrimmed(text: string, translate: (text: string) => string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, lead = '', core = '', trail = ''] = match ?? [];
  if (core === '') return text;
  return `${lead}${translate(core)}${trail}`;
}

/** Spacing around a run of rich text, `&nbsp;` included: kept as written, never sent. */
const RICH_TEXT_RUN = /^((?:\s|&nbsp;|&#160;)*)([\s\S]*?)((?:\s|&nbsp;|&#160;)*)$/;

/** Translates the text runs between tags of rich text; the tags themselves are kept character for character. */
function mapRichText(html: string, translate: (text: string) => string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<') && part.endsWith('>')) return part;
      const [, lead = '', core = '', trail = ''] = RICH_TEXT_RUN.exec(part) ?? [];
      // A run of nothing but spacing between tags is layout, not text.
      if (core === '') return part;
      return `${lead}${encodeText(translate(decodeEntities(core)))}${trail}`;
    })
    .join('');
}

function mapValue(input: InputDefinition, value: unknown, translate: (text: string) => string, touched: () => void): unknown {
  if (value === undefined || value === null || IDENTIFIER_INPUTS.has(input.name)) return value;
  if (input.multiple && Array.isArray(value)) return value.map((item) => mapValue({ ...input, multiple: false }, item, translate, touched));
  if (typeof value === 'string' && isFreeText(input)) {
    const counting = (text: string) => {
      touched();
      return translate(text);
    };
    return input.type === 'rich-text' ? mapRichText(value, counting) : translateTrimmed(value, counting);
  }
  const c = input.constraints;
  if (input.type === 'container' && c?.properties && isRecord(value)) {
    const result: Record<string, unknown> = { ...value };
    for (const child of c.properties) {
      if (child.name in value) result[child.name] = mapValue(child, value[child.name], translate, touched);
    }
    return result;
  }
  if (input.type === 'ordered-container' && c?.orderedProperties && Array.isArray(value)) {
    return value.map((item, index) => {
      const child = c.orderedProperties?.[index];
      return child ? mapValue(child, item, translate, touched) : item;
    });
  }
  if (input.type === 'one-of-container' && c?.oneOfProperties && isRecord(value)) {
    const choice = c.oneOfProperties.find((child) => child.name === value.type);
    return choice ? { ...value, value: mapValue(choice, value.value, translate, touched) } : value;
  }
  return value;
}

/**
 * Rebuilds a content with every translatable text passed through `translate`, in a fixed order (the stencil's input
 * order, depth first); names the top-level inputs that had any. The input's own `_meta` is kept as it is.
 */
export function mapTranslatableTexts(
  inputs: readonly InputDefinition[],
  content: StoredContent,
  translate: (text: string) => string,
): { content: StoredContent; translatedInputs: string[] } {
  const result: StoredContent = { ...content };
  const translatedInputs: string[] = [];
  for (const input of inputs) {
    const stored = content[input.name];
    if (!stored) continue;
    let touched = false;
    const value = mapValue(input, stored.value, translate, () => {
      touched = true;
    });
    result[input.name] = { ...stored, value };
    if (touched) translatedInputs.push(input.name);
  }
  return { content: result, translatedInputs };
}

/** The texts an AI translation sends out for a content, in the order `applyTranslations` expects them back. */
export function collectTranslatableTexts(inputs: readonly InputDefinition[], content: StoredContent): string[] {
  const texts: string[] = [];
  mapTranslatableTexts(inputs, content, (text) => {
    texts.push(text);
    return text;
  });
  return texts;
}

/** Puts the translations (one per collected text, same order) back into a copy of the content. */
export function applyTranslations(
  inputs: readonly InputDefinition[],
  content: StoredContent,
  translations: readonly string[],
): { content: StoredContent; translatedInputs: string[] } {
  let next = 0;
  const result = mapTranslatableTexts(inputs, content, () => {
    const translation = translations[next++];
    if (translation === undefined) throw new Error('Fewer translations than texts.');
    return translation;
  });
  if (next !== translations.length) throw new Error('More translations than texts.');
  return result;
}
