import { useMemo } from 'react';
import { useScopedEditor } from '../../editor-state/EditorStoreContext.tsx';
import { indexedErrorPath } from '../../editor-state/itemSteps.ts';
import { scopeOfErrorPath } from '../../editor-state/scopedSubscriptions.ts';
import type { WidgetProps } from '../field/widgetProps.ts';
import { TagReferenceInput } from '../tags/TagReferenceInput.tsx';
import { AssetReferenceInput } from './AssetReferenceInput.tsx';
import { ChildReferencesInput } from './ChildReferencesInput.tsx';

const SEPARATOR = '\u0000';
const NO_ITEM_MESSAGES: ReadonlyMap<number, readonly string[]> = new Map();

/**
 * The visible messages of a list's items (`name.3`), by index: shown like the field's own, after a touch of the
 * field or once the asset was saved (spec 002 §5). Subscribes to one string, so other fields' errors re-render nothing.
 */
function useItemMessages(errorPath: string, isMultiple: boolean): ReadonlyMap<number, readonly string[]> {
  const joined = useScopedEditor(scopeOfErrorPath(errorPath), (state) => {
    // Validation names items by index; the field may sit in a list item named by its key.
    const prefix = `${indexedErrorPath(errorPath)}.`;
    return isMultiple && (state.showAllErrors || state.touched[errorPath])
      ? state.errors
          .filter((error) => error.path.startsWith(prefix) && /^\d+$/.test(error.path.slice(prefix.length)))
          .map((error) => `${error.path.slice(prefix.length)} ${error.message}`)
          .join(SEPARATOR)
      : '';
  });
  return useMemo(() => {
    if (joined === '') return NO_ITEM_MESSAGES;
    const messages = new Map<number, string[]>();
    for (const entry of joined.split(SEPARATOR)) {
      const space = entry.indexOf(' ');
      const index = Number(entry.slice(0, space));
      messages.set(index, [...(messages.get(index) ?? []), entry.slice(space + 1)]);
    }
    return messages;
  }, [joined]);
}

/** An asset reference field (type 'asset'): tags, a grid of cards, or narrow cards by its view style. */
export function AssetReferenceWidget({ input, value, onChange, onBlur, disabled, errors, errorPath }: WidgetProps) {
  const itemMessages = useItemMessages(errorPath, input.multiple === true);
  if (input.view.style === 'tags') {
    return <TagReferenceInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} itemMessages={itemMessages} />;
  }
  return (
    <AssetReferenceInput
      input={input}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      errors={errors}
      itemMessages={itemMessages}
      layout={input.view.style === 'grid' ? 'tile' : 'row'}
    />
  );
}

/** A child reference field (type 'child-ref'): shown, never edited (spec 002 §5). */
export function ChildReferencesWidget({ input, value, errors }: WidgetProps) {
  return <ChildReferencesInput input={input} value={value} errors={errors} />;
}
