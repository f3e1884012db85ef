import { useEffect, useReducer, useState } from 'react';
import { Badge, Button, Center, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { CROP_RATIO_NAMES, type CropRatio, type ImageSize, type MediaValue } from '@editor/domain';
import { CropStage } from './CropStage.tsx';
import { CropThumbnail } from './CropThumbnail.tsx';
import { confirmedRatios, cropSessionReducer, startCropSession, type CropSession } from './cropSession.ts';
import { cropperImageUrl, cropperRequestWidth, useImageMedia, veryLargeUrlOf } from './cropperImage.ts';

/** Spec 002 §9: the modal is 804 px high; its content shows after 300 ms; thumbnails of 65 and 145 px. */
export const CROP_MODAL_HEIGHT = 804;
export const CROP_CONTENT_DELAY_MS = 300;
const CROP_THUMBNAIL = 65;
const GALLERY_THUMBNAIL = 145;
/** The space the image takes on the crop screen; the image is scaled to fit it. */
const STAGE = { width: 800, height: 470 };

interface CropModalProps {
  opened: boolean;
  media: MediaValue;
  /** The image delivery's base when a Cloudinary account serves images. */
  deliveryBaseUrl?: string | undefined;
  /** The manual ratios, rounded and clamped (spec 002 §4); automatic ones are left out. */
  onConfirm: (ratios: Record<string, CropRatio>) => void;
  onClose: () => void;
}

/** Spec 002 §4 crop modal: a crop screen and a gallery screen; Confirm returns only the manual ratios, Cancel nothing. */
export function CropModal({ opened, media, deliveryBaseUrl, onConfirm, onClose }: CropModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Crop" size={880} centered styles={{ content: { height: CROP_MODAL_HEIGHT, display: 'flex', flexDirection: 'column' }, body: { flex: 1 } }}>
      {opened && <CropModalContent media={media} deliveryBaseUrl={deliveryBaseUrl} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

function CropModalContent({ media, deliveryBaseUrl, onConfirm, onClose }: Omit<CropModalProps, 'opened'>) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsShown(true), CROP_CONTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const answer = useImageMedia(media, true);
  const width = media.width ?? answer.data?.width;
  const height = media.height ?? answer.data?.height;
  const image = width && height ? { width, height } : undefined;
  if (!isShown || answer.isPending || !image) {
    return (
      <Center h={600}>
        <Loader aria-label="Loading the image" />
      </Center>
    );
  }
  const scale = Math.min(STAGE.width / image.width, STAGE.height / image.height);
  const src = cropperImageUrl(media, {
    veryLargeUrl: veryLargeUrlOf(answer.data),
    width: cropperRequestWidth(image.width * scale * window.devicePixelRatio, image.width),
    deliveryBaseUrl,
  });
  return <CropEditor media={media} image={image} scale={scale} src={src} onConfirm={onConfirm} onClose={onClose} />;
}

function cropText(name: string, crop: CropRatio): string {
  const round = Math.round;
  return `${name} · ${round(crop.p2.x - crop.p1.x)} × ${round(crop.p2.y - crop.p1.y)} px at ${round(crop.p1.x)}, ${round(crop.p1.y)} · ${crop.automatic ? 'automatic' : 'manual'}`;
}

/** Every ratio of the list, then any other ratio the value already had. */
function ratioNames(session: CropSession): string[] {
  const listed: readonly string[] = CROP_RATIO_NAMES;
  return [...listed, ...Object.keys(session.ratios).filter((name) => !listed.includes(name))];
}

function RatioButton({ name, crop, session, src, box, onSelect }: { name: string; crop: CropRatio; session: CropSession; src: string | undefined; box: number; onSelect: () => void }) {
  const isSelected = session.selected === name;
  const mode = crop.automatic ? 'automatic' : 'manual';
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-label={`${name}, ${mode}`}
      aria-pressed={isSelected}
      p={4}
      style={{ borderRadius: 4, outline: isSelected ? '2px solid var(--mantine-color-blue-6)' : undefined }}
    >
      <Stack gap={2} align="center">
        <Center w={box} h={box}>
          <CropThumbnail src={src} image={session.image} crop={crop} box={box} />
        </Center>
        <Text size="xs" fw={600} lh={1.2}>
          {name}
        </Text>
        {/* The badge says the mode in the words of the accessible name, which then contains the visible text (WCAG 2.5.3). */}{' '}
        <Badge size="xs" variant={crop.automatic ? 'outline' : 'filled'} color={crop.automatic ? 'gray' : 'blue'}>
          {mode}
        </Badge>
      </Stack>
    </UnstyledButton>
  );
}

function CropEditor({ media, image, scale, src, onConfirm, onClose }: Omit<CropModalProps, 'opened'> & { image: ImageSize; scale: number; src: string | undefined }) {
  const [session, dispatch] = useReducer(cropSessionReducer, undefined, () => startCropSession(image, media.ratios));
  const [screen, setScreen] = useState<'crop' | 'gallery'>('crop');
  const selected = session.ratios[session.selected];
  const names = ratioNames(session);

  return (
    <Stack h="100%" gap="sm" justify="space-between">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {screen === 'crop' && selected ? cropText(session.selected, selected) : 'All crops of the image'}
        </Text>
        <Button variant="subtle" size="xs" onClick={() => setScreen(screen === 'crop' ? 'gallery' : 'crop')}>
          {screen === 'crop' ? 'SWITCH TO GALLERY' : 'SWITCH TO CROP'}
        </Button>
      </Group>
      {screen === 'crop' ? (
        <Stack gap="sm" style={{ flex: 1 }}>
          <Center h={STAGE.height}>
            {selected && <CropStage src={src} image={image} scale={scale} ratio={session.selected} crop={selected} focal={session.focal} dispatch={dispatch} />}
          </Center>
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap="xs" wrap="nowrap" role="group" aria-label="Ratios">
              {names.map((name) => {
                const crop = session.ratios[name];
                return crop && <RatioButton key={name} name={name} crop={crop} session={session} src={src} box={CROP_THUMBNAIL} onSelect={() => dispatch({ type: 'select', ratio: name })} />;
              })}
            </Group>
          </ScrollArea>
        </Stack>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <SimpleGrid cols={5} spacing="sm" role="group" aria-label="Gallery">
            {names.map((name) => {
              const crop = session.ratios[name];
              return (
                crop && (
                  <RatioButton
                    key={name}
                    name={name}
                    crop={crop}
                    session={session}
                    src={src}
                    box={GALLERY_THUMBNAIL}
                    onSelect={() => {
                      dispatch({ type: 'select', ratio: name });
                      setScreen('crop');
                    }}
                  />
                )
              );
            })}
          </SimpleGrid>
        </ScrollArea>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(confirmedRatios(session))}>Confirm</Button>
      </Group>
    </Stack>
  );
}
