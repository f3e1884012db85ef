import { lazyComponent } from '../../ui/lazyComponent.tsx';
import type { NewAssetDraft } from '../../editor-state/newAssetDrafts.ts';

/** The offer of new assets' drafts, loaded (with its modal) only on a load that has one to offer. */
export const LazyNewAssetDraftOffer = lazyComponent<{ initialDrafts: readonly NewAssetDraft[] }>(async () => (await import('./NewAssetDraftOffer.tsx')).NewAssetDraftOffer, () => null);
