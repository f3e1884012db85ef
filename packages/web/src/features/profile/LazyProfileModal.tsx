import { lazyComponent } from '../../ui/lazyComponent.tsx';

/**
 * The profile modal, loaded with its form (and the inputs only it uses) when it first opens rather than with every
 * page. Nothing shows for the moment it takes: the user menu loads it ahead while it is open.
 */
export const LazyProfileModal = lazyComponent<{ opened: boolean; onClose: () => void }>(
  async () => (await import('./ProfileModal.tsx')).ProfileModal,
  () => null,
);
