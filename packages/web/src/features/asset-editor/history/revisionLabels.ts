import type { InputDefinition } from '@editor/domain';

/** An input's label by its name, the name itself for one the stencil no longer has. */
export function inputLabelOf(inputs: readonly InputDefinition[], name: string): string {
  return inputs.find((input) => input.name === name)?.view.label ?? name;
}

/**
 * What made a revision, as the history says it: `save` → 'Saved', `ship:de` → 'Shipped from de',
 * `restore:3:title` → 'Restored Title from revision 3'.
 */
export function revisionKindLabel(kind: string, inputs: readonly InputDefinition[]): string {
  const [head = '', first, second] = kind.split(':');
  switch (head) {
    case 'create':
      return 'Created';
    case 'save':
      return 'Saved';
    case 'patch':
      return 'Edited in bulk';
    case 'publish':
      return 'Published';
    case 'unpublish':
      return 'Unpublished';
    case 'schedule-publish':
      return 'Publish scheduled';
    case 'ship':
      return `Shipped from ${first ?? 'another locale'}`;
    case 'ai-translate':
      return `AI translation from ${first ?? 'another locale'}`;
    case 'restore-deleted':
      return 'Restored from the trash';
    case 'restore':
      return second === undefined ? `Restored revision ${first ?? ''}`.trim() : `Restored ${inputLabelOf(inputs, second)} from revision ${first ?? ''}`.trim();
    default:
      return head === '' ? 'Changed' : `${head.charAt(0).toUpperCase()}${head.slice(1)}`;
  }
}

/**
 * The fields a revision changed, by label, in the stencil's order, from its changed paths (`story-content[12]` is one
 * element of Story Content): 'Title', 'Story Content (2 elements)'.
 */
export function changedFieldsOf(paths: readonly string[], inputs: readonly InputDefinition[]): string[] {
  const elementsByInput = new Map<string, Set<string>>();
  for (const path of paths) {
    const name = path.split(/[.[]/)[0] ?? path;
    const element = /^[^.[]+\[(\d+)\]/.exec(path)?.[1];
    const elements = elementsByInput.get(name) ?? new Set<string>();
    if (element !== undefined) elements.add(element);
    elementsByInput.set(name, elements);
  }
  const order = (name: string) => {
    const index = inputs.findIndex((input) => input.name === name);
    return index === -1 ? inputs.length : index;
  };
  return [...elementsByInput.entries()]
    .toSorted(([a], [b]) => order(a) - order(b))
    .map(([name, elements]) => {
      const label = inputLabelOf(inputs, name);
      if (elements.size === 0) return label;
      return `${label} (${elements.size} ${elements.size === 1 ? 'element' : 'elements'})`;
    });
}
