import { isRecord } from '@editor/domain';
import { indexOfStep, isItemStep } from './itemSteps.ts';

/** Where a value lives inside an asset's content: input names, child names, list indexes and item steps (`itemSteps.ts`). */
export type ValuePath = readonly (string | number)[];

/** The value at `path`, or undefined when any step is missing. */
export function getIn(root: unknown, path: ValuePath): unknown {
  let current: unknown = root;
  for (const step of path) {
    if (typeof step === 'number' || isItemStep(step)) {
      const index = indexOfStep(step);
      if (!Array.isArray(current) || index === undefined) return undefined;
      current = current[index];
    } else {
      if (!isRecord(current) || !Object.hasOwn(current, step)) return undefined;
      current = current[step];
    }
  }
  return current;
}

/**
 * A copy of `root` with `value` at `path`. Only the objects along the path are copied, so every untouched branch
 * keeps its identity: a widget that selects its own value does not re-render when a sibling changes.
 */
export function setIn<T>(root: T, path: ValuePath, value: unknown): T {
  const indexed = indexedPath(path);
  // A removed item's step: its late write (a debounced field flushing) has nowhere to go.
  if (indexed !== path && indexed.some(isItemStep)) return root;
  return setAt(root, indexed, value);
}

function setAt<T>(root: T, path: ValuePath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof step === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    while (list.length < step) list.push(undefined);
    list[step] = setAt(list[step], rest, value);
    return list as T;
  }
  const record: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const next = setAt(record[step], rest, value);
  if (next === undefined && rest.length === 0) delete record[step];
  else record[step] = next;
  return record as T;
}

/** The path with each item step read as the index its item has now; a removed item's step stays. */
export function indexedPath(path: ValuePath): ValuePath {
  return path.some(isItemStep) ? path.map((step) => indexOfStep(step) ?? step) : path;
}

/** The path as the dotted string validation errors use (`story-content.3.text`). */
export function pathKey(path: ValuePath): string {
  return indexedPath(path).join('.');
}
