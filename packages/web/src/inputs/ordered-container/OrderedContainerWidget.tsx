import { useCallback, useMemo, type ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { InputDefinition } from '@editor/domain';
import { useTouchField, useVisibleErrors } from '../../editor-state/fieldHooks.ts';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { ContainerFrame } from '../container-items/ContainerFrame.tsx';
import { ContainerListWidget } from '../container-items/ContainerListWidget.tsx';
import { ChildField } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { InputWidget } from '../registry.tsx';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { hasChildRule, QUOTE_AUTHOR, QUOTE_AUTHOR_LINK, withChildChange } from './orderedRules.ts';

interface RuledChildProps {
  child: InputDefinition;
  index: number;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
  value: unknown;
  onChildChange: (index: number, value: unknown) => void;
}

/** A child whose change changes its siblings too: its change goes through the container's rules. */
function RuledChildField({ child, index, path, errorPath, disabled, value, onChildChange }: RuledChildProps) {
  const childPath = useMemo(() => [...path, index], [path, index]);
  const childErrorPath = `${errorPath}.${index}`;
  const errors = useVisibleErrors(childErrorPath);
  const onBlur = useTouchField(childErrorPath);
  const onChange = useCallback((next: unknown) => onChildChange(index, next), [onChildChange, index]);
  return (
    <InputWidget
      input={child}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled || child.view.readonly === true}
      errors={errors}
      path={childPath}
      errorPath={childErrorPath}
    />
  );
}

/**
 * An ordered container (spec 002 §3): its value is a list with one entry per child, in the children's order (a
 * quote is [text, author name, author link]). A multiple ordered container is a sortable list of such lists.
 */
export function OrderedContainerWidget(props: WidgetProps) {
  if (props.input.multiple) return <ContainerListWidget {...props} />;
  return <OrderedFields {...props} />;
}

const NO_VALUES: readonly unknown[] = [];

function OrderedFields({ input, value, onChange, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const children = input.constraints?.orderedProperties ?? [];
  const list = Array.isArray(value) ? (value as readonly unknown[]) : NO_VALUES;
  const { callToActionAddresses } = useAppConfig();
  const handleChildChange = useCallback(
    (index: number, childValue: unknown) => onChange(withChildChange({ input, value: list, index, childValue, addresses: callToActionAddresses })),
    [input, list, onChange, callToActionAddresses],
  );
  const fields = children.map((child, index) =>
    hasChildRule(input, index) ? (
      <RuledChildField key={child.name} child={child} index={index} path={path} errorPath={errorPath} disabled={disabled} value={list[index]} onChildChange={handleChildChange} />
    ) : (
      // A child without rules is connected to the store on its own, at `path.index`.
      <ChildField key={child.name} input={child} step={index} path={path} errorPath={errorPath} disabled={disabled} />
    ),
  );

  return (
    <ContainerFrame input={input} errors={errors} onLeave={onBlur}>
      {withQuoteAuthorRow(children, fields)}
    </ContainerFrame>
  );
}

/**
 * Spec 002 §9 "Narrow quote author container under 360 px": the author name and the linked author sit side by side,
 * one below the other when the container is narrower than that.
 */
function withQuoteAuthorRow(children: readonly InputDefinition[], fields: ReactNode[]): ReactNode[] {
  const authorIndex = children.findIndex((child) => child.name === QUOTE_AUTHOR);
  const linkIndex = children.findIndex((child) => child.name === QUOTE_AUTHOR_LINK);
  if (authorIndex < 0 || linkIndex !== authorIndex + 1) return fields;
  return [
    ...fields.slice(0, authorIndex),
    <SimpleGrid key="quote-author" type="container" cols={{ base: 1, '360px': 2 }} spacing="sm">
      {fields[authorIndex]}
      {fields[linkIndex]}
    </SimpleGrid>,
    ...fields.slice(linkIndex + 1),
  ];
}
