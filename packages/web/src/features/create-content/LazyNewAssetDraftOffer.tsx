import { lazyComponent } from '../../ui/lazyComponent.tsx';

/** The offer of new assets' drafts, loaded (with its modal) only on a load that has one to offer. */
export const LazyNewAssetDraftOffer = lazyComponent<object>(async () => (await import('./NewAssetDraftOffer.tsx')).NewAssetDraftOffer, () => null);
