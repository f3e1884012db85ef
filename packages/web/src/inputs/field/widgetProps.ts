import type { InputDefinition } from '@editor/domain';
import type { ValuePath } from '../../editor-state/valuePath.ts';

/**
 * What every pure input receives (STYLE: value in, change out, no store). Its value is whatever the asset holds,
 * which the input reads with its own schema; it emits only values of its own type.
 */
export interface InputProps<V = unknown> {
  input: InputDefinition;
  value: unknown;
  /** Emits the new value; `undefined` clears the field. */
  onChange: (value: V | undefined) => void;
  /** Marks the field touched (spec 002 §4 "Fields are touched after blur"). */
  onBlur: () => void;
  /** The asset is read-only, the input is read-only, or a role rule forbids changing it (spec 002 §5). */
  disabled: boolean;
  /** The validation messages to show at this field's own path. */
  errors: readonly string[];
}

/**
 * What every input widget receives. A widget is the pure half of an input (STYLE: value in, change out); the
 * `Field` around it connects it to the editor store, touch state and validation.
 */
export interface WidgetProps<V = unknown> extends Omit<InputProps<V>, 'value'> {
  value: V | undefined;
  /** Where the value lives; containers hand their children paths below it. */
  path: ValuePath;
  /** The dotted path validation errors use for this field. */
  errorPath: string;
}
