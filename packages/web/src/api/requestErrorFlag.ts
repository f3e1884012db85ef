import { useSyncExternalStore } from 'react';

/**
 * Spec 000 §8: failures of the user call, the asset list and other fetches set a request-error flag.
 * It holds the last failure until the user goes home.
 */
let lastError: unknown = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function markRequestError(error: unknown): void {
  lastError = error;
  notify();
}

export function clearRequestError(): void {
  if (lastError === null) return;
  lastError = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last failed request, or null. */
export function useRequestError(): unknown {
  return useSyncExternalStore(subscribe, () => lastError);
}
