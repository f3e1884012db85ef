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

/** Spec 002 §9: how many leading segments of a change's path name its group, by the path's first segment. */
const groupDepthOf = (firstSegment: string | undefined): number => (firstSegment === STORY_CONTENT ? 5 : 3);

/**
 * Spec 002 §9 change-path grouping: a change counts once per its first 3 path segments, or 5 for paths that begin
 * with a story-content segment. The result is the unsaved-changes count's set.
 */
export function groupChanges(paths: readonly string[]): string[] {
  const groups = new Set<string>();
  for (const path of paths) {
    const segments = path.split('.');
    groups.add(segments.slice(0, groupDepthOf(segments[0])).join('.'));
  }
  return [...groups];
}

/** Whether `current` differs from `original` anywhere, by the rules of `changedPaths`; it stops at the first difference. */
function differs(original: unknown, current: unknown): boolean {
  if (original === current) return false;
  if (Array.isArray(original) && Array.isArray(current)) {
    const length = Math.max(original.length, current.length);
    for (let index = 0; index < length; index++) if (differs(original[index], current[index])) return true;
    return false;
  }
  if (isRecord(original) && isRecord(current)) {
    for (const key of Object.keys(original)) if (differs(original[key], current[key])) return true;
    for (const key of Object.keys(current)) if (!(key in original) && differs(undefined, current[key])) return true;
    return false;
  }
  return !sameLeaf(original, current);
}

/**
 * The change groups at which `current` differs from `original`, each under `prefix` (`_meta` for the metas): what
 * `groupChanges(changedPaths(…))` gives, without listing every changed leaf inside a group. An element removed from
 * the middle of a long story shifts every element after it, and each of those differs from its old place in all of
 * its leaves.
 */
export function changedGroups(original: unknown, current: unknown, prefix?: string): string[] {
  const groups: string[] = [];
  if (original !== current) collectChangedGroups(original, current, prefix === undefined ? ROOT : stepInto(ROOT, prefix), groups);
  return groups;
}

/** Where a walk is: its dotted path, how many segments it has, and the group depth its first segment gives. */
interface Place {
  path: string;
  depth: number;
  groupDepth: number;
}

/** The top of a walk: no path yet. */
const ROOT: Place = { path: '', depth: 0, groupDepth: 0 };

/** One step further down from `place`. */
const stepInto = (place: Place, step: string): Place =>
  place.depth === 0 ? { path: step, depth: 1, groupDepth: groupDepthOf(step) } : { path: `${place.path}.${step}`, depth: place.depth + 1, groupDepth: place.groupDepth };

/**
 * Walks both values down to the group depth; a branch that kept its identity is passed by before its path is built.
 * An element removed from a long story walks each element after it: no arrays or sets are made on the way.
 */
function collectChangedGroups(original: unknown, current: unknown, place: Place, groups: string[]): void {
  if (place.depth > 0 && place.depth >= place.groupDepth) {
    if (differs(original, current)) groups.push(place.path);
    return;
  }
  if (Array.isArray(original) && Array.isArray(current)) {
    const length = Math.max(original.length, current.length);
    for (let index = 0; index < length; index++) {
      if (original[index] !== current[index]) collectChangedGroups(original[index], current[index], stepInto(place, String(index)), groups);
    }
    return;
  }
  if (isRecord(original) && isRecord(current)) {
    for (const key of Object.keys(original)) {
      if (original[key] !== current[key]) collectChangedGroups(original[key], current[key], stepInto(place, key), groups);
    }
    for (const key of Object.keys(current)) {
      if (!Object.hasOwn(original, key) && original[key] !== current[key]) collectChangedGroups(original[key], current[key], stepInto(place, key), groups);
    }
    return;
  }
  if (!sameLeaf(original, current)) groups.push(place.path);
}
