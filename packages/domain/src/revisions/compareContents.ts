import type { InputDefinition } from '../asset/inputs.ts';
import { jsonEquals } from './jsonPatch.ts';
import { diffSequences } from './sequenceDiff.ts';

/** Content as a revision holds it: input name to its value and the input's own meta. */
export type RevisionContent = Readonly<Record<string, { value?: unknown; _meta?: Record<string, unknown> | undefined }>>;

export interface WordChange {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export interface ElementChange {
  op: 'same' | 'added' | 'removed' | 'moved';
  /** The element's position in the older content (absent for an added one). */
  before?: number | undefined;
  /** Its position in the newer content (absent for a removed one). */
  after?: number | undefined;
  /** The element's kind in a story (`text`, `image`...), when it has one. */
  type?: string | undefined;
  value: unknown;
}

/** How one input differs between two revisions. */
export type FieldComparison =
  | { input: string; label: string; kind: 'words'; changes: WordChange[] }
  | { input: string; label: string; kind: 'elements'; changes: ElementChange[] }
  | { input: string; label: string; kind: 'value'; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The words and spaces of a text, tags of rich text dropped and its entities of spaces read as spaces. */
function wordsOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const text = value
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, ' ')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? [] : text.split(' ');
}

/** Words added and removed, neighbouring words of one kind joined. */
export function compareWords(before: unknown, after: unknown): WordChange[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  const changes: WordChange[] = [];
  for (const step of diffSequences(a, b)) {
    const text = step.op === 'added' ? b[step.after] : step.op === 'removed' ? a[step.before] : a[step.before];
    const last = changes.at(-1);
    if (last && last.op === step.op) last.text = `${last.text} ${text ?? ''}`;
    else changes.push({ op: step.op, text: text ?? '' });
  }
  return changes;
}

const keyOf = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (isRecord(item) ? Object.fromEntries(Object.entries(item).toSorted(([x], [y]) => (x < y ? -1 : 1))) : item));
const typeOf = (value: unknown) => (isRecord(value) && typeof value.type === 'string' ? value.type : undefined);

/**
 * Elements of a list (story content, a container's items) added, removed and moved. An element in both whose place
 * among the kept ones changed is moved; one edited counts as removed in its old form and added in its new one.
 */
export function compareElements(before: unknown, after: unknown): ElementChange[] {
  const a = Array.isArray(before) ? before : [];
  const b = Array.isArray(after) ? after : [];
  const aKeys = a.map(keyOf);
  const bKeys = b.map(keyOf);
  const steps = diffSequences(aKeys, bKeys);
  // An element removed in one place and added in another is a move; pair them by their content.
  const removedAt = new Map<string, number[]>();
  for (const step of steps) if (step.op === 'removed') removedAt.set(aKeys[step.before] as string, [...(removedAt.get(aKeys[step.before] as string) ?? []), step.before]);
  const movedFrom = new Map<number, number>();
  for (const step of steps) {
    if (step.op !== 'added') continue;
    const from = removedAt.get(bKeys[step.after] as string)?.shift();
    if (from !== undefined) movedFrom.set(step.after, from);
  }
  const movedAway = new Set(movedFrom.values());
  const changes: ElementChange[] = [];
  for (const step of steps) {
    if (step.op === 'same') changes.push({ op: 'same', before: step.before, after: step.after, type: typeOf(b[step.after]), value: b[step.after] });
    else if (step.op === 'removed') {
      if (!movedAway.has(step.before)) changes.push({ op: 'removed', before: step.before, type: typeOf(a[step.before]), value: a[step.before] });
    } else {
      const from = movedFrom.get(step.after);
      changes.push({ op: from === undefined ? 'added' : 'moved', before: from, after: step.after, type: typeOf(b[step.after]), value: b[step.after] });
    }
  }
  return changes;
}

const WORD_TYPES: ReadonlySet<string> = new Set(['text', 'rich-text']);
const LIST_TYPES: ReadonlySet<string> = new Set(['container', 'ordered-container', 'one-of-container']);

/**
 * Issue 41 revisions: how two revisions of a version differ, input by input, in the stencil's order (inputs the
 * stencil no longer has come last). Texts and rich text by words, story content and lists of containers by
 * elements, everything else (media, references, selects...) as before and after. Unchanged inputs are left out.
 */
export function compareContents(input: { inputs: readonly InputDefinition[]; before: RevisionContent; after: RevisionContent }): FieldComparison[] {
  const { before, after } = input;
  const known = new Set(input.inputs.map((definition) => definition.name));
  const names = [...input.inputs.map((definition) => definition.name), ...[...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => !known.has(name)).toSorted()];
  const comparisons: FieldComparison[] = [];
  for (const name of names) {
    const old = before[name]?.value;
    const now = after[name]?.value;
    if (jsonEquals(old ?? null, now ?? null)) continue;
    const definition = input.inputs.find((candidate) => candidate.name === name);
    const label = definition?.view.label ?? name;
    if (definition && WORD_TYPES.has(definition.type) && !definition.multiple && (typeof old === 'string' || old === undefined) && (typeof now === 'string' || now === undefined)) {
      comparisons.push({ input: name, label, kind: 'words', changes: compareWords(old, now) });
    } else if (definition && (Array.isArray(old) || Array.isArray(now)) && (LIST_TYPES.has(definition.type) || definition.multiple)) {
      comparisons.push({ input: name, label, kind: 'elements', changes: compareElements(old, now) });
    } else {
      comparisons.push({ input: name, label, kind: 'value', before: old ?? null, after: now ?? null });
    }
  }
  return comparisons;
}

/**
 * The paths a change touched, from its patch: the input's name, with the element's index when one element of a
 * list changed (`story-content[12]`). Meta-only changes name the input too.
 */
export function changedPathsOf(operations: ReadonlyArray<{ path: string }>): string[] {
  const paths = new Set<string>();
  for (const { path } of operations) {
    const [input, field, index] = path.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    if (input === undefined || input === '') continue;
    paths.add(field === 'value' && index !== undefined && /^\d+$/.test(index) ? `${input}[${index}]` : input);
  }
  return [...paths];
}
