import { describe, expect, it } from 'vitest';
import type { InputDefinition } from './inputs.ts';
import { internalLinkStencilsOf, isInternalLinkTarget, schemaAttributesOf, schemaAttributesResponseSchema } from './schemaAttributes.ts';
import type { StencilDefinition } from './stencil.ts';

const input = (name: string, type: InputDefinition['type'], label: string): InputDefinition => ({ name, type, view: { label } });

const stencil = (name: string, inputs: InputDefinition[]): StencilDefinition => ({
  name,
  label: name.toUpperCase(),
  icon: 'tag',
  group: 'Editorial',
  previewable: true,
  creatable: true,
  titleInput: 'title',
  contentAreas: [{ name: 'content', label: 'Content', inputs: inputs.map((each) => each.name) }],
  inputs,
});

const story = stencil('story', [input('title', 'text', 'Title'), input('uri-title', 'text', 'URI title'), input('teaser', 'text', 'Teaser')]);
const tag = stencil('tag', [input('title', 'text', 'Title')]);

describe('schema attributes (spec 002 §7)', () => {
  it.each([
    ['a stencil with a page (a URI title)', story, true],
    ['a stencil without one', tag, false],
  ])('takes %s as an internal link target: %s', (_name, definition, expected) => {
    expect(isInternalLinkTarget(definition)).toBe(expected);
  });

  it('lists the link targets in the given order with their top-level inputs, in the answer schema', () => {
    const answer = schemaAttributesOf([tag, story]);
    expect(schemaAttributesResponseSchema.parse(answer)).toEqual({
      data: [
        {
          stencil: 'story',
          label: 'STORY',
          attributes: [
            { name: 'title', type: 'text', label: 'Title' },
            { name: 'uri-title', type: 'text', label: 'URI title' },
            { name: 'teaser', type: 'text', label: 'Teaser' },
          ],
        },
      ],
    });
    expect(internalLinkStencilsOf(answer)).toEqual(['story']);
  });
});
