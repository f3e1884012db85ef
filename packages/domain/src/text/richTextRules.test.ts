import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '../asset/inputs.ts';
import { richTextRulesOf } from './richTextRules.ts';

const input = (name: string, multiple = false): InputDefinition => ({ name, type: 'rich-text', multiple, view: { label: name } });

describe('richTextRulesOf', () => {
  it.each([
    ['the text element of story content has H2 and H3', input('text'), ['story-content', 3, 'value'], 'story-content.3.text', [2, 3], false],
    ['a top-level text has no headings', input('teaser'), ['teaser'], 'teaser', [], false],
    ['a text inside a story-content container has no headings', input('info-block-text'), ['story-content', 2, 'value', 'info-block-text'], 'story-content.2.info-block.info-block-text', [], false],
    ['a row of a multiple text is one paragraph without headings', input('list', true), ['story-content', 1, 'value', 0], 'story-content.1.list.0', [], true],
    ['a row is one paragraph even when handed a single input', input('fact-content-text'), ['facts', 0, 'fact-content-text', 2], 'facts.0.fact-content-text.2', [], true],
    ['a multiple text at the story text path is still one paragraph', input('text', true), ['story-content', 3, 'value'], 'story-content.3.text', [], true],
  ])('%s', (_name, definition, path, errorPath, headingLevels, isSingleParagraph) => {
    expect(richTextRulesOf(definition, { path, errorPath })).toEqual({ headingLevels, isSingleParagraph });
  });
});
