/**
 * JSON patches (RFC 6902, the `add`, `remove` and `replace` operations) between two JSON values: how a revision is
 * stored between two full snapshots (docs/revisions.md).
 */

export type JsonPatchOperation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 6901: `~` and `/` escaped in a pointer's segment. */
const escapeSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapeSegment = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** Whether two JSON values are equal (key order of objects ignored). */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEquals(item, b[index]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEquals(a[key], b[key]));
  }
  return false;
}

function diffArrays(path: string, before: readonly unknown[], after: readonly unknown[], out: JsonPatchOperation[]): void {
  // Unchanged ends are skipped; of the middle, the items at the same position are diffed in place, the surplus of the
  // longer side removed or added. One edited element is one small operation; an insertion shifts nothing but itself.
  let start = 0;
  while (start < before.length && start < after.length && jsonEquals(before[start], after[start])) start++;
  let beforeEnd = before.length;
  let afterEnd = after.length;
  while (beforeEnd > start && afterEnd > start && jsonEquals(before[beforeEnd - 1], after[afterEnd - 1])) {
    beforeEnd--;
    afterEnd--;
  }
  const common = Math.min(beforeEnd - start, afterEnd - start);
  for (let offset = 0; offset < common; offset++) diffInto(`${path}/${start + offset}`, before[start + offset], after[start + offset], out);
  for (let index = beforeEnd - 1; index >= start + common; index--) out.push({ op: 'remove', path: `${path}/${index}` });
  for (let index = start + common; index < afterEnd; index++) out.push({ op: 'add', path: `${path}/${index}`, value: after[index] });
}

// Objects and lists are walked, not compared first: each value is looked at once, whatever its depth.
function diffInto(path: string, before: unknown, after: unknown, out: JsonPatchOperation[]): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(path, before, after, out);
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) if (!(key in after)) out.push({ op: 'remove', path: `${path}/${escapeSegment(key)}` });
    for (const [key, value] of Object.entries(after)) {
      const child = `${path}/${escapeSegment(key)}`;
      if (key in before) diffInto(child, before[key], value, out);
      else out.push({ op: 'add', path: child, value });
    }
    return;
  }
  out.push({ op: 'replace', path, value: after });
}

/** The operations that turn `before` into `after`; empty when they are equal. */
export function diffJson(before: unknown, after: unknown): JsonPatchOperation[] {
  const out: JsonPatchOperation[] = [];
  diffInto('', before, after, out);
  return out;
}

const clone = <T>(value: T): T => structuredClone(value);

/** Applies a patch to a copy of `document` and returns it; a path that does not resolve throws. */
export function applyPatch(document: unknown, operations: readonly JsonPatchOperation[]): unknown {
  return applyPatchInPlace(clone(document), structuredClone(operations));
}

/**
 * Applies a patch to `document` itself, taking the operations' values as they are (a rebuild's freshly parsed patch
 * needs no copies), and returns the result: the same document, or a new one when the patch replaces the whole.
 */
export function applyPatchInPlace(document: unknown, operations: readonly JsonPatchOperation[]): unknown {
  let root = document;
  for (const operation of operations) {
    if (operation.path === '') {
      if (operation.op === 'remove') throw new Error('A patch cannot remove the whole document.');
      root = operation.value;
      continue;
    }
    const segments = operation.path.slice(1).split('/').map(unescapeSegment);
    const last = segments.pop() as string;
    let parent: unknown = root;
    for (const segment of segments) {
      parent = Array.isArray(parent) ? parent[Number(segment)] : isObject(parent) ? parent[segment] : undefined;
      if (parent === undefined) throw new Error(`The patch path ${operation.path} does not resolve.`);
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length) throw new Error(`The patch path ${operation.path} does not resolve.`);
      if (operation.op === 'add') parent.splice(index, 0, operation.value);
      else if (operation.op === 'remove') parent.splice(index, 1);
      else parent[index] = operation.value;
    } else if (isObject(parent)) {
      if (operation.op === 'remove') delete parent[last];
      else parent[last] = operation.value;
    } else {
      throw new Error(`The patch path ${operation.path} does not resolve.`);
    }
  }
  return root;
}
