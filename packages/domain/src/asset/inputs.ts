import { z } from 'zod';

/**
 * Input types of a stencil (spec 000 §3, 002 §3). Widget variants that share a value shape are a `view.style`
 * of one type (a checkbox's switch style, an asset reference shown as tags), not a type of their own.
 */
export const INPUT_TYPES = [
  'text',
  'rich-text',
  'number',
  'checkbox',
  'select',
  'date-time',
  'asset',
  'child-ref',
  'service',
  'image',
  'mime:image',
  'geodata',
  'table',
  'results-table',
  'container',
  'ordered-container',
  'one-of-container',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Spec 000 §9: date kinds of a date-time input. */
export const DATE_KINDS = ['DATETIME', 'DATE', 'DATE_OR_DATETIME'] as const;
export type DateKind = (typeof DATE_KINDS)[number];

export const optionSchema = z.strictObject({ value: z.string(), label: z.string() });
export type InputOption = z.infer<typeof optionSchema>;

export const inputViewSchema = z.strictObject({
  label: z.string(),
  placeholder: z.string().optional(),
  hint: z.string().optional(),
  hintAdditional: z.string().optional(),
  /** A heading that groups neighbouring inputs of an area. */
  group: z.string().optional(),
  /**
   * The widget variant: 'switch' and 'anchor' for checkboxes, 'tags' for asset references, 'rail'/'stack' for
   * containers, 'url' for a text input that holds an external address (checked as one, see `isExternalUrlInput`)...
   */
  style: z.string().optional(),
  readonly: z.boolean().optional(),
  hidable: z.boolean().optional(),
});
export type InputView = z.infer<typeof inputViewSchema>;

export interface InputConstraints {
  required?: boolean | undefined;
  min?: number | undefined;
  max?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  /** A regular expression the whole value must match. */
  pattern?: string | undefined;
  options?: InputOption[] | undefined;
  /** Stencil names an asset reference may point to. */
  stencils?: string[] | undefined;
  /** Media or embed provider ids a service or image input accepts. */
  providers?: string[] | undefined;
  /** Hero layouts offered besides 'default' (spec 000 §9). */
  heroLayouts?: string[] | undefined;
  dateKind?: DateKind | undefined;
  /** Children of a container: a value is an object with these names. */
  properties?: InputDefinition[] | undefined;
  /** Children of an ordered container: a value is a list, one item per child, in this order. */
  orderedProperties?: InputDefinition[] | undefined;
  /** Choices of a one-of container: a value is `{ type, value }` with `type` one of these names. */
  oneOfProperties?: InputDefinition[] | undefined;
}

export interface InputDefinition {
  name: string;
  type: InputType;
  multiple?: boolean | undefined;
  constraints?: InputConstraints | undefined;
  view: InputView;
  default?: unknown;
}

const INPUT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const inputDefinitionSchema: z.ZodType<InputDefinition> = z.lazy(() =>
  z.strictObject({
    name: z.string().regex(INPUT_NAME, 'input names are lower-case words joined by hyphens'),
    type: z.enum(INPUT_TYPES),
    multiple: z.boolean().optional(),
    constraints: inputConstraintsSchema.optional(),
    view: inputViewSchema,
    default: z.unknown().optional(),
  }),
);

const inputConstraintsSchema: z.ZodType<InputConstraints> = z.lazy(() =>
  z.strictObject({
    required: z.boolean().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    minLength: z.number().int().nonnegative().optional(),
    maxLength: z.number().int().positive().optional(),
    pattern: z
      .string()
      .refine((pattern) => {
        try {
          RegExp(pattern);
          return true;
        } catch {
          return false;
        }
      }, 'pattern is not a valid regular expression')
      .optional(),
    options: z.array(optionSchema).min(1).optional(),
    stencils: z.array(z.string()).min(1).optional(),
    providers: z.array(z.string()).min(1).optional(),
    heroLayouts: z.array(z.string()).optional(),
    dateKind: z.enum(DATE_KINDS).optional(),
    properties: z.array(inputDefinitionSchema).min(1).optional(),
    orderedProperties: z.array(inputDefinitionSchema).min(1).optional(),
    oneOfProperties: z.array(inputDefinitionSchema).min(1).optional(),
  }),
);

/** The children of a container input, whichever kind of container it is. */
export function childInputs(input: InputDefinition): InputDefinition[] {
  const c = input.constraints;
  return c?.properties ?? c?.orderedProperties ?? c?.oneOfProperties ?? [];
}

export function isContainer(input: Pick<InputDefinition, 'type'>): boolean {
  return input.type === 'container' || input.type === 'ordered-container' || input.type === 'one-of-container';
}

/** The view style that marks a text input holding an external address. */
export const URL_INPUT_STYLE = 'url';

/** Spec 000 §5: whether an input's value is an external URL, which the external URL check applies to. */
export function isExternalUrlInput(input: Pick<InputDefinition, 'type' | 'view'>): boolean {
  return input.type === 'text' && input.view.style === URL_INPUT_STYLE;
}
