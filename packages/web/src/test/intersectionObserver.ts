/**
 * jsdom has no IntersectionObserver. This stand-in never fires by itself; a test scrolls an element into view
 * with `scrollIntoViewForTest`, which calls the observers watching it.
 */
const observers = new Set<IntersectionObserverStub>();

export class IntersectionObserverStub implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  private readonly targets = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
    observers.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports the element as visible, if this observer watches it. */
  reveal(target: Element): void {
    if (!this.targets.has(target)) return;
    const rect = target.getBoundingClientRect();
    const entry: IntersectionObserverEntry = {
      target,
      isIntersecting: true,
      intersectionRatio: 1,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: performance.now(),
    };
    this.callback([entry], this);
  }
}

/** Tells every observer watching `target` that it came into view. */
export function scrollIntoViewForTest(target: Element): void {
  // A snapshot: revealing may add observers (a new sentinel) or remove them.
  for (const observer of Array.from(observers)) observer.reveal(target);
}
