import type { InputDefinition } from '../asset/inputs.ts';

/** The heading levels a rich-text input may hold (spec 002 §4: the toolbar offers headings as the stencil allows). */
export type HeadingLevel = 2 | 3 | 4;

/** What a rich-text input allows where it sits. */
export interface RichTextRules {
  /** Heading levels this input allows; none means paragraphs and lists only. */
  headingLevels: readonly HeadingLevel[];
  /**
   * Spec 002 §5 "division disabled": the text is one paragraph. Pasted lines join with spaces instead of becoming
   * paragraphs, Enter does not split, and lists and headings are not offered.
   */
  isSingleParagraph: boolean;
}

/** The text element of story content (`story-content.3.text`), the one place where a text has headings. */
const STORY_TEXT_ERROR_PATH = /^story-content\.\d+\.text$/;
const STORY_TEXT_HEADINGS: readonly HeadingLevel[] = [2, 3];
const NO_HEADINGS: readonly HeadingLevel[] = [];

/**
 * Spec 002 §4 rich text, headings and division: what a rich-text input allows. No stencil declares headings or
 * single-paragraph texts, so both follow from where the input sits:
 * - headings H2 and H3 in the text element of story content, the body of a story; none elsewhere (teasers,
 *   biographies, table cells and list rows are not sectioned);
 * - a row of a multiple rich-text input (a bullet of `list`, an answer of an interview...) is one paragraph: the
 *   list around it already divides the text, one row per division.
 */
export function richTextRulesOf(input: Pick<InputDefinition, 'multiple'>, where: { path: readonly (string | number)[]; errorPath: string }): RichTextRules {
  const isSingleParagraph = input.multiple === true || typeof where.path.at(-1) === 'number';
  const headingLevels = !isSingleParagraph && STORY_TEXT_ERROR_PATH.test(where.errorPath) ? STORY_TEXT_HEADINGS : NO_HEADINGS;
  return { isSingleParagraph, headingLevels };
}
