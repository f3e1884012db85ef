import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { insertItem, keepItems, moveItem, removeItem, replaceItem, useItemKeys } from './itemKeys.ts';

function renderKeys(list: readonly unknown[]) {
  let items = list;
  const view = renderHook((props: { items: readonly unknown[] }) => useItemKeys(props.items), { initialProps: { items } });
  return {
    result: view.result,
    rerender: (props: { items: readonly unknown[] }) => {
      items = props.items;
      view.rerender(props);
    },
    /** The rendered list with its keys, as an edit sees it. */
    keyed: () => ({ list: items, keys: view.result.current.keys }),
  };
}

describe('useItemKeys', () => {
  it('gives each item a distinct key', () => {
    const { result } = renderKeys(['a', 'b', 'c']);
    expect(new Set(result.current.keys).size).toBe(3);
  });

  it('keeps the keys when an item’s value changes (a new list of the same length)', () => {
    const { result, rerender } = renderKeys(['a', 'b']);
    const before = result.current.keys;
    rerender({ items: ['a', 'B'] });
    expect(result.current.keys).toBe(before);
  });

  it('moves the keys with the items of a list it emitted', () => {
    const { result, rerender, keyed } = renderKeys(['a', 'b', 'c']);
    const [a, b, c] = result.current.keys;
    rerender({ items: moveItem(keyed(), 0, 2) });
    expect(result.current.keys).toEqual([b, c, a]);
    rerender({ items: removeItem(keyed(), 1) });
    expect(result.current.keys).toEqual([b, a]);
    rerender({ items: insertItem(keyed(), 1, 'new') });
    expect(result.current.keys[0]).toBe(b);
    expect(result.current.keys[2]).toBe(a);
    expect([a, b, c]).not.toContain(result.current.keys[1]);
  });

  it('keeps the kept items’ keys and a replaced item’s key', () => {
    const { result, rerender, keyed } = renderKeys(['a', '', 'c']);
    const [a, , c] = result.current.keys;
    rerender({ items: keepItems(keyed(), (item) => item !== '') });
    expect(result.current.keys).toEqual([a, c]);
    rerender({ items: replaceItem(keyed(), 1, 'C') });
    expect(result.current.keys).toEqual([a, c]);
  });

  it('keeps the first keys when a list from elsewhere is longer or shorter', () => {
    const { result, rerender } = renderKeys(['a', 'b']);
    const [a, b] = result.current.keys;
    rerender({ items: ['a', 'b', 'c'] });
    expect(result.current.keys.slice(0, 2)).toEqual([a, b]);
    rerender({ items: ['a'] });
    expect(result.current.keys).toEqual([a]);
  });
});
