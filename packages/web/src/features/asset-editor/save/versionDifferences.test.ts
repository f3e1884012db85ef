import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { describeValue } from '../../../ui/describeValue.ts';
import { versionDifferences } from './versionDifferences.ts';

const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
  { name: 'body', type: 'rich-text', view: { label: 'Body' } },
];

describe('versionDifferences', () => {
  it('lists the inputs that differ, in stencil order, with both values', () => {
    expect(versionDifferences(inputs, { title: 'Mine', teaser: 'Same', body: '<p>Old <b>text</b></p>' }, { title: 'Theirs', teaser: 'Same', body: '<p>New</p>' })).toEqual([
      { input: 'title', label: 'Title', mine: 'Mine', theirs: 'Theirs' },
      { input: 'body', label: 'Body', mine: 'Old text', theirs: 'New' },
    ]);
  });

  it('finds nothing when the versions hold the same values', () => {
    expect(versionDifferences(inputs, { title: 'A' }, { title: 'A', teaser: '' })).toEqual([]);
  });
});

describe('describeValue', () => {
  it.each([
    [undefined, '(empty)'],
    ['<p>Hello&nbsp;world</p>', 'Hello world'],
    [[{ id: 'a', stencil: 'tag' }, { id: 'b', stencil: 'tag' }], '2 items: tag a, …'],
    [{ date: '2026-01-01T00:00:00Z', isDateOnly: false, timezone: 'UTC' }, '2026-01-01T00:00:00Z'],
    [true, 'true'],
  ])('summarises %j as %s', (value, text) => {
    expect(describeValue(value)).toBe(text);
  });

  it('cuts long texts', () => {
    expect(describeValue('x'.repeat(500))).toHaveLength(120);
  });
});
