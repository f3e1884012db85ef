import { useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { assetEditorPath } from '../../router/routes.ts';
import { formatDisplayDateTime } from '../../ui/formatDate.ts';
import { localeLabel } from '../../ui/localeDisplay.ts';
import { removeNewAssetDraft, type NewAssetDraft } from '../../editor-state/newAssetDrafts.ts';
import { DraftModal } from '../asset-editor/modals/DraftModal.tsx';
import { useCreateAsset } from './useCreateContent.ts';

/** What the Draft modal says of a new asset's draft. */
export function newAssetDraftText(draft: NewAssetDraft): string {
  return `This browser holds a new ${draft.stencilLabel} in ${localeLabel(draft.locale)} (space ${draft.space}) from ${formatDisplayDateTime(draft.savedAt)} that could not be created.`;
}

/**
 * Spec 000 §4, 002 §4: a new asset whose create failed (network, server) is offered on the next load like the drafts
 * of saved assets: Discard draft forgets it, Load draft creates it with its first values and opens it.
 */
export function NewAssetDraftOffer({ initialDrafts }: { initialDrafts: readonly NewAssetDraft[] }) {
  const [drafts, setDrafts] = useState(initialDrafts);
  const createAsset = useCreateAsset();
  const navigate = useNavigate();
  const draft = drafts[0] ?? null;
  const next = () => setDrafts((current) => current.slice(1));

  return (
    <DraftModal
      draft={draft}
      description={draft ? newAssetDraftText(draft) : undefined}
      isLoading={createAsset.isPending}
      onDiscard={() => {
        if (!draft || createAsset.isPending) return;
        removeNewAssetDraft(draft.locale);
        next();
      }}
      onLoad={() => {
        if (!draft) return;
        createAsset.mutate(
          { space: draft.space, localization: draft.locale, stencil: draft.stencil, stencilLabel: draft.stencilLabel, values: draft.values },
          {
            onSuccess: (asset) => {
              next();
              void navigate(assetEditorPath({ id: asset.id, locale: asset.localization }));
            },
          },
        );
      }}
    />
  );
}
