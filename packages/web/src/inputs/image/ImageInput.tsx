import { useId, useState } from 'react';
import { Text } from '@mantine/core';
import type { CropRatio, MediaLibraryItem, MediaValue } from '@editor/domain';
import { AddMediaModal } from '../../parts/add-media/AddMediaModal.tsx';
import { CropModal } from '../../parts/crop/CropModal.tsx';
import { HeroStyleModal } from '../../parts/hero-style/HeroStyleModal.tsx';
import { mediaValueOf } from '../../parts/media-archive/createFromArchive.ts';
import { UploadFailedModal } from '../../parts/image-upload/UploadFailedModal.tsx';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { mediaOf, withRatios } from './imageValue.ts';
import { MediaPreview, type HeroStyleChoice } from './MediaPreview.tsx';
import { UploadPlaceholder, UploadProgressCard } from './UploadPlaceholder.tsx';
import { useImageUpload, type UploadTarget } from './useImageUpload.ts';
import type { InputProps } from '../field/widgetProps.ts';

export interface ImageInputProps extends InputProps<MediaValue> {
  /** Where uploads go; without a space an upload fails with 'No space selected'. */
  uploadTarget: UploadTarget | undefined;
  /** Whether the user may upload here; if not, the input offers images that exist already (Add media) and no file. */
  canUpload: boolean;
  /** A new file's value is in the asset (after `onChange`). */
  onUploaded?: ((value: MediaValue) => void) | undefined;
  /** An archive image chosen through Add media is in the asset (after `onChange`). */
  onChosen?: ((item: MediaLibraryItem) => void) | undefined;
  heroStyle?: HeroStyleChoice | undefined;
  /** The image delivery's base when a Cloudinary account serves images (app config). */
  deliveryBaseUrl?: string | undefined;
}

/**
 * Spec 002 §4 image input: a placeholder with Add, a drop zone and Add media (an archive image); an upload-in-progress card while the progress is
 * not 100; then the media preview with Change, Crop, Full Image and Remove, the crop modal and, for inputs with hero
 * layouts, the hero style modal. A user who may not upload here gets neither Add, the drop zone nor Change.
 */
export function ImageInput({ input, value, onChange, onBlur, disabled, errors, uploadTarget, canUpload, onUploaded, onChosen, heroStyle, deliveryBaseUrl }: ImageInputProps) {
  const id = useId();
  const media = mediaOf(value);
  const [dialog, setDialog] = useState<'crop' | 'hero-style' | 'add-media' | null>(null);
  const upload = useImageUpload({
    target: uploadTarget,
    onUploaded: (next) => {
      onChange(next);
      onBlur();
      onUploaded?.(next);
    },
  });
  // An archive image is an original of the image store under its item id, so its value is like an upload's.
  const handleChoose = (item: MediaLibraryItem) => {
    onChange(mediaValueOf(item));
    setDialog(null);
    onBlur();
    onChosen?.(item);
  };
  const handleCrop = (ratios: Record<string, CropRatio>) => {
    if (media) onChange(withRatios(media, ratios));
    setDialog(null);
    onBlur();
  };

  const pickFile = canUpload ? upload.start : undefined;
  let body;
  if (upload.progress) body = <UploadProgressCard fileName={upload.progress.fileName} percent={upload.progress.percent} />;
  else if (media) {
    body = (
      <MediaPreview
        media={media}
        deliveryBaseUrl={deliveryBaseUrl}
        label={input.view.label}
        disabled={disabled}
        onPickFile={pickFile}
        onCrop={() => setDialog('crop')}
        onRemove={() => {
          onChange(undefined);
          onBlur();
        }}
        heroStyle={heroStyle}
        onHeroStyle={() => setDialog('hero-style')}
      />
    );
  } else if (disabled) {
    body = (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  } else body = <UploadPlaceholder label={input.view.label} onPickFile={pickFile} onAddMedia={() => setDialog('add-media')} />;

  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <div role="group" aria-labelledby={`${id}-label`}>
        {body}
      </div>
      <UploadFailedModal failure={upload.failure} onClose={upload.dismissFailure} />
      {!disabled && <AddMediaModal opened={dialog === 'add-media'} onClose={() => setDialog(null)} contentType="image" onChoose={handleChoose} />}
      {media && !disabled && <CropModal opened={dialog === 'crop'} media={media} deliveryBaseUrl={deliveryBaseUrl} onConfirm={handleCrop} onClose={() => setDialog(null)} />}
      {heroStyle && !disabled && (
        <HeroStyleModal
          opened={dialog === 'hero-style'}
          layouts={heroStyle.layouts}
          current={heroStyle.current}
          onSelect={(layout) => {
            heroStyle.onSelect(layout);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </FieldFrame>
  );
}
