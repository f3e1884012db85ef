import type { InputDefinition } from '@editor/domain';

/**
 * The input of one item of a multiple input: the same input holding a single value, labelled with its position.
 * What belongs to the list stays with the list: required, the item counts minLength and maxLength (which on a
 * single text would count characters), the default and the hint.
 */
export function itemInputOf(input: InputDefinition, index: number): InputDefinition {
  const { required: _required, minLength: _minLength, maxLength: _maxLength, ...constraints } = input.constraints ?? {};
  const { hint: _hint, hintAdditional: _hintAdditional, ...view } = input.view;
  return {
    name: input.name,
    type: input.type,
    multiple: false,
    constraints,
    view: { ...view, label: `${input.view.label} ${index + 1}` },
  };
}
