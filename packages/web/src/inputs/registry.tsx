import { isMediaProviderInput } from '@editor/domain';
import { lazyWidget } from './field/lazyWidget.tsx';
import type { WidgetProps } from './field/widgetProps.ts';
import { ReadonlyValue } from './readonly/ReadonlyValue.tsx';
import { SelectWidget } from './select/SelectWidget.tsx';
import { AssetReferenceWidget, ChildReferencesWidget } from './asset-reference/AssetReferenceWidget.tsx';
import { CheckboxWidget } from './checkbox/CheckboxWidget.tsx';
import { DateTimeWidget } from './date-time/DateTimeWidget.tsx';
import { TextWidget } from './text/TextWidget.tsx';
import { ContainerWidget } from './container/ContainerWidget.tsx';
import { OrderedContainerWidget } from './ordered-container/OrderedContainerWidget.tsx';
import { OneOfContainerWidget } from './one-of-container/OneOfContainerWidget.tsx';
import { AnchorTargetWidget } from './one-of-container/AnchorTargetWidget.tsx';
import { ListWidget, isRowList } from './list/ListWidget.tsx';
import { RichTextWidget } from './rich-text/RichTextWidget.tsx';
import { ImageWidget } from './image/ImageWidget.tsx';
import { GeodataWidget } from './geodata/GeodataWidget.tsx';

// Widgets with libraries of their own (CSV parsing, number formatting, the embeds catalogue, media players) that a
// stencil's first view seldom shows: each loads when a field first needs it.
const NumberWidget = lazyWidget(async () => (await import('./number/NumberWidget.tsx')).NumberWidget);
const MediaWidget = lazyWidget(async () => (await import('./media/MediaWidget.tsx')).MediaWidget);
const ServiceEmbedWidget = lazyWidget(async () => (await import('./service/ServiceEmbedWidget.tsx')).ServiceEmbedWidget);
const TableWidget = lazyWidget(async () => (await import('./table/TableWidget.tsx')).TableWidget);
const ResultsTableWidget = lazyWidget(async () => (await import('./results-table/ResultsTableWidget.tsx')).ResultsTableWidget);

/** Loads every lazily loaded widget, for tests that look at one right after the first render. */
export function preloadLazyWidgets(): Promise<unknown> {
  return Promise.all([NumberWidget, MediaWidget, ServiceEmbedWidget, TableWidget, ResultsTableWidget].map((widget) => widget.preload()));
}

/**
 * The widget of each input (DESIGN §7: an asset is rendered from its inputs). Containers render their children
 * through `Field` again, so this is the one place that decides which widget an input gets.
 */
export function InputWidget(props: WidgetProps) {
  // A multiple input whose widget does not list values itself (references, select, service, containers do) gets rows.
  if (isRowList(props.input)) return <ListWidget {...props} />;
  switch (props.input.type) {
    // Reference inputs show their `multiple` lists themselves (cards, tags, a grid).
    case 'asset':
      return <AssetReferenceWidget {...props} />;
    case 'child-ref':
      return <ChildReferencesWidget {...props} />;
    case 'text':
      // A call to action's anchor (spec 002 §4 Anchors) is chosen by selecting a paragraph, not typed.
      return props.input.view.style === 'anchor' ? <AnchorTargetWidget {...props} /> : <TextWidget {...props} />;
    case 'rich-text':
      return <RichTextWidget {...props} />;
    case 'number':
      return <NumberWidget {...props} />;
    case 'select':
      return <SelectWidget {...props} />;
    case 'checkbox':
      return <CheckboxWidget {...props} />;
    case 'date-time':
      return <DateTimeWidget {...props} />;
    case 'container':
      return <ContainerWidget {...props} />;
    case 'ordered-container':
      return <OrderedContainerWidget {...props} />;
    case 'one-of-container':
      return <OneOfContainerWidget {...props} />;
    case 'image':
    case 'mime:image':
      return <ImageWidget {...props} />;
    case 'service':
      // Video and audio come from the media archive (spec 002 §6); every other service is an embed (spec 002 §4).
      return isMediaProviderInput(props.input) && !props.input.multiple ? <MediaWidget {...props} /> : <ServiceEmbedWidget {...props} />;
    case 'table':
      return <TableWidget {...props} />;
    case 'results-table':
      return <ResultsTableWidget {...props} />;
    case 'geodata':
      return <GeodataWidget {...props} />;
    default:
      return <ReadonlyValue {...props} />;
  }
}
