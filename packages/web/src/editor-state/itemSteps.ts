/**
 * Path steps that name a list item by its key rather than its index. A widget inside an item of a long list (a
 * story's 1,000 elements) is given a path such as `['story-content', '@item-12', 'value']` and an error path such
 * as `story-content.@item-12.text`: they keep their identity when items before it are added, removed or moved,
 * so the widget and everything below it pass such an edit by. The step is read as the item's index at the moment
 * a value is read or written, or an error looked up; what the store holds (values, validation errors) stays
 * indexed as the domain knows it.
 *
 * Item keys are unique in the page (`itemKeys.ts`), so one table serves every list. The list widget that owns the
 * keys places them (`placeItems`) before the store sees a list in their new order and whenever its keys change.
 */

const ITEM_STEP_PREFIX = '@';

/** Item step → index, keyed by the step itself: reading a path (every field at every change) allocates nothing. */
const indexOfItemStep = new Map<string, number>();
const stepOfKey = new Map<string, string>();
/**
 * Indexed error paths as last read, valid while no item has moved: every field of a story reads its own at each
 * change of the store (a keystroke), and most changes move nothing.
 */
const indexedErrorPaths = new Map<string, string>();
/** Error paths cut at their dots once: after a move, every field of a story indexes its path again. */
const errorPathSegments = new Map<string, readonly string[]>();

/** The path step of the item with `key`. */
export function itemStep(key: string): string {
  let step = stepOfKey.get(key);
  if (step === undefined) {
    step = `${ITEM_STEP_PREFIX}${key}`;
    stepOfKey.set(key, step);
  }
  return step;
}

/** Whether a path step names an item by its key. */
export function isItemStep(step: string | number): step is string {
  return typeof step === 'string' && step.startsWith(ITEM_STEP_PREFIX);
}

/**
 * Records where the items of a list are now: `keys[index]` is at `index`. Keys of `previousKeys` that are no longer
 * in the list are forgotten, so a late write to a removed item goes nowhere rather than into its successor.
 */
export function placeItems(keys: readonly string[], previousKeys: readonly string[] = []): void {
  let hasMoved = false;
  if (previousKeys.length > 0) {
    const kept = new Set(keys);
    for (const key of previousKeys) if (!kept.has(key)) hasMoved = indexOfItemStep.delete(itemStep(key)) || hasMoved;
  }
  keys.forEach((key, index) => {
    const step = itemStep(key);
    if (indexOfItemStep.get(step) === index) return;
    indexOfItemStep.set(step, index);
    hasMoved = true;
  });
  if (hasMoved) indexedErrorPaths.clear();
}

/** The index a step stands for now: a number as it is, an item step by its key; undefined for a removed item or a name. */
export function indexOfStep(step: string | number | undefined): number | undefined {
  if (typeof step === 'number') return step;
  return step === undefined ? undefined : indexOfItemStep.get(step);
}

/**
 * The error path as validation writes it (`story-content.37.text`): each item step replaced by its index. An item
 * step of a removed item stays as it is, and so matches no error.
 */
export function indexedErrorPath(errorPath: string): string {
  if (!errorPath.includes(ITEM_STEP_PREFIX)) return errorPath;
  let indexed = indexedErrorPaths.get(errorPath);
  if (indexed === undefined) {
    let segments = errorPathSegments.get(errorPath);
    if (segments === undefined) {
      segments = errorPath.split('.');
      errorPathSegments.set(errorPath, segments);
    }
    indexed = segments.map((segment) => String(indexOfItemStep.get(segment) ?? segment)).join('.');
    indexedErrorPaths.set(errorPath, indexed);
  }
  return indexed;
}
