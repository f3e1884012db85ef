import { useState } from 'react';

/**
 * Whether `isOpen` has been true since the component mounted: a modal loaded on first use is mounted from its first
 * opening on, so that it closes with its animation.
 */
export function useHasBeenOpen(isOpen: boolean): boolean {
  const [hasBeenOpen, setHasBeenOpen] = useState(isOpen);
  // Adjusting state while rendering (React's pattern for a value derived from earlier renders), not in an effect.
  if (isOpen && !hasBeenOpen) setHasBeenOpen(true);
  return hasBeenOpen || isOpen;
}
