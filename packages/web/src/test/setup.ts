// Adds the DOM matchers (toBeVisible, toHaveValue, ...) to expect.
// oxlint-disable-next-line import/no-unassigned-import
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { clearRequestError } from '../api/requestErrorFlag.ts';
import { IntersectionObserverStub } from './intersectionObserver.ts';

// How long a findBy/waitFor waits for the screen to get there: lists wait out a 500 ms input debounce (spec 001 §9),
// and a dashboard renders in seconds when the server tests share the machine's two cores. A wait, not a speed check:
// a passing test returns as soon as the screen is there, only a failing one waits it out.
configure({ asyncUtilTimeout: 10_000 });

// Browser APIs Mantine reads that jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.IntersectionObserver = IntersectionObserverStub;
Element.prototype.scrollIntoView = () => undefined;

// Node 25 and later define localStorage and sessionStorage themselves (empty without --localstorage-file), so Vitest
// does not put jsdom's in their place: do it here, from the jsdom instance Vitest exposes.
const { jsdom } = globalThis as typeof globalThis & { jsdom?: { window: Window } };
if (jsdom) {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value: jsdom.window[name] });
  }
}

afterEach(() => {
  cleanup();
  notifications.clean();
  clearRequestError();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});
