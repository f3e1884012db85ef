import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { liveMergeOf } from './liveMerge.ts';

const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
  { name: 'kicker', type: 'text', view: { label: 'Kicker' } },
];
const base = { title: 'Ice', teaser: 'Cold', kicker: 'Winter' };

describe('loading a newer version into an editor with changes', () => {
  it.each([
    { case: 'they changed a field nobody here touched', mine: base, changedHere: [], theirs: { ...base, title: 'Ice at night' }, theirsOnly: ['title'], both: [] },
    { case: 'each changed another field', mine: { ...base, teaser: 'Colder' }, changedHere: ['teaser'], theirs: { ...base, title: 'Ice at night' }, theirsOnly: ['title'], both: [] },
    { case: 'both changed the same field differently', mine: { ...base, title: 'Mine' }, changedHere: ['title'], theirs: { ...base, title: 'Theirs' }, theirsOnly: [], both: ['title'] },
    { case: 'both changed the same field alike', mine: { ...base, title: 'Same' }, changedHere: ['title'], theirs: { ...base, title: 'Same' }, theirsOnly: [], both: [] },
    { case: 'they changed nothing of the content', mine: { ...base, kicker: 'Spring' }, changedHere: ['kicker'], theirs: base, theirsOnly: [], both: [] },
  ])('$case', ({ mine, changedHere, theirs, theirsOnly, both }) => {
    const merge = liveMergeOf({ inputs, base, mine, theirs, changedHere: new Set(changedHere) });
    expect(merge.theirsOnly).toEqual(theirsOnly);
    expect(merge.both.map((difference) => difference.input)).toEqual(both);
  });
});
