import { afterEach, describe, expect, it } from 'vitest';
import { releaseFocusWithin } from './releaseFocus.ts';

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
