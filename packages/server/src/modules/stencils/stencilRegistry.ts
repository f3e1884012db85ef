import { STENCIL_GROUPS, type StencilDefinition, type StencilGroup } from '@editor/domain';

/** The stencils of this installation, loaded once at start. */
export interface StencilRegistry {
  get(name: string): StencilDefinition | undefined;
  /** Every stencil, in the group order of spec 000 §9, then by label. */
  all(): readonly StencilDefinition[];
  /** The stencils of one group, by label. */
  byGroup(group: StencilGroup): readonly StencilDefinition[];
}

function compareStencils(a: StencilDefinition, b: StencilDefinition): number {
  return STENCIL_GROUPS.indexOf(a.group) - STENCIL_GROUPS.indexOf(b.group) || a.label.localeCompare(b.label, 'en');
}

export function createStencilRegistry(definitions: readonly StencilDefinition[]): StencilRegistry {
  const sorted = definitions.toSorted(compareStencils);
  const byName = new Map(sorted.map((stencil) => [stencil.name, stencil]));
  const groups = new Map(STENCIL_GROUPS.map((group) => [group, sorted.filter((stencil) => stencil.group === group)]));
  return {
    get: (name) => byName.get(name),
    all: () => sorted,
    byGroup: (group) => groups.get(group) ?? [],
  };
}
