/** Spec 000 §9: the default length texts are truncated to. */
export const TEXT_TRUNCATION_LENGTH = 75;
/** Spec 000 §9: how many of the last characters a truncated text shows as dots. */
const TRUNCATION_DOTS = 5;

/**
 * Spec 000 §9 text truncation: a text longer than `length` (75 by default) is cut to `length` characters whose last
 * five are dots; a shorter one is kept. Characters are counted as code points, so an emoji is never split.
 */
export function truncateText(text: string, length: number = TEXT_TRUNCATION_LENGTH): string {
  const characters = [...text];
  if (characters.length <= length) return text;
  return `${characters.slice(0, Math.max(0, length - TRUNCATION_DOTS)).join('')}${'.'.repeat(Math.min(TRUNCATION_DOTS, length))}`;
}
