import { afterEach, describe, expect, it } from 'vitest';
import { controlAfterRemoval, releaseFocusWithin } from './releaseFocus.ts';

/** An item with a Remove button, and a button outside it. */
function page() {
  document.body.innerHTML = '<div id="item"><button id="remove">Remove</button></div><button id="other">Other</button>';
  return { item: document.getElementById('item'), remove: document.getElementById('remove') as HTMLButtonElement, other: document.getElementById('other') as HTMLButtonElement };
}

describe('releaseFocusWithin', () => {
  afterEach(() => document.body.replaceChildren());

  it('takes the focus off an element inside the one about to go', () => {
    const { item, remove } = page();
    remove.focus();
    releaseFocusWithin(item);
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves the focus alone when it is elsewhere', () => {
    const { item, other } = page();
    other.focus();
    releaseFocusWithin(item);
    expect(document.activeElement).toBe(other);
    releaseFocusWithin(null);
    expect(document.activeElement).toBe(other);
  });
});

/** An item with its Remove button and a nested item of its own. */
const listItem = (name: string) => `<div class="item" id="${name}"><button class="remove">Remove ${name}</button><div class="item"><button class="remove">Remove nested ${name}</button></div></div>`;

/** Two chunks of items a1, a2 | b1. */
function chunkedList() {
  document.body.innerHTML = `<div id="list"><div class="chunk">${listItem('a1')}${listItem('a2')}</div><div class="chunk">${listItem('b1')}</div></div><div id="toolbar"></div>`;
  return (id: string) => document.getElementById(id) as HTMLElement;
}

describe('controlAfterRemoval', () => {
  afterEach(() => document.body.replaceChildren());

  const parts = { isItem: (element: Element) => element.classList.contains('item'), isChunk: (element: Element) => element.classList.contains('chunk'), controlOf: (item: Element) => item.querySelector<HTMLElement>(':scope > .remove') };

  it('names the next item’s own control, across a chunk’s end, or the item before the last', () => {
    const byId = chunkedList();
    expect(controlAfterRemoval(byId('a1'), parts)?.textContent).toBe('Remove a2');
    expect(controlAfterRemoval(byId('a2'), parts)?.textContent).toBe('Remove b1');
    expect(controlAfterRemoval(byId('b1'), parts)?.textContent).toBe('Remove a2');
  });

  it('names nothing for the only item, nor an item of another list that follows', () => {
    document.body.innerHTML =
      '<div><div class="item" id="only"><button class="remove">Remove</button></div></div><div><div class="item"><button class="remove">Remove other</button></div></div>';
    expect(controlAfterRemoval(document.getElementById('only') as HTMLElement, parts)).toBeNull();
  });
});
