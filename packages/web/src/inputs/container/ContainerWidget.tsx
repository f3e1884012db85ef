import { memo, useMemo, type FocusEvent } from 'react';
import type { InputDefinition } from '@editor/domain';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { ContainerListWidget } from '../container-items/ContainerListWidget.tsx';
import { StableFieldFrame } from '../container-items/StableFieldFrame.tsx';
import { isFocusLeaving } from '../container-items/useItemList.ts';
import { Field } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';

interface ChildFieldProps {
  child: InputDefinition;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
}

/** One child of a container, at `path.childName`; keeps the child's path stable for `Field`'s memo. */
const ChildField = memo(function ChildField({ child, path, errorPath, disabled }: ChildFieldProps) {
  const childPath = useMemo(() => [...path, child.name], [path, child.name]);
  return <Field input={child} path={childPath} errorPath={`${errorPath}.${child.name}`} disabled={disabled} />;
});

/**
 * A container (spec 002 §3): its value is an object of its children's values, each child rendered by its own
 * widget. A multiple container is a sortable list of such objects.
 */
export function ContainerWidget(props: WidgetProps) {
  return props.input.multiple ? <ContainerListWidget {...props} /> : <ContainerFields {...props} />;
}

function ContainerFields({ input, errors, path, errorPath, disabled, onBlur }: WidgetProps) {
  const children = useMemo(
    () => (input.constraints?.properties ?? []).map((child) => <ChildField key={child.name} child={child} path={path} errorPath={errorPath} disabled={disabled} />),
    [input, path, errorPath, disabled],
  );
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (isFocusLeaving(event)) onBlur();
  };
  return (
    <div onBlur={handleBlur}>
      <StableFieldFrame input={input} errors={errors}>
        {children}
      </StableFieldFrame>
    </div>
  );
}
