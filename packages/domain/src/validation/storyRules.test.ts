import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '../asset/inputs.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';
import { validateContent } from './validateInput.ts';
import { storyRuleErrors } from './storyRules.ts';

const text = (name: string, required = false): InputDefinition => ({ name, type: 'text', constraints: { required }, view: { label: name } });
const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    oneOfProperties: [
      { name: 'text', type: 'rich-text', constraints: { required: true }, view: { label: 'Text' } },
      {
        name: 'quote',
        type: 'ordered-container',
        constraints: { orderedProperties: [text('quote-text', true), text('quote-author'), { name: 'quote-author-link', type: 'asset', view: { label: 'Link' } }] },
        view: { label: 'Quote' },
      },
      { name: 'cta-anchor', type: 'container', constraints: { properties: [text('cta-label', true), text('cta-anchor-target', true)] }, view: { label: 'CTA' } },
    ],
  },
  view: { label: 'Story' },
};

const paragraph = (meta?: Record<string, unknown>) => ({ type: 'text', value: '<p>Text</p>', ...(meta ? { _meta: meta } : {}) });
const cta = (label: string | undefined, target?: string) => ({ type: 'cta-anchor', value: { ...(label ? { 'cta-label': label } : {}), ...(target ? { 'cta-anchor-target': target } : {}) } });
const quote = (author?: string, link?: unknown) => ({ type: 'quote', value: ['Words', author, link] });
const anchored = (anchorKey: string, urlFragment: string) => paragraph({ anchorKey, urlFragment });

describe('story rules (spec 002 §4, §5)', () => {
  it.each<[string, unknown[], Array<[string, string]>]>([
    ['a quote with an author name only', [quote('Ann')], []],
    ['a quote with a linked author only', [quote(undefined, { id: 'a', stencil: 'author' })], []],
    ['a quote with both', [quote('Ann', { id: 'a', stencil: 'author' })], [['story-content.0.quote.1', M.quoteAuthorExclusive]]],
    ['an anchor on its paragraph', [anchored('k1', 'rules'), cta('Rules', 'k1')], []],
    ['a call to action without an anchor yet', [paragraph(), cta('Rules')], []],
    ['an anchor without a button label', [anchored('k1', 'rules'), cta(undefined, 'k1')], [['story-content.1.cta-anchor.cta-anchor-target', M.anchorNeedsButtonLabel]]],
    ['an anchor whose paragraph is gone', [paragraph(), cta('Rules', 'k1')], [['story-content.1.cta-anchor.cta-anchor-target', M.anchorParagraphMissing]]],
    [
      'two calls to action on one anchor',
      [anchored('k1', 'rules'), cta('Rules', 'k1'), cta('Again', 'k1')],
      [['story-content.2.cta-anchor.cta-anchor-target', M.anchorTaken]],
    ],
    ['one anchor on two paragraphs', [anchored('k1', 'rules'), anchored('k1', 'rules'), cta('Rules', 'k1')], [['story-content.1.text', M.anchorOnTwoParagraphs]]],
    ['two paragraphs with one fragment', [anchored('k1', 'rules'), anchored('k2', 'rules'), cta('Rules', 'k1'), cta('Rules', 'k2')], [['story-content.1.text', M.anchorOnTwoParagraphs]]],
  ])('%s', (_name, items, expected) => {
    expect(storyRuleErrors(storyContent, items, 'story-content').map((error) => [error.path, error.message])).toEqual(expected);
  });

  it('looks only at multiple one-of containers', () => {
    expect(storyRuleErrors(text('title'), [quote('Ann', { id: 'a', stencil: 'author' })], 'title')).toEqual([]);
    expect(storyRuleErrors(storyContent, 'not a list', 'story-content')).toEqual([]);
  });

  it('is part of the content validation the server and the editor share', () => {
    const errors = validateContent({ inputs: [storyContent] }, { 'story-content': [quote('Ann', { id: 'a', stencil: 'author' })] });
    expect(errors).toContainEqual({ path: 'story-content.0.quote.1', message: M.quoteAuthorExclusive });
  });
});
