import { useMemo } from 'react';
import { ContainerFrame } from '../container-items/ContainerFrame.tsx';
import { ContainerListWidget } from '../container-items/ContainerListWidget.tsx';
import { ChildField } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';

/**
 * A container (spec 002 §3): its value is an object of its children's values, each child rendered by its own
 * widget. A multiple container is a sortable list of such objects.
 */
export function ContainerWidget(props: WidgetProps) {
  return props.input.multiple ? <ContainerListWidget {...props} /> : <ContainerFields {...props} />;
}

function ContainerFields({ input, errors, path, errorPath, disabled, onBlur }: WidgetProps) {
  const children = useMemo(
    () => (input.constraints?.properties ?? []).map((child) => <ChildField key={child.name} input={child} step={child.name} path={path} errorPath={errorPath} disabled={disabled} />),
    [input, path, errorPath, disabled],
  );
  return (
    <ContainerFrame input={input} errors={errors} onLeave={onBlur}>
      {children}
    </ContainerFrame>
  );
}
