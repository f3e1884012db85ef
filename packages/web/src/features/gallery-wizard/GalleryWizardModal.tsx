import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useNavigate } from '../../router/index.ts';
import type { AssetListItem, GeodataValue, MediaLibraryItem, TagSuggestion } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { assetEditorPath } from '../../router/routes.ts';
import { showToast } from '../../ui/toasts.tsx';
import { cardThumbnail } from '../../parts/media-archive/mediaCard.ts';
import { createGalleryAsset, createImages, type GalleryTarget } from './createGallery.ts';
import { BucketStep, itemTitleOf, OrderingStep, OverviewStep, QuestionnaireStep } from './DraftSteps.tsx';
import {
  archiveItemOf,
  canContinue,
  creationPercent,
  emptyDraft,
  headingOf,
  nextStep,
  previousStep,
  stepProgress,
  uploadItemOf,
  type GalleryDraft,
  type GalleryItem,
  type GalleryStep,
  type Questionnaire,
} from './galleryDraft.ts';
import { ImageSelectionStep, MediaSelectionStep } from './SelectionSteps.tsx';

export const GALLERY_FAILED_MESSAGE = 'Something went wrong with creating the image gallery. Please try again.';

type Phase = 'images' | 'images-failed' | 'gallery' | 'gallery-failed';

let nextUploadKey = 1;

function toggled<T>(map: ReadonlyMap<string, T>, id: string, value: T): Map<string, T> {
  const next = new Map(map);
  if (next.has(id)) next.delete(id);
  else next.set(id, value);
  return next;
}

const STATUS_COLORS = { pending: 'gray', failed: 'red', success: 'green' } as const;

