import { plainText } from '@editor/domain';

/** Spec 001 §7: the suggestion type asked for a tag input, by the one stencil it allows; only disciplines send text. */
const SUGGESTION_TYPE_OF_STENCIL: Readonly<Record<string, 'disciplines'>> = { discipline: 'disciplines' };

/** The tag suggestion type of a tag input that allows only one suggestible stencil, else undefined. */
export function suggestionTypeOf(allowedStencils: readonly string[] | undefined): { type: 'disciplines'; stencil: string } | undefined {
  const [stencil, ...others] = allowedStencils ?? [];
  const type = stencil && others.length === 0 ? SUGGESTION_TYPE_OF_STENCIL[stencil] : undefined;
  return stencil && type ? { type, stencil } : undefined;
}

/** The body's elements that hold prose: a text, and the items of a list. */
const BODY_TEXT_TYPES = new Set(['text', 'list', 'numbered-list']);

const texts = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * The text of an asset that tag suggestions read (title, teaser and the body's prose), as plain text: rich text loses
 * its tags, parts are joined by blank lines, empty ones are left out.
 */
export function assetTextOf(values: Readonly<Record<string, unknown>>): string {
  const body = Array.isArray(values['story-content']) ? values['story-content'] : [];
  const bodyTexts = body.flatMap((element: unknown) => {
    if (typeof element !== 'object' || element === null) return [];
    const { type, value } = element as { type?: unknown; value?: unknown };
    return typeof type === 'string' && BODY_TEXT_TYPES.has(type) ? texts(value) : [];
  });
  return [...texts(values.title), ...texts(values.teaser), ...bodyTexts]
    .map((text) => plainText(text).trim())
    .filter((text) => text !== '')
    .join('\n\n');
}
