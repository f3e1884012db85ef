import { lazy, type ComponentType } from 'react';

/** A page loaded when its route is first visited, so each route is its own chunk. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
