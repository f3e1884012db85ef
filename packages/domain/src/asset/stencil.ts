import { z } from 'zod';
import { inputDefinitionSchema, type InputDefinition } from './inputs.ts';

/** Spec 000 §9: stencil groups, in this order. */
export const STENCIL_GROUPS = [
  'Experimental',
  'Editorial',
  'Images',
  'Moving images',
  'Audio',
  'Events & Projects',
  'Persons & Groups',
  'Collections',
  'Taxonomy',
  'Misc',
] as const;
export type StencilGroup = (typeof STENCIL_GROUPS)[number];

const areaInputsSchema = z.array(z.string()).min(1);

/** A content area becomes a tab of the editor; its sub-areas become sections of that tab (spec 002 §2). */
export const contentAreaSchema = z.strictObject({
  name: z.string(),
  label: z.string(),
  inputs: areaInputsSchema.optional(),
  subAreas: z.array(z.strictObject({ name: z.string(), label: z.string(), hint: z.string().optional(), inputs: areaInputsSchema })).optional(),
});
export type ContentArea = z.infer<typeof contentAreaSchema>;

export const stencilDefinitionSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/),
    label: z.string(),
    /** A Tabler icon name (https://tabler.io/icons), e.g. 'article'. */
    icon: z.string(),
    group: z.enum(STENCIL_GROUPS),
    /** Spaces this stencil may be created in; absent means every space. */
    spaces: z.array(z.string()).min(1).optional(),
    /** Locales this stencil exists in; absent means every locale (spec 000 §6 "stencil locale limit"). */
    locales: z.array(z.string()).min(1).optional(),
    previewable: z.boolean(),
    featureCardPreview: z.boolean().optional(),
    /** A feature flag that must be on for the stencil to be offered (spec 001 §5: onsite-promotion). */
    featureFlag: z.string().optional(),
    /** Taxonomy and support stencils are referenced by others but not offered in the create modal. */
    creatable: z.boolean().default(true),
    /** The input whose value is the asset's title in lists. */
    titleInput: z.string(),
    contentAreas: z.array(contentAreaSchema).min(1),
    inputs: z.array(inputDefinitionSchema).min(1),
  })
  .superRefine((stencil, ctx) => {
    const names = new Set<string>();
    stencil.inputs.forEach((input, index) => {
      if (names.has(input.name)) ctx.addIssue({ code: 'custom', path: ['inputs', index, 'name'], message: `duplicate input "${input.name}"` });
      names.add(input.name);
    });
    if (!names.has(stencil.titleInput)) ctx.addIssue({ code: 'custom', path: ['titleInput'], message: `no input named "${stencil.titleInput}"` });
    const placed = new Map<string, string>();
    stencil.contentAreas.forEach((area, areaIndex) => {
      const lists = [area.inputs ?? [], ...(area.subAreas ?? []).map((sub) => sub.inputs)];
      if (!area.inputs && !area.subAreas) ctx.addIssue({ code: 'custom', path: ['contentAreas', areaIndex], message: 'an area needs inputs or subAreas' });
      for (const name of lists.flat()) {
        if (!names.has(name)) ctx.addIssue({ code: 'custom', path: ['contentAreas', areaIndex], message: `no input named "${name}"` });
        if (placed.has(name)) ctx.addIssue({ code: 'custom', path: ['contentAreas', areaIndex], message: `input "${name}" is already in area "${placed.get(name)}"` });
        placed.set(name, area.name);
      }
    });
    for (const name of names) {
      if (!placed.has(name)) ctx.addIssue({ code: 'custom', path: ['contentAreas'], message: `input "${name}" is in no content area` });
    }
  });
export type StencilDefinition = z.infer<typeof stencilDefinitionSchema>;

export function findInput(stencil: Pick<StencilDefinition, 'inputs'>, name: string): InputDefinition | undefined {
  return stencil.inputs.find((input) => input.name === name);
}

/**
 * One entry of `GET /api/v1/stencils?space=&localization=`: a stencil the user may create there, for the
 * create-content modal's list (spec 001 §2.4), in the group order of spec 000 §9.
 */
export const stencilSummarySchema = z.strictObject({
  name: z.string(),
  label: z.string(),
  icon: z.string(),
  group: z.enum(STENCIL_GROUPS),
  previewable: z.boolean(),
});
export type StencilSummary = z.infer<typeof stencilSummarySchema>;

/** The answer of `GET /api/v1/stencils?space=&localization=`. */
export const stencilSummaryListSchema = z.array(stencilSummarySchema);
