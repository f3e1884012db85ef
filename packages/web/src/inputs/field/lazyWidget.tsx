import { Suspense, use, type ComponentType } from 'react';
import { Skeleton } from '@mantine/core';
import type { WidgetProps } from './widgetProps.ts';

/** About one labelled input: the field's place while its widget loads. */
const LOADING_HEIGHT = 60;

/**
 * A widget whose code and libraries load when a field first shows it, not with the editor (docs/decisions.md, "Page
 * weight: lazy input widgets"). Until then a skeleton holds the field's place; once loaded, the widget renders at
 * once. `preload` loads it ahead, for tests that look at it right after the first render.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>) {
  let loaded: { Widget: ComponentType<WidgetProps> } | undefined;
  let loading: Promise<{ Widget: ComponentType<WidgetProps> }> | undefined;
  const preload = () => (loading ??= load().then((Widget) => (loaded = { Widget })));
  const useLoaded = () => loaded ?? use(preload());

  function LoadedWidget(props: WidgetProps) {
    const { Widget } = useLoaded();
    return <Widget {...props} />;
  }

  return Object.assign(
    (props: WidgetProps) => (
      <Suspense fallback={<Skeleton height={LOADING_HEIGHT} radius="sm" aria-label={`Loading ${props.input.view.label ?? props.input.name}`} />}>
        <LoadedWidget {...props} />
      </Suspense>
    ),
    { preload },
  );
}
