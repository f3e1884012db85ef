import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollIntoViewForTest } from '../test/intersectionObserver.ts';
import { VIEWPORT_GROUP_ATTRIBUTE, whenNearViewport } from './nearViewport.ts';

function element(parent: Element, group = false): HTMLElement {
  const child = document.createElement('div');
  if (group) child.setAttribute(VIEWPORT_GROUP_ATTRIBUTE, '');
  parent.append(child);
  return child;
}

describe('whenNearViewport', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('starts a text outside a group when the text itself comes near', async () => {
    const text = element(document.body);
    const start = vi.fn<() => void>();
    whenNearViewport(text, start);
    scrollIntoViewForTest(text);
    await vi.advanceTimersByTimeAsync(100);
    expect(start).toHaveBeenCalledOnce();
  });

  it('watches the group, not each text in it, and starts all its texts once when the group comes near', async () => {
    const group = element(document.body, true);
    const texts = [element(element(group)), element(element(group)), element(group)];
    const starts = texts.map(() => vi.fn<() => void>());
    texts.forEach((text, index) => whenNearViewport(text, starts[index] as () => void));

    scrollIntoViewForTest(texts[0] as Element);
    await vi.advanceTimersByTimeAsync(100);
    expect(starts.every((start) => start.mock.calls.length === 0)).toBe(true);

    scrollIntoViewForTest(group);
    scrollIntoViewForTest(group);
    await vi.advanceTimersByTimeAsync(100);
    expect(starts.map((start) => start.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('leaves out a text that was cancelled, and stops watching a group whose texts all were', async () => {
    const group = element(document.body, true);
    const [first, second] = [element(group), element(group)];
    const startFirst = vi.fn<() => void>();
    const startSecond = vi.fn<() => void>();
    const cancelFirst = whenNearViewport(first, startFirst);
    whenNearViewport(second, startSecond);
    cancelFirst();
    scrollIntoViewForTest(group);
    await vi.advanceTimersByTimeAsync(100);
    expect([startFirst.mock.calls.length, startSecond.mock.calls.length]).toEqual([0, 1]);

    const other = element(document.body, true);
    const startOther = vi.fn<() => void>();
    whenNearViewport(element(other), startOther)();
    scrollIntoViewForTest(other);
    await vi.advanceTimersByTimeAsync(100);
    expect(startOther).not.toHaveBeenCalled();
  });

  it('starts a text that joins a group after the group came near, when the browser reports the group again', async () => {
    const group = element(document.body, true);
    whenNearViewport(element(group), vi.fn<() => void>());
    scrollIntoViewForTest(group);
    const late = vi.fn<() => void>();
    whenNearViewport(element(group), late);
    // An observer reports a newly watched element at once; the stub needs a reveal.
    scrollIntoViewForTest(group);
    await vi.advanceTimersByTimeAsync(100);
    expect(late).toHaveBeenCalledOnce();
  });
});
