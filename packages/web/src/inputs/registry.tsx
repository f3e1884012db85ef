import type { WidgetProps } from './field/widgetProps.ts';
import { ReadonlyValue } from './readonly/ReadonlyValue.tsx';

/**
 * The widget of each input (DESIGN §7: an asset is rendered from its inputs). Containers render their children
 * through `Field` again, so this is the one place that decides which widget an input gets.
 */
export function InputWidget(props: WidgetProps) {
  switch (props.input.type) {
    default:
      return <ReadonlyValue {...props} />;
  }
}
