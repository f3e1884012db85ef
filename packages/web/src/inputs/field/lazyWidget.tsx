import type { ComponentType } from 'react';
import { Skeleton } from '@mantine/core';
import { lazyComponent } from '../../ui/lazyComponent.tsx';
import type { WidgetProps } from './widgetProps.ts';

/** About one labelled input: the field's place while its widget loads. */
const LOADING_HEIGHT = 60;

function LoadingWidget(props: WidgetProps) {
  return <Skeleton height={LOADING_HEIGHT} radius="sm" aria-label={`Loading ${props.input.view.label ?? props.input.name}`} />;
}

/** A widget whose code and libraries load when a field first shows it, not with the editor; a skeleton holds its place. */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>) {
  return lazyComponent<WidgetProps>(load, LoadingWidget);
}
