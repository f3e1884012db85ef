import type { StencilSummary } from '@editor/domain';

export interface StencilGroupEntry {
  group: StencilSummary['group'];
  stencils: StencilSummary[];
}

/**
 * The create modal's list: the stencils whose label contains the search text (case-insensitive), grouped by
 * their group in the order the server answered (spec 000 §9 group order).
 */
export function groupStencils(stencils: readonly StencilSummary[], searchText: string): StencilGroupEntry[] {
  const needle = searchText.trim().toLowerCase();
  const groups: StencilGroupEntry[] = [];
  for (const stencil of stencils) {
    if (needle !== '' && !stencil.label.toLowerCase().includes(needle)) continue;
    const entry = groups.find((candidate) => candidate.group === stencil.group);
    if (entry) entry.stencils.push(stencil);
    else groups.push({ group: stencil.group, stencils: [stencil] });
  }
  return groups;
}
