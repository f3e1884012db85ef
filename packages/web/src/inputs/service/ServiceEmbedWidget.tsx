import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { useEditor } from '../../editor-state/EditorStoreContext.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { ServiceEmbedInput } from './ServiceEmbedInput.tsx';

/** A service embed field bound to the open asset: its space and locale and the installation's feature flags feed the input. */
export function ServiceEmbedWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const { features } = useAppConfig();
  const space = useEditor((state) => state.about?.spaces[0] ?? '');
  const locale = useEditor((state) => state.about?.localization ?? 'en');
  return <ServiceEmbedInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} features={features} context={{ space, locale }} />;
}
