import { z } from 'zod';
import { STENCIL_GROUPS, type StencilDefinition } from '@editor/domain';

export const STENCILS_PATH = '/api/v1/stencils';

/** One entry of the create-content modal's stencil list; the full definition is at `STENCILS_PATH/{name}`. */
export const stencilSummarySchema = z.strictObject({
  name: z.string(),
  label: z.string(),
  icon: z.string(),
  group: z.enum(STENCIL_GROUPS),
  previewable: z.boolean(),
});
export type StencilSummary = z.infer<typeof stencilSummarySchema>;

export function presentStencilSummary(stencil: StencilDefinition): StencilSummary {
  return { name: stencil.name, label: stencil.label, icon: stencil.icon, group: stencil.group, previewable: stencil.previewable };
}
