import { isEmpty, isRecord } from '@editor/domain';

/** Empty values (undefined, '', [], {}) count as the same "nothing", so clearing a field that was absent is no change. */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return isEmpty(a) && isEmpty(b);
}

/**
 * The dotted paths at which `current` differs from `original`. Branches that kept their identity are skipped
 * without looking inside, so a change in one of 300 story elements costs one comparison per sibling.
 */
export function changedPaths(original: unknown, current: unknown, prefix = ''): string[] {
  if (original === current) return [];
  if (Array.isArray(original) && Array.isArray(current)) {
    const paths: string[] = [];
    const length = Math.max(original.length, current.length);
    for (let index = 0; index < length; index++) {
      paths.push(...changedPaths(original[index], current[index], join(prefix, String(index))));
    }
    return paths;
  }
  if (isRecord(original) && isRecord(current)) {
    const paths: string[] = [];
    for (const key of new Set([...Object.keys(original), ...Object.keys(current)])) {
      paths.push(...changedPaths(original[key], current[key], join(prefix, key)));
    }
    return paths;
  }
  return sameLeaf(original, current) ? [] : [prefix];
}

function join(prefix: string, step: string): string {
  return prefix === '' ? step : `${prefix}.${step}`;
}

/** Spec 002 §9: the story content input, whose changes are grouped deeper. */
const STORY_CONTENT = 'story-content';

/**
 * Spec 002 §9 change-path grouping: a change counts once per its first 3 path segments, or 5 for paths that begin
 * with a story-content segment. The result is the unsaved-changes count's set.
 */
export function groupChanges(paths: readonly string[]): string[] {
  const groups = new Set<string>();
  for (const path of paths) {
    const segments = path.split('.');
    const depth = segments[0] === STORY_CONTENT ? 5 : 3;
    groups.add(segments.slice(0, depth).join('.'));
  }
  return [...groups];
}
