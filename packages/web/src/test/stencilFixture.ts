import type { InputDefinition, StencilDefinition } from '@editor/domain';

/** The text inputs most editor tests open: a required Title and a Teaser. */
export const TITLE_AND_TEASER: InputDefinition[] = [
  { name: 'title', type: 'text', constraints: { required: true }, view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
];

/**
 * A story stencil for tests: Title and Teaser on a Content tab unless `inputs` or `contentAreas` say otherwise (by
 * default every input sits on the Content tab).
 */
export function buildStoryStencil(overrides: Partial<StencilDefinition> = {}): StencilDefinition {
  const inputs = overrides.inputs ?? TITLE_AND_TEASER;
  return {
    name: 'story',
    label: 'Story',
    icon: 'article',
    group: 'Editorial',
    previewable: true,
    creatable: true,
    titleInput: 'title',
    contentAreas: [{ name: 'content', label: 'Content', inputs: inputs.map((input) => input.name) }],
    ...overrides,
    inputs,
  };
}
