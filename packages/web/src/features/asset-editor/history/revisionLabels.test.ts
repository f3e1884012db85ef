import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { changedFieldsOf, revisionKindLabel } from './revisionLabels.ts';

const inputs = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
  { name: 'story-content', type: 'story-content', view: { label: 'Story Content' } },
] as unknown as InputDefinition[];

describe('revision kind labels', () => {
  it.each([
    ['create', 'Created'],
    ['save', 'Saved'],
    ['patch', 'Edited in bulk'],
    ['publish', 'Published'],
    ['unpublish', 'Unpublished'],
    ['schedule-publish', 'Publish scheduled'],
    ['ship:de', 'Shipped from de'],
    ['ai-translate:en', 'AI translation from en'],
    ['restore:3', 'Restored revision 3'],
    ['restore:3:title', 'Restored Title from revision 3'],
    ['restore:3:gone', 'Restored gone from revision 3'],
    ['restore-deleted', 'Restored from the trash'],
    ['import', 'Import'],
  ])('says %s as %s', (kind, label) => {
    expect(revisionKindLabel(kind, inputs)).toBe(label);
  });
});

describe('the fields a revision changed', () => {
  it('names inputs by label in the stencil order and counts the elements of a list', () => {
    expect(changedFieldsOf(['story-content[4]', 'title', 'story-content[12]'], inputs)).toEqual(['Title', 'Story Content (2 elements)']);
    expect(changedFieldsOf(['story-content[0]'], inputs)).toEqual(['Story Content (1 element)']);
  });

  it('names an input the stencil no longer has by its name, last', () => {
    expect(changedFieldsOf(['legacy', 'teaser'], inputs)).toEqual(['Teaser', 'legacy']);
  });

  it('says nothing for a revision without content changes (a publish)', () => {
    expect(changedFieldsOf([], inputs)).toEqual([]);
  });
});