function CreateStep({ items, phase, progress }: { items: readonly GalleryItem[]; phase: Phase; progress: Readonly<Record<string, number>> }) {
  const percent = creationPercent(items);
  const done = items.filter((item) => item.status !== 'pending').length;
  return (
    <Stack gap="sm">
      {phase === 'gallery-failed' ? (
        <Alert color="red" variant="light">
          {GALLERY_FAILED_MESSAGE}
        </Alert>
      ) : phase === 'images' || phase === 'gallery' ? (
        <Group gap="xs">
          <Loader size="xs" aria-label="Creating the image gallery" />
          <Text size="sm">{phase === 'images' ? 'Creating images' : 'Creating the image gallery'}</Text>
        </Group>
      ) : null}
      {items.length > 0 && (
        <>
          <Group justify="space-between">
            <Text size="sm">{`${done} of ${items.length} images`}</Text>
            <Text size="sm">{`${percent}%`}</Text>
          </Group>
          <Progress value={percent} aria-label="Image creation progress" />
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Group key={item.key} component="li" justify="space-between" aria-label={itemTitleOf(item)}>
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {itemTitleOf(item)}
                </Text>
                {item.kind === 'upload' && item.status === 'pending' && progress[item.key] !== undefined && (
                  <Progress value={progress[item.key] ?? 0} w={120} size="sm" aria-label={`Upload of ${itemTitleOf(item)}`} />
                )}
                <Badge size="xs" color={STATUS_COLORS[item.status]} variant="light">
                  {item.status}
                </Badge>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function GalleryWizard({ target, onClose }: { target: GalleryTarget; onClose: () => void }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<GalleryStep>('bucket-selection');
  const [draft, setDraftState] = useState<GalleryDraft>(emptyDraft);
  const draftRef = useRef<GalleryDraft>(draft);
  const [files, setFiles] = useState<File[]>([]);
  const [pickedAssets, setPickedAssets] = useState<ReadonlyMap<string, AssetListItem>>(new Map());
  const [pickedMedia, setPickedMedia] = useState<ReadonlyMap<string, MediaLibraryItem>>(new Map());
  const [questionnaire, setQuestionnaire] = useState<Questionnaire>({ applyCredits: false, credits: '' });
  const [phase, setPhase] = useState<Phase>('images');
  const [uploadProgress, setUploadProgress] = useState<Record<string, number>>({});

  // The ref is what the creation reads after each await, so a retry sees every image made so far.
  const setDraft = (next: GalleryDraft) => {
    draftRef.current = next;
    setDraftState(next);
  };
  // The geodata input emits after a pause, so the change lands on the draft as it is then.
  const handleGeolocation = (geolocation: GeodataValue | undefined) => setDraft({ ...draftRef.current, geolocation });
  const updateItem = (key: string, change: Pick<GalleryItem, 'status' | 'asset'>) =>
    setDraft({ ...draftRef.current, items: draftRef.current.items.map((item) => (item.key === key ? { ...item, ...change } : item)) });

  const createGallery = async () => {
    setPhase('gallery');
    try {
      const gallery = await createGalleryAsset(api, draftRef.current, target);
      showToast({ kind: 'success', message: 'Image Gallery has been created.' });
      onClose();
      void navigate(assetEditorPath({ id: gallery.id, locale: gallery.localization }));
    } catch (error) {
      console.error('The image gallery could not be created.', error);
      setPhase('gallery-failed');
    }
  };

  /** Spec 001 §4: the images one by one, then the gallery; run again, it resumes where the last run stopped. */
  const create = async () => {
    setPhase('images');
    const { items, geolocation } = draftRef.current;
    const { failed } = await createImages(api, {
      items,
      target,
      tagging: { geolocation },
      onItem: updateItem,
      onProgress: (key, percent) => setUploadProgress((current) => ({ ...current, [key]: percent })),
    });
    if (failed > 0) {
      setPhase('images-failed');
      return;
    }
    await createGallery();
  };

  const existing = new Set(draft.items.map((item) => item.key));
  const handleContinue = () => {
    let next = draftRef.current;
    if (step === 'bucket-selection' && next.bucket === 'local-uploads') {
      const added = files.map((file) => uploadItemOf(file, `upload:${nextUploadKey++}`, URL.createObjectURL(file)));
      next = { ...next, items: [...next.items, ...added] };
      setFiles([]);
    }
    if (step === 'image-selection') {
      const added = [...pickedAssets.values()]
        .filter((asset) => !existing.has(`asset:${asset.id}`))
        .map((asset): GalleryItem => ({ kind: 'asset', key: `asset:${asset.id}`, title: asset.title, thumbnail: asset.imageUrl, status: 'success', asset: { id: asset.id, localization: asset.localization } }));
      next = { ...next, items: [...next.items, ...added] };
      setPickedAssets(new Map());
    }
    if (step === 'media-selection') {
      const added = [...pickedMedia.values()]
        .filter((media) => !existing.has(`archive:${media.id}`))
        .map((media) => {
          const thumbnail = cardThumbnail(media);
          return archiveItemOf(media, thumbnail.kind === 'image' ? thumbnail.url : null);
        });
      next = { ...next, items: [...next.items, ...added] };
      setPickedMedia(new Map());
    }
    if (step === 'questionnaire' && questionnaire.applyCredits) {
      const credits = questionnaire.credits.trim();
      next = { ...next, items: next.items.map((item) => (item.kind === 'upload' && item.asset === null ? { ...item, content: { ...item.content, credits } } : item)) };
    }
    setDraft(next);
    const following = nextStep(step, next.bucket);
    setStep(following);
    if (following === 'create') void create();
  };

  const isValid = canContinue(step, draft, { questionnaire, pickedFiles: files.length, pickedAssets: pickedAssets.size, pickedMedia: pickedMedia.size });
  const progress = stepProgress(step, draft.bucket);

  let body: React.ReactNode;
  switch (step) {
    case 'bucket-selection':
      body = <BucketStep draft={draft} onChange={setDraft} files={files} onFiles={setFiles} />;
      break;
    case 'image-selection':
      body = <ImageSelectionStep picked={pickedAssets} onToggle={(item) => setPickedAssets(toggled(pickedAssets, item.id, item))} />;
      break;
    case 'media-selection':
      body = <MediaSelectionStep picked={pickedMedia} onToggle={(item) => setPickedMedia(toggled(pickedMedia, item.id, item))} />;
      break;
    case 'questionnaire':
      body = (
        <QuestionnaireStep
          draft={draft}
          space={target.space}
          questionnaire={questionnaire}
          onQuestionnaire={setQuestionnaire}
          onDisciplines={(disciplines: TagSuggestion[]) => setDraft({ ...draftRef.current, disciplines })}
          onGeolocation={handleGeolocation}
        />
      );
      break;
    case 'overview':
      body = <OverviewStep draft={draft} space={target.space} onChange={setDraft} onGeolocation={handleGeolocation} onAddImages={() => setStep('bucket-selection')} />;
      break;
    case 'image-ordering':
      body = <OrderingStep draft={draft} onChange={setDraft} />;
      break;
    case 'create':
      body = <CreateStep items={draft.items} phase={phase} progress={uploadProgress} />;
      break;
  }

  return (
    <Modal opened onClose={onClose} title={headingOf(step)} size="xl" closeOnClickOutside={false}>
    <Stack gap="md">
      <Group justify="space-between" aria-label="Step progress">
        <Text size="xs" c="dimmed">
          {progress.count}
        </Text>
        <Text size="xs" c="dimmed">{`${progress.percent}%`}</Text>
      </Group>
      <Progress value={progress.percent} size="xs" aria-hidden />
      {body}
      <Group justify="flex-end" gap="xs">
        {step === 'create' ? (
          phase === 'gallery-failed' ? (
            <>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void create()}>Try again</Button>
            </>
          ) : phase === 'images-failed' ? (
            <Button onClick={() => void createGallery()}>Continue</Button>
          ) : null
        ) : (
          <>
            {step === 'bucket-selection' ? (
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            ) : (
              <Button variant="default" onClick={() => setStep(previousStep(step, draft))}>
                Back
              </Button>
            )}
            <Button disabled={!isValid} onClick={handleContinue}>
              Continue
            </Button>
          </>
        )}
      </Group>
    </Stack>
    </Modal>
  );
}

/** Spec 001 §2.6: the image gallery wizard, in the space and locale chosen in the create-content modal; mounted only while open. */
export function GalleryWizardModal({ target, onClose }: { target: GalleryTarget | null; onClose: () => void }) {
  return target === null ? null : <GalleryWizard target={target} onClose={onClose} />;
}
