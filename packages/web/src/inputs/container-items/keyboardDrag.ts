import type { UserEvent } from '@testing-library/user-event';

/** Lifts an item by its handle with the keyboard, moves it `steps` places down (up when negative) and drops it. */
export async function dragWithKeyboard(user: UserEvent, handle: HTMLElement, steps: number) {
  handle.focus();
  await user.keyboard('[Space]');
  for (let step = 0; step < Math.abs(steps); step++) await user.keyboard(steps > 0 ? '[ArrowDown]' : '[ArrowUp]');
  await user.keyboard('[Space]');
}
