import { vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';

/**
 * jsdom lays nothing out, but dnd-kit's keyboard sensor moves an item by the rectangles of its neighbours: give
 * every element a rectangle from its place in the document, so later items sit lower.
 */
export function layOutInDocumentOrder() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = Array.from(document.querySelectorAll('*')).indexOf(this) * 40;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 30, width: 300, height: 30, toJSON: () => ({}) } as DOMRect;
  });
}

/** Lifts an item by its handle with the keyboard, moves it `steps` places down (up when negative) and drops it. */
export async function dragWithKeyboard(user: UserEvent, handle: HTMLElement, steps: number) {
  handle.focus();
  await user.keyboard('[Space]');
  for (let step = 0; step < Math.abs(steps); step++) await user.keyboard(steps > 0 ? '[ArrowDown]' : '[ArrowUp]');
  await user.keyboard('[Space]');
}
