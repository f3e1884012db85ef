import { describe, expect, it } from 'vitest';
import { assetTextOf, suggestionTypeOf } from './suggestionText.ts';

describe('assetTextOf (spec 001 §7 tag suggestions: the current text of the asset)', () => {
  it('joins title, teaser and the prose of the body as plain text', () => {
    const values = {
      title: 'Cliff diving in Mostar',
      teaser: 'Divers jump from the <b>old bridge</b>.',
      'story-content': [
        { type: 'text', value: '<p>The Neretva is cold &amp; fast.</p>' },
        { type: 'embedded-content', value: { id: 'x', stencil: 'video' } },
        { type: 'list', value: ['<p>One</p>', '<p>Two</p>'] },
        { type: 'quote', value: { 'quote-text': 'Not read' } },
      ],
    };
    expect(assetTextOf(values)).toBe('Cliff diving in Mostar\n\nDivers jump from the old bridge.\n\nThe Neretva is cold & fast.\n\nOne\n\nTwo');
  });

  it('is empty for an asset without text', () => {
    expect(assetTextOf({ title: '  ', 'story-content': 'not a list' })).toBe('');
  });
});

describe('suggestionTypeOf', () => {
  it.each([
    [['discipline'], { type: 'disciplines', stencil: 'discipline' }],
    [['discipline', 'tag'], undefined],
    [['event-series'], undefined],
    [undefined, undefined],
  ])('gives %j the type %j', (stencils, expected) => {
    expect(suggestionTypeOf(stencils)).toEqual(expected);
  });
});
