/**
 * Spec 002 §5 "List ordering": episode or season references sort by number, otherwise by title. It orders the lists
 * the editor builds itself, the child references (a show's seasons, a season's or podcast's episodes, an event's
 * details pages); lists an editor orders by dragging keep that order.
 */

/** The number inputs of episode and season assets, the most significant first. */
const NUMBER_INPUTS: Readonly<Record<string, readonly string[]>> = {
  season: ['season-number'],
  episode: ['episode-number'],
  // A podcast's episodes may run over several seasons.
  'podcast-episode': ['season-number', 'episode-number'],
};

export interface SortableReference {
  stencil: string;
  /** Unknown while loading, and for a referenced asset that does not exist. */
  title?: string | undefined;
  /** The episode or season number(s), from `numbersOf`; unknown while loading or when not set. */
  numbers?: readonly number[] | undefined;
}

/** Whether references to this stencil sort by number. */
export function isNumberedStencil(stencil: string): boolean {
  return Object.hasOwn(NUMBER_INPUTS, stencil);
}

/** The names of the inputs that number assets of this stencil (none for other stencils). */
export function numberInputsOf(stencil: string): readonly string[] {
  return NUMBER_INPUTS[stencil] ?? [];
}

/**
 * The sort key of an episode or season from its content: its numbers, most significant first. An episode without a
 * season number counts as season 0; one without its own (last) number has no key.
 */
export function numbersOf(stencil: string, content: Readonly<Record<string, unknown>>): number[] | undefined {
  const names = numberInputsOf(stencil);
  if (names.length === 0) return undefined;
  const values = names.map((name) => content[name]);
  const last = values.at(-1);
  if (typeof last !== 'number' || !Number.isFinite(last)) return undefined;
  return values.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Titles compare as people read them (2 before 10, case ignored); a missing title goes last. */
function compareTitles(a: string | undefined, b: string | undefined): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  return collator.compare(a, b);
}

function compareNumbers(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Spec 002 §5 list ordering. A list of episodes or seasons only sorts by number (unnumbered ones last, by title);
 * any other list sorts by title. Equal keys keep their order.
 */
export function sortReferences<T extends SortableReference>(references: readonly T[]): T[] {
  const byNumber = references.length > 0 && references.every((reference) => isNumberedStencil(reference.stencil));
  return references.toSorted((a, b) => (byNumber ? compareNumbers(a.numbers, b.numbers) || compareTitles(a.title, b.title) : compareTitles(a.title, b.title)));
}
