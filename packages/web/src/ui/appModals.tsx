import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ModalSettings, OpenConfirmModal } from '@mantine/modals';

/*
 * Modals opened from code (the error modal, Delete's confirmation) through Mantine's modals provider, which with its
 * modal, scroll lock and focus trap loads when the first one opens instead of with every page.
 */

type ModalsApi = (typeof import('@mantine/modals'))['modals'];

let isWanted = false;
const listeners = new Set<() => void>();
let resolveReady: (api: ModalsApi) => void = () => {};
let ready: Promise<ModalsApi> | undefined;

/** The modals API once the provider is mounted and listens; the first call mounts it. */
function whenReady(): Promise<ModalsApi> {
  if (!ready) {
    ready = new Promise((resolve) => (resolveReady = resolve));
    isWanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const LoadedModalsProvider = lazy(async () => {
  const { ModalsProvider, modals } = await import('@mantine/modals');
  function ListeningModalsProvider() {
    // The provider's own effects (its listeners) have run when this parent's effect runs.
    useEffect(() => resolveReady(modals), []);
    return <ModalsProvider />;
  }
  return { default: ListeningModalsProvider };
});

/** Where the modals render: inside the app's providers, so their content can use them. */
export function ModalsHost() {
  const isMounted = useSyncExternalStore(subscribe, () => isWanted);
  return isMounted ? (
    <Suspense fallback={null}>
      <LoadedModalsProvider />
    </Suspense>
  ) : null;
}

/** Opens a modal; resolves with its id, for `closeModal`. */
export async function openModal(settings: ModalSettings): Promise<string> {
  return (await whenReady()).open(settings);
}

export async function openConfirmModal(settings: OpenConfirmModal): Promise<string> {
  return (await whenReady()).openConfirmModal(settings);
}

export async function closeModal(id: string): Promise<void> {
  (await whenReady()).close(id);
}
