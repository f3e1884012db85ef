import { isRecord } from '../isRecord.ts';
import type { InputDefinition } from './inputs.ts';

export interface VisitedValue {
  input: InputDefinition;
  /** One value of the input: an item, when the input is multiple. */
  value: unknown;
  /** The top-level input the value lies in. */
  topInput: string;
}


function visit(input: InputDefinition, value: unknown, topInput: string, visitor: (visited: VisitedValue) => void): void {
  if (value === undefined || value === null) return;
  if (input.multiple && Array.isArray(value)) {
    for (const item of value) visit({ ...input, multiple: false }, item, topInput, visitor);
    return;
  }
  visitor({ input, value, topInput });
  const c = input.constraints;
  if (input.type === 'container' && c?.properties && isRecord(value)) {
    for (const child of c.properties) visit(child, value[child.name], topInput, visitor);
  } else if (input.type === 'ordered-container' && c?.orderedProperties && Array.isArray(value)) {
    c.orderedProperties.forEach((child, index) => visit(child, value[index], topInput, visitor));
  } else if (input.type === 'one-of-container' && c?.oneOfProperties && isRecord(value)) {
    const choice = c.oneOfProperties.find((child) => child.name === value.type);
    if (choice) visit(choice, value.value, topInput, visitor);
  }
}

/**
 * Walks every value of a content map along the stencil's input definitions, into containers, ordered containers and
 * one-of containers, calling `visitor` for each value (the containers' own values included).
 */
export function walkValues(inputs: readonly InputDefinition[], values: Readonly<Record<string, unknown>>, visitor: (visited: VisitedValue) => void): void {
  for (const input of inputs) visit(input, values[input.name], input.name, visitor);
}
