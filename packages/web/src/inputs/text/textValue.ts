import { VALIDATION_MESSAGES, type InputDefinition } from '@editor/domain';
import type { DraftCodec } from './useTypedDraft.ts';

const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

/** Spec 002 §5 Text: newlines are replaced by spaces. */
export function toSingleLine(text: string): string {
  return text.replace(LINE_BREAK, ' ');
}

export function hasLineBreak(text: string): boolean {
  return text.search(LINE_BREAK) !== -1;
}

/**
 * Spec 002 §5 Text: the stored form of a typed text — one line, composed (NFC) characters, no surrounding spaces;
 * empty becomes undefined.
 */
export function normalizeText(text: string): string | undefined {
  const normalized = toSingleLine(text).normalize('NFC').trim();
  return normalized === '' ? undefined : normalized;
}

export const textCodec: DraftCodec<string, string> = {
  toDraft: (value) => value ?? '',
  fromDraft: normalizeText,
};

/** Spec 002 §5 Text: '{n} left', or 'remove {n}' once the text is longer than the maximum. */
export function characterCounter(length: number, maxLength: number): { text: string; isOver: boolean } {
  const left = maxLength - length;
  return left >= 0
    ? { text: VALIDATION_MESSAGES.charactersLeft(left), isOver: false }
    : { text: VALIDATION_MESSAGES.charactersToRemove(-left), isOver: true };
}

/** Spec 002 §5 required mark: a required text input shows it in its placeholder ('Title *', or '*' alone). */
export function placeholderOf(input: InputDefinition): string | undefined {
  const placeholder = input.view.placeholder;
  if (input.constraints?.required !== true) return placeholder;
  return placeholder ? `${placeholder} *` : '*';
}
