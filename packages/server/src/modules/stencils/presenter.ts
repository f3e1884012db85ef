import type { StencilDefinition, StencilSummary } from '@editor/domain';

export const STENCILS_PATH = '/api/v1/stencils';
/** Spec 002 §7 schema attributes call. */
export const SCHEMA_ATTRIBUTES_PATH = '/api/crepo/schemas/attributes';

/** One entry of the create-content modal's stencil list; the full definition is at `STENCILS_PATH/{name}`. */
export function presentStencilSummary(stencil: StencilDefinition): StencilSummary {
  return { name: stencil.name, label: stencil.label, icon: stencil.icon, group: stencil.group, previewable: stencil.previewable };
}
