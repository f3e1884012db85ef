import { describe, expect, it, vi } from 'vitest';
import { createItemReorder, targetIndex } from './itemReorder.ts';

// Four items of 40 px with 10 px between them: tops 0, 50, 100, 150.
const tops = [0, 50, 100, 150];
const heights = [40, 40, 40, 40];

/** A list of `keys`, each item an element laid out as `tops` and `heights` say. */
function listOf(keys: readonly string[]) {
  const reorder = createItemReorder();
  const onMove = vi.fn<(from: number, to: number) => void>();
  reorder.setList({ keys, onMove });
  keys.forEach((key, index) => {
    const element = document.createElement('div');
    const top = tops[index] ?? 0;
    element.getBoundingClientRect = () => ({ top, height: heights[index] ?? 0 }) as DOMRect;
    reorder.registerItem(key, element);
  });
  return { reorder, onMove };
}

describe('itemReorder', () => {
  it.each([
    { from: 1, offset: 0, to: 1 },
    { from: 1, offset: 49, to: 1 },
    { from: 1, offset: 51, to: 2 },
    { from: 1, offset: 500, to: 3 },
    { from: 1, offset: -51, to: 0 },
    { from: 3, offset: -120, to: 1 },
    { from: 0, offset: -80, to: 0 },
  ])('drops item $from moved by $offset px at $to', ({ from, offset, to }) => {
    expect(targetIndex({ tops, heights, from, offset })).toBe(to);
  });

  it('moves the items a keyboard drag passes by the dragged item’s room, and moves the item on drop', () => {
    const { reorder, onMove } = listOf(['a', 'b', 'c', 'd']);
    reorder.lift({ key: 'b', label: 'Text 2', mode: 'keyboard' });
    reorder.step(1);
    reorder.step(1);
    expect(['a', 'b', 'c', 'd'].map(reorder.shiftOf)).toEqual([0, 100, -50, -50]);
    expect(reorder.announcement()).toBe('Text 2 is at position 4 of 4.');
    reorder.drop();
    expect(onMove).toHaveBeenCalledWith(1, 3);
    expect(reorder.draggedKey()).toBeUndefined();
    expect(reorder.shiftOf('c')).toBe(0);
  });

  it('tells an item of a drag only when its own drag state may have changed', () => {
    const { reorder } = listOf(['a', 'b', 'c', 'd']);
    const told = new Map(['a', 'b', 'c', 'd'].map((key) => [key, 0]));
    for (const key of told.keys()) reorder.subscribeItem(key, () => told.set(key, (told.get(key) ?? 0) + 1));
    const toldAfter = (act: () => void) => {
      for (const key of told.keys()) told.set(key, 0);
      act();
      return [...told.values()];
    };
    expect(toldAfter(() => reorder.lift({ key: 'b', label: 'Text 2', mode: 'keyboard' }))).toEqual([0, 1, 0, 0]);
    // The dragged item, and the items from its old place to its new one.
    expect(toldAfter(() => reorder.step(1))).toEqual([0, 1, 1, 0]);
    expect(toldAfter(() => reorder.step(1))).toEqual([0, 1, 1, 1]);
    expect(toldAfter(() => reorder.step(-1))).toEqual([0, 1, 1, 1]);
    expect(toldAfter(() => reorder.step(1))).toEqual([0, 1, 1, 1]);
    // The drop puts back every item the drag moved aside.
    expect(toldAfter(() => reorder.drop())).toEqual([0, 1, 1, 1]);
  });

  it('puts everything back when a drag is cancelled, or when the list changes under it', () => {
    const { reorder, onMove } = listOf(['a', 'b', 'c', 'd']);
    reorder.lift({ key: 'c', label: 'Text 3', mode: 'keyboard' });
    reorder.step(-1);
    reorder.cancel();
    expect(reorder.announcement()).toBe('Reordering was cancelled. Text 3 is back at position 3.');
    reorder.lift({ key: 'c', label: 'Text 3', mode: 'keyboard' });
    reorder.setList({ keys: ['a', 'c', 'd'], onMove });
    expect(reorder.draggedKey()).toBeUndefined();
    reorder.drop();
    expect(onMove).not.toHaveBeenCalled();
  });
});
