import { describe, expect, it } from 'vitest';
import { indexedErrorPath, indexOfStep, itemStep, placeItems } from './itemSteps.ts';
import { getIn, indexedPath, pathKey, setIn } from './valuePath.ts';

describe('item steps', () => {
  it('read as the index their item has now', () => {
    placeItems(['steps-a', 'steps-b', 'steps-c']);
    expect(indexOfStep(itemStep('steps-c'))).toBe(2);
    placeItems(['steps-c', 'steps-a', 'steps-b'], ['steps-a', 'steps-b', 'steps-c']);
    expect(indexOfStep(itemStep('steps-c'))).toBe(0);
    expect(indexOfStep(itemStep('steps-b'))).toBe(2);
  });

  it('forget a removed item, so its step matches nothing', () => {
    placeItems(['gone-a', 'gone-b']);
    placeItems(['gone-b'], ['gone-a', 'gone-b']);
    expect(indexOfStep(itemStep('gone-a'))).toBeUndefined();
    expect(indexOfStep(itemStep('gone-b'))).toBe(0);
  });

  it('leave numbers and names as they are', () => {
    expect(indexOfStep(3)).toBe(3);
    expect(indexOfStep('title')).toBeUndefined();
    expect(indexOfStep(undefined)).toBeUndefined();
  });

  it('turn an error path into the indexed one validation writes', () => {
    placeItems(['errors-a', 'errors-b']);
    placeItems(['inner-a', 'inner-b', 'inner-c']);
    expect(indexedErrorPath(`story-content.${itemStep('errors-b')}.accordion.sections.${itemStep('inner-c')}.text`)).toBe(
      'story-content.1.accordion.sections.2.text',
    );
    expect(indexedErrorPath('story-content.4.text')).toBe('story-content.4.text');
    expect(indexedErrorPath(`story-content.${itemStep('never-placed')}`)).toBe(`story-content.${itemStep('never-placed')}`);
  });
});

describe('value paths with item steps', () => {
  const story = { 'story-content': [{ value: 'first' }, { value: 'second' }, { value: 'third' }] };

  it('read the value of the item where it is now', () => {
    placeItems(['read-a', 'read-b', 'read-c']);
    const path = ['story-content', itemStep('read-b'), 'value'];
    expect(getIn(story, path)).toBe('second');
    placeItems(['read-b', 'read-c'], ['read-a', 'read-b', 'read-c']);
    expect(getIn({ 'story-content': [{ value: 'second' }, { value: 'third' }] }, path)).toBe('second');
    expect(pathKey(path)).toBe('story-content.0.value');
    expect(indexedPath(path)).toEqual(['story-content', 0, 'value']);
  });

  it('write into the item where it is now, and nowhere once it is gone', () => {
    placeItems(['write-a', 'write-b', 'write-c']);
    placeItems(['write-a', 'write-c'], ['write-a', 'write-b', 'write-c']);
    const after = { 'story-content': [{ value: 'first' }, { value: 'third' }] };
    expect(setIn(after, ['story-content', itemStep('write-c'), 'value'], 'changed')).toEqual({ 'story-content': [{ value: 'first' }, { value: 'changed' }] });
    expect(setIn(after, ['story-content', itemStep('write-b'), 'value'], 'lost')).toBe(after);
    expect(getIn(after, ['story-content', itemStep('write-b'), 'value'])).toBeUndefined();
  });

  it('keep a path without item steps as it is', () => {
    const path = ['story-content', 1, 'value'];
    expect(indexedPath(path)).toBe(path);
  });
});
