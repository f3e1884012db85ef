import { useCallback, useLayoutEffect, useRef } from 'react';

/** Start loading the next page this far before the end of the list comes into view. */
const AHEAD = '600px';

/**
 * Infinite scroll: a ref for an element after the last card; when it comes into view, `onVisible` runs. The caller
 * gives the element a new key per loaded page, so a sentinel still in view after a short page fires again.
 */
export function useLoadMoreSentinel(onVisible: () => void) {
  const latest = useRef(onVisible);
  useLayoutEffect(() => {
    latest.current = onVisible;
  });
  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
}
