import type { ReactNode } from 'react';
import type { AppConfig, InputDefinition } from '@editor/domain';
import { AppConfigProvider } from '../config/AppConfigProvider.tsx';
import { createEditorStore, type ContentValues } from '../editor-state/editorStore.ts';
import { EditorStoreProvider } from '../editor-state/EditorStoreContext.tsx';
import { TopLevelField } from '../inputs/field/Field.tsx';
import { ALL_ALLOWED, FieldRulesContext, type CanEditInput } from '../inputs/field/FieldRulesContext.tsx';
import { buildConfig } from './fixtures.ts';
import { renderUi } from './renderUi.tsx';

interface RenderFieldOptions {
  /** The other inputs of the asset, for rules that look at siblings. */
  siblings?: InputDefinition[];
  isReadonly?: boolean;
  /** Show errors without a touch, as for an asset that has been saved before. */
  showAllErrors?: boolean;
  canEdit?: CanEditInput;
  /** The installation's configuration, where a widget reads it. */
  config?: Partial<AppConfig>;
  /** Wraps the field, e.g. in an API or router provider. */
  wrapper?: (children: ReactNode) => ReactNode;
}

/** Renders one top-level input connected to a real editor store, as the asset editor does; returns the store too. */
export function renderField(input: InputDefinition, values: ContentValues = {}, options: RenderFieldOptions = {}) {
  const store = createEditorStore({
    inputs: [input, ...(options.siblings ?? [])],
    original: { values, metas: {} },
    showAllErrors: options.showAllErrors ?? false,
    isReadonly: options.isReadonly ?? false,
  });
  const field = (
    <AppConfigProvider config={buildConfig(options.config)}>
      <EditorStoreProvider store={store}>
        <FieldRulesContext.Provider value={{ ...ALL_ALLOWED, canEditInput: options.canEdit ?? ALL_ALLOWED.canEditInput }}>
          <TopLevelField input={input} />
        </FieldRulesContext.Provider>
      </EditorStoreProvider>
    </AppConfigProvider>
  );
  const view = renderUi(options.wrapper ? options.wrapper(field) : field);
  return { ...view, store, valueOf: (name = input.name) => store.getState().values[name] };
}
