import { describe, expect, it } from 'vitest';
import type { InputDefinition } from './inputs.ts';
import { walkValues } from './walkValues.ts';

const view = { label: 'x' };
const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view },
  {
    name: 'story-content',
    type: 'one-of-container',
    multiple: true,
    view,
    constraints: {
      oneOfProperties: [
        { name: 'text', type: 'rich-text', view },
        { name: 'quote', type: 'ordered-container', view, constraints: { orderedProperties: [{ name: 'quote-text', type: 'text', view }, { name: 'author-name', type: 'text', view }, { name: 'author-link', type: 'asset', view }] } },
      ],
    },
  },
  { name: 'facts', type: 'container', multiple: true, view, constraints: { properties: [{ name: 'fact-title', type: 'text', view }] } },
];

describe('walkValues', () => {
  it('visits every value along the definitions, naming the top-level input', () => {
    const seen: Array<[string, string, unknown]> = [];
    walkValues(
      inputs,
      {
        title: 'Cliff diving',
        'story-content': [
          { type: 'text', value: '<p>Hello</p>' },
          { type: 'quote', value: ['Jump!', 'Rhiannan', { id: 'a1', stencil: 'athlete' }] },
          { type: 'nonsense', value: 'skipped' },
        ],
        facts: [{ 'fact-title': 'Height' }],
      },
      ({ input, value, topInput }) => {
        if (input.type !== 'one-of-container' && input.type !== 'ordered-container' && input.type !== 'container') seen.push([topInput, input.name, value]);
      },
    );
    expect(seen).toEqual([
      ['title', 'title', 'Cliff diving'],
      ['story-content', 'text', '<p>Hello</p>'],
      ['story-content', 'quote-text', 'Jump!'],
      ['story-content', 'author-name', 'Rhiannan'],
      ['story-content', 'author-link', { id: 'a1', stencil: 'athlete' }],
      ['facts', 'fact-title', 'Height'],
    ]);
  });
});
