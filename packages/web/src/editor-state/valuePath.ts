import { isRecord } from '@editor/domain';

/** Where a value lives inside an asset's content: input names, child names and list indexes. */
export type ValuePath = readonly (string | number)[];

/** The value at `path`, or undefined when any step is missing. */
export function getIn(root: unknown, path: ValuePath): unknown {
  let current: unknown = root;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
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
  if (path.length === 0) return value as T;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof step === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    while (list.length < step) list.push(undefined);
    list[step] = setIn(list[step], rest, value);
    return list as T;
  }
  const record: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const next = setIn(record[step], rest, value);
  if (next === undefined && rest.length === 0) delete record[step];
  else record[step] = next;
  return record as T;
}

/** The path as the dotted string validation errors use (`story-content.3.text`). */
export function pathKey(path: ValuePath): string {
  return path.join('.');
}
