import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { InputDefinition } from '@editor/domain';
import { useFieldValue, useIsReadonly, useSetFieldValue, useTouchField, useVisibleErrors } from '../../editor-state/fieldHooks.ts';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { useCanEditInput } from './FieldRulesContext.tsx';
import { InputWidget } from '../registry.tsx';
import { FieldAdornmentRow, useFieldAdornments } from './FieldAdornments.tsx';

interface FieldProps {
  input: InputDefinition;
  path: ValuePath;
  errorPath: string;
  /** A container that is itself disabled disables its children. */
  disabled?: boolean;
}

/** A function that keeps its identity and calls the `handler` of the latest render. */
function useLatestHandler<A extends unknown[]>(handler: (...args: A) => void): (...args: A) => void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** Connects one input's widget to the open asset: its value, its visible errors, touch and the role rules. */
export const Field = memo(function Field({ input, path, errorPath, disabled = false }: FieldProps) {
  const value = useFieldValue(path);
  // An item that moves in its list gets a new path: the widget's handlers keep their identity (its memoised parts
  // pass the move by) and write to where the item is now.
  const onChange = useLatestHandler(useSetFieldValue(path));
  const onBlur = useLatestHandler(useTouchField(errorPath));
  const errors = useVisibleErrors(errorPath);
  const isReadonly = useIsReadonly();
  const canEdit = useCanEditInput();
  const topLevelName = typeof path[0] === 'string' ? path[0] : input.name;
  const isDisabled = disabled || isReadonly || input.view.readonly === true || !canEdit(topLevelName);
  return (
    <InputWidget input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={isDisabled} errors={errors} path={path} errorPath={errorPath} />
  );
});

interface ChildFieldProps {
  input: InputDefinition;
  /** The child's step below its parent: a child's name, or an index in an ordered container or a list. */
  step: string | number;
  /** The parent's path and error path. */
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
}

/** A field one step below its parent, at `path.step`; keeps the child's path stable for `Field`'s memo. */
export const ChildField = memo(function ChildField({ input, step, path, errorPath, disabled }: ChildFieldProps) {
  const childPath = useMemo(() => [...path, step], [path, step]);
  return <Field input={input} path={childPath} errorPath={`${errorPath}.${step}`} disabled={disabled} />;
});

/** The attribute that names the top-level input around an element (live presence reads which field has the focus). */
export const FIELD_NAME_ATTRIBUTE = 'data-field';

/** The top-level field of an input: its path is its name. */
export function TopLevelField({ input }: { input: InputDefinition }) {
  const path = useMemo(() => [input.name], [input.name]);
  const adornments = useFieldAdornments();
  const field = <Field input={input} path={path} errorPath={input.name} />;
  if (adornments.length === 0) return field;
  return (
    <div {...{ [FIELD_NAME_ATTRIBUTE]: input.name }}>
      <FieldAdornmentRow input={input} adornments={adornments} />
      {field}
    </div>
  );
}
