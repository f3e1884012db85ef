import { useCallback, useMemo } from 'react';
import { IMAGE_UPLOAD_MESSAGES, type MediaLibraryItem, type MediaValue } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { useEditor, useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import { chooseHeroLayout, heroLayoutOf, offeredHeroLayouts } from '../../parts/hero-style/heroStyle.ts';
import { applyImageDescription, hasDescribedInputs, requestImageDescription } from '../../parts/image-upload/imageDescription.ts';
import { archiveImageAttributesOf } from '../../parts/media-archive/createFromArchive.ts';
import { showToast } from '../../ui/toasts.tsx';
import { useCanUploadInto } from '../field/FieldRulesContext.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { ImageInput } from './ImageInput.tsx';
import type { HeroStyleChoice } from './MediaPreview.tsx';
import type { UploadTarget } from './useImageUpload.ts';

/** The asset a local draft stands for before it is created (spec 000 §1). */
const LOCAL_ASSET_ID = '-';

/**
 * An image or mime:image field (spec 002 §4) bound to the open asset: uploads go to the asset's first space with the
 * asset and locale as context, offered only to a user who may upload there (the editor's field rules); any change of
 * the image clears the asset's external reference (spec 000 §4); a new file of a top-level input asks for the AI
 * description at once, and so does an archive image chosen through Add media, which also brings its attributes;
 * top-level inputs with hero layouts choose a hero style.
 */
export function ImageWidget({ input, value, onChange, onBlur, disabled, errors, path }: WidgetProps) {
  const store = useEditorStoreApi();
  const client = useApiClient();
  const { features, imageDeliveryBaseUrl, aiImageDescriptions } = useAppConfig();
  const about = useEditor((state) => state.about);
  const isTopLevel = path.length === 1;
  const meta = useEditor((state) => (isTopLevel ? state.metas[input.name] : undefined));

  const uploadTarget = useMemo<UploadTarget | undefined>(
    () => (about ? { space: about.spaces[0], assetId: about.id, localization: about.localization } : undefined),
    [about],
  );
  // Without a space there is nothing to judge by; the upload then says 'No space selected', as before.
  const canUploadInto = useCanUploadInto();
  const canUpload = uploadTarget?.space === undefined || canUploadInto(uploadTarget.space);

  const handleChange = useCallback(
    (next: MediaValue | undefined) => {
      onChange(next);
      store.getState().clearExternalReference();
    },
    [onChange, store],
  );

  // Spec 002 §4: a new file is described right away; the server knows it was uploaded for this asset.
  const describe = useCallback(
    async (referenceId: string) => {
      const state = store.getState();
      if (!state.about) return;
      try {
        const description = await requestImageDescription(client, { assetId: state.about.id, langCode: state.about.localization, referenceId });
        applyImageDescription(store.getState(), description);
      } catch (error) {
        // Spec 002 §8: the image stays; the editor is told that the description did not come.
        console.warn('The AI image description failed.', error);
        showToast({ kind: 'warning', message: IMAGE_UPLOAD_MESSAGES.descriptionFailed });
      }
    },
    [client, store],
  );

  const describeIfAsked = useCallback(
    (referenceId: string) => {
      const state = store.getState();
      const isDescribable = aiImageDescriptions && isTopLevel && state.about !== undefined && state.about.id !== LOCAL_ASSET_ID && hasDescribedInputs(state.inputs);
      if (isDescribable) void describe(referenceId);
    },
    [aiImageDescriptions, isTopLevel, store, describe],
  );
  const handleUploaded = useCallback((next: MediaValue) => describeIfAsked(next.referenceId), [describeIfAsked]);

  // Spec 002 §4: an archive image brings its credit, title and description into the asset's empty inputs for them,
  // then is described like an upload.
  const handleChosen = useCallback(
    (item: MediaLibraryItem) => {
      if (!isTopLevel) return;
      const state = store.getState();
      for (const [name, text] of Object.entries(archiveImageAttributesOf(item))) {
        const isEmpty = state.values[name] === undefined || state.values[name] === '';
        if (isEmpty && state.inputs.some((candidate) => candidate.name === name)) state.setValue([name], text);
      }
      describeIfAsked(item.id);
    },
    [isTopLevel, store, describeIfAsked],
  );

  const layouts = input.constraints?.heroLayouts;
  const current = heroLayoutOf(meta);
  const heroStyle: HeroStyleChoice | undefined =
    isTopLevel && layouts && layouts.length > 0
      ? {
          layouts: offeredHeroLayouts({ layouts, features, current }),
          current,
          onSelect: (layout) => chooseHeroLayout(store.getState(), { name: input.name, layout }),
        }
      : undefined;

  return (
    <ImageInput
      input={input}
      value={value}
      onChange={handleChange}
      onBlur={onBlur}
      disabled={disabled}
      errors={errors}
      uploadTarget={uploadTarget}
      canUpload={canUpload}
      onUploaded={handleUploaded}
      onChosen={handleChosen}
      heroStyle={heroStyle}
      deliveryBaseUrl={imageDeliveryBaseUrl}
    />
  );
}
