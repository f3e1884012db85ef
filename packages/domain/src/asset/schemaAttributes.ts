import { z } from 'zod';
import type { StencilDefinition } from './stencil.ts';

/** The input every stencil with a page of its own on the website has: its URI title. */
export const PAGE_INPUT = 'uri-title';

/** One attribute (top-level input) of a stencil, as the schema attributes call lists it. */
export const schemaAttributeSchema = z.strictObject({ name: z.string(), type: z.string(), label: z.string() });

/** One stencil an internal link may point to, with its attributes. */
export const schemaAttributesEntrySchema = z.strictObject({
  stencil: z.string(),
  label: z.string(),
  attributes: z.array(schemaAttributeSchema),
});

/** Spec 002 §7 `GET /api/crepo/schemas/attributes`: the schema attributes used to find allowed internal link stencils. */
export const schemaAttributesResponseSchema = z.strictObject({ data: z.array(schemaAttributesEntrySchema) });
export type SchemaAttributesResponse = z.infer<typeof schemaAttributesResponseSchema>;

/** Whether an internal link may point to assets of this stencil: only assets with a page (a URI title) can be linked to. */
export function isInternalLinkTarget(stencil: StencilDefinition): boolean {
  return stencil.inputs.some((input) => input.name === PAGE_INPUT);
}

/** Spec 002 §7 schema attributes: the internal link target stencils, in the given order, with their top-level inputs. */
export function schemaAttributesOf(stencils: readonly StencilDefinition[]): SchemaAttributesResponse {
  return {
    data: stencils.filter(isInternalLinkTarget).map((stencil) => ({
      stencil: stencil.name,
      label: stencil.label,
      attributes: stencil.inputs.map((input) => ({ name: input.name, type: input.type, label: input.view.label })),
    })),
  };
}

/** The stencils an internal link may point to, read from a schema attributes answer. */
export function internalLinkStencilsOf(response: SchemaAttributesResponse): string[] {
  return response.data.map((entry) => entry.stencil);
}
