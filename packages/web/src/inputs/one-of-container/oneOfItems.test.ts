import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { choicesOf, mergedIntoPrevious, styleOf, typeOf } from './oneOfItems.ts';

const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    oneOfProperties: [
      { name: 'text', type: 'rich-text', view: { label: 'Text' } },
      { name: 'list', type: 'rich-text', multiple: true, view: { label: 'List' } },
      { name: 'headline', type: 'text', view: { label: 'Headline' } },
      { name: 'cta-fullscreen-engagement', type: 'text', view: { label: 'Call to action: fullscreen engagement' } },
    ],
  },
  view: { label: 'Story' },
};
const choices = choicesOf(storyContent);

describe('choicesOf', () => {
  it('lists the choices with their labels, in order', () => {
    expect(choices.list).toEqual([
      { name: 'text', label: 'Text' },
      { name: 'list', label: 'List' },
      { name: 'headline', label: 'Headline' },
    ]);
  });

  it('offers the fullscreen engagement only with its feature flag, and knows one already there either way (spec 002 §5)', () => {
    expect(choices.list.map((choice) => choice.name)).not.toContain('cta-fullscreen-engagement');
    expect(choices.byName.has('cta-fullscreen-engagement')).toBe(true);
    expect(choicesOf(storyContent, ['fullscreen-engagement']).list.at(-1)).toEqual({ name: 'cta-fullscreen-engagement', label: 'Call to action: fullscreen engagement' });
  });
});

describe('typeOf', () => {
  it.each([
    [{ type: 'text', value: 'x' }, 'text'],
    [{ value: 'x' }, ''],
    [undefined, ''],
    [null, ''],
  ])('%j has type %j', (item, type) => {
    expect(typeOf(item)).toBe(type);
  });
});

describe('mergedIntoPrevious', () => {
  it('appends a text to the text before it, keeping the previous item’s meta', () => {
    const items = [{ type: 'text', value: '<p>A</p>', _meta: { anchor: 'a' } }, { type: 'text', value: '<p>B</p>' }];
    expect(mergedIntoPrevious(choices, items, 1)).toEqual({ previous: { type: 'text', value: '<p>A</p><p>B</p>', _meta: { anchor: 'a' } } });
  });

  it('moves the merged paragraph’s anchor to the text before it when that one carries none', () => {
    const anchor = { anchorKey: 'k1', urlFragment: 'rules' };
    const items = [{ type: 'text', value: '<p>A</p>' }, { type: 'text', value: '<p>B</p>', _meta: anchor }];
    expect(mergedIntoPrevious(choices, items, 1)).toEqual({ previous: { type: 'text', value: '<p>A</p><p>B</p>', _meta: anchor } });
  });

  it('merges into an empty previous text', () => {
    expect(mergedIntoPrevious(choices, [{ type: 'text' }, { type: 'text', value: '<p>B</p>' }], 1)?.previous.value).toBe('<p>B</p>');
  });

  it.each([
    ['the first item', [{ type: 'text', value: 'A' }], 0],
    ['a text after a headline', [{ type: 'headline', value: 'H' }, { type: 'text', value: 'B' }], 1],
    ['a headline after a text', [{ type: 'text', value: 'A' }, { type: 'headline', value: 'H' }], 1],
    ['a list (multiple rich text)', [{ type: 'text', value: 'A' }, { type: 'list', value: ['B'] }], 1],
  ])('does not merge %s', (_, items, index) => {
    expect(mergedIntoPrevious(choices, items, index)).toBeUndefined();
  });
});

describe('styleOf', () => {
  it('keeps the layout as the style id and its display type (spec 002 §3 ordered container style)', () => {
    expect(styleOf('rail')).toEqual({ id: 'rail', attributes: { displayType: 'rail' } });
  });
});
