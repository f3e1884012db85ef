import { useCallback } from 'react';
import { countErrors, type ValidationError } from '@editor/domain';
import { useEditorStoreApi, useScopedEditor } from './EditorStoreContext.tsx';
import { indexedErrorPath } from './itemSteps.ts';
import { FLAGS_SCOPE, scopeOfErrorPath, scopeOfPath } from './scopedSubscriptions.ts';
import { getIn, type ValuePath } from './valuePath.ts';

const SEPARATOR = '\u0000';

function messagesAt(errors: readonly ValidationError[], errorPath: string): string {
  if (errors.length === 0) return '';
  const indexed = indexedErrorPath(errorPath);
  return errors
    .filter((error) => error.path === indexed)
    .map((error) => error.message)
    .join(SEPARATOR);
}

/**
 * The value at `path`; re-renders only when that value (by identity) changes, and reads it only after a change of
 * its scope (its list item, or its input).
 */
export function useFieldValue(path: ValuePath): unknown {
  return useScopedEditor(scopeOfPath(path), (state) => getIn(state.values, path));
}

/** A setter for the value at `path`, stable while the path's steps stay the same (an item step stays while its item moves). */
export function useSetFieldValue(path: ValuePath): (value: unknown) => void {
  const store = useEditorStoreApi();
  const key = JSON.stringify(path);
  // The key carries the path's identity: callers may build the path array on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((value: unknown) => store.getState().setValue(JSON.parse(key) as ValuePath, value), [store, key]);
}

/** Marks the field at `errorPath` as touched (on blur). */
export function useTouchField(errorPath: string): () => void {
  const store = useEditorStoreApi();
  return useCallback(() => store.getState().touch(errorPath), [store, errorPath]);
}

/**
 * The messages to show under the field at `errorPath` (exactly there, not its children's): none until the field is
 * touched, unless the asset has been saved before (spec 002 §5).
 */
export function useVisibleErrors(errorPath: string): readonly string[] {
  const joined = useScopedEditor(scopeOfErrorPath(errorPath), (state) => (state.showAllErrors || state.touched[errorPath] ? messagesAt(state.errors, errorPath) : ''));
  return joined === '' ? NO_MESSAGES : joined.split(SEPARATOR);
}
const NO_MESSAGES: readonly string[] = [];

/** How many errors lie at or below `pathPrefix` ('' counts all); tabs and the action bar roll them up. */
export function useErrorCount(pathPrefix: string): number {
  return useScopedEditor(scopeOfErrorPath(pathPrefix), (state) => countErrors(state.errors, indexedErrorPath(pathPrefix)));
}

/** Whether the open asset is read-only (every input disabled, spec 002 §2). */
export function useIsReadonly(): boolean {
  return useScopedEditor(FLAGS_SCOPE, (state) => state.isReadonly);
}
