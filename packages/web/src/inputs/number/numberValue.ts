import type { InputDefinition } from '@editor/domain';
import type { DraftCodec } from '../text/useTypedDraft.ts';

/** Spec 002 §5 "Multiline number keeps only integers": a multiline or multiple number input holds whole numbers. */
export function isIntegersOnly(input: Pick<InputDefinition, 'multiple' | 'view'>): boolean {
  return input.multiple === true || input.view.style === 'multiline';
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Spec 002 §5 "Number input converts to a number, empty becomes undefined": the number a typed text stands for;
 * nothing for an empty or half-typed text ('-', '1e'), and nothing for a fraction where only integers are kept.
 */
export function toNumberValue(raw: string | number, options: { integersOnly: boolean }): number | undefined {
  const text = typeof raw === 'number' ? undefined : raw.trim();
  if (text !== undefined && !NUMERIC.test(text)) return undefined;
  const number = typeof raw === 'number' ? raw : Number(text);
  if (!Number.isFinite(number)) return undefined;
  if (options.integersOnly && !Number.isInteger(number)) return undefined;
  return number;
}

export const singleNumberCodec: DraftCodec<string | number, number> = {
  toDraft: (value) => value ?? '',
  fromDraft: (draft) => toNumberValue(draft, { integersOnly: false }),
};

export const integerCodec: DraftCodec<string | number, number> = {
  toDraft: (value) => value ?? '',
  fromDraft: (draft) => toNumberValue(draft, { integersOnly: true }),
};
