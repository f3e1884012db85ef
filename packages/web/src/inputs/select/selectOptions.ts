import type { InputDefinition } from '@editor/domain';

/** Spec 002 §9: a select offers a search filter from 5 options on. */
export const SELECT_SEARCH_THRESHOLD = 5;

export function isSearchable(optionCount: number): boolean {
  return optionCount >= SELECT_SEARCH_THRESHOLD;
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The options of a select input. A stored value the stencil no longer offers is kept as an option of its own, so
 * the editor sees it (validation reports it) instead of an empty field.
 */
export function selectOptions(input: InputDefinition, selected: readonly string[]): SelectOption[] {
  const options = input.constraints?.options ?? [];
  const unknown = selected.filter((value) => !options.some((option) => option.value === value));
  return unknown.length === 0 ? options : [...options, ...unknown.map((value) => ({ value, label: value }))];
}

/** Spec 002 §5: an empty selection is stored as undefined. */
export function toSelection(values: readonly string[]): string[] | undefined {
  return values.length === 0 ? undefined : [...values];
}
