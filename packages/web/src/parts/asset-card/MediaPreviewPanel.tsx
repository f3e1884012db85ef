import type { ReactNode } from 'react';
import { Alert, Badge, Group, Image, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CROP_RATIO_NAMES,
  IMAGE_WIDTHS,
  MEDIA_RESOURCE_TYPES,
  assetReferenceSchema,
  formatMediaDuration,
  imageUrlOf,
  mediaValueSchema,
  preferredCrop,
  thumbnailUrlOf,
  type ArchiveMedia,
  type AssetListItem,
  type MediaPreview,
  type MediaValue,
} from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useAppConfig } from '../../config/AppConfigProvider.tsx';
import { fetchVersionsOf, mostRelevantVersions } from '../asset-list/referenceLookup.ts';
import { useArchiveMedia, useMediaRenditions } from '../media-archive/useMediaDetails.ts';
import { UNTITLED } from './cardModel.ts';

/** The width the panel asks the image delivery for: large, and one of the sizes it renders (a multiple of 250). */
export const PANEL_IMAGE_WIDTH = 1500;
/** A hero shows through its 16x9 crop, the shape heroes take, else the first crop set by hand. */
const HERO_RATIOS: readonly string[] = ['16x9', ...CROP_RATIO_NAMES];

/** What the preview button and the panel's title call each kind. */
export const MEDIA_PREVIEW_LABELS: Record<MediaPreview['kind'], string> = {
  image: 'image',
  video: 'video',
  'image-gallery': 'gallery',
  'hero-image': 'hero image',
};

const mediaOf = (value: unknown): MediaValue | undefined => {
  const parsed = mediaValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const resourceUrl = (media: ArchiveMedia | undefined, type: string) => media?.resources.find((resource) => resource.type === type)?.url;

function Note({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

/** An image large, through `crop` when it has one, with its size, crop and credits where known. */
function LargeImage({ media, alt, credits, ratios }: { media: MediaValue; alt: string; credits: string | undefined; ratios?: readonly string[] | undefined }) {
  const { imageDeliveryBaseUrl } = useAppConfig();
  const crop = ratios ? preferredCrop(media.ratios, ratios) : undefined;
  const cropName = crop && ratios ? ratios.find((name) => media.ratios?.[name] === crop) : undefined;
  const src = imageUrlOf(media, { width: PANEL_IMAGE_WIDTH, auto: true, ...(crop ? { region: crop } : {}), ...(imageDeliveryBaseUrl ? { baseUrl: imageDeliveryBaseUrl } : {}) });
  return (
    <Stack gap="xs">
      <Image src={src} fallbackSrc={thumbnailUrlOf(media, IMAGE_WIDTHS.medium)} alt={alt} fit="contain" mah="65vh" bg="gray.1" radius="sm" />
      <Group gap="xs">
        <Text size="sm">{media.width && media.height ? `${media.width} × ${media.height} px` : 'Size unknown'}</Text>
        {ratios && (cropName ? <Badge variant="light">Crop {cropName}</Badge> : <Badge color="yellow" variant="light">Uncropped</Badge>)}
      </Group>
      {credits && <Text size="sm">Credits: {credits}</Text>}
    </Stack>
  );
}

/** The video in the browser's player, from a rendition else the original, as the editor's video preview plays it. */
function VideoPlayer({ media, title }: { media: MediaValue; title: string }) {
  const details = useArchiveMedia({ provider: media.provider, referenceId: media.referenceId });
  const renditions = useMediaRenditions(media.referenceId, { enabled: true });
  const found = details.data;
  const source = renditions.data?.renditions[0]?.url ?? resourceUrl(found, MEDIA_RESOURCE_TYPES.rendition) ?? resourceUrl(found, MEDIA_RESOURCE_TYPES.original);
  const duration = found?.duration ?? media.duration;
  return (
    <Stack gap="xs">
      <video
        controls
        autoPlay
        muted
        preload="metadata"
        src={source}
        poster={resourceUrl(found, MEDIA_RESOURCE_TYPES.poster)}
        aria-label={`${title} player`}
        style={{ display: 'block', width: '100%', maxHeight: '65vh', background: 'black', borderRadius: 4 }}
      />
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {found?.title ?? media.referenceId}
        </Text>
        {duration !== undefined && (
          <Text size="sm" c="dimmed">
            {formatMediaDuration(duration)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The gallery's images in a grid, each the version of its image asset most relevant to the gallery's locale. */
function GalleryGrid({ value, locale }: { value: unknown; locale: string }) {
  const api = useApiClient();
  const { imageDeliveryBaseUrl } = useAppConfig();
  const references = Array.isArray(value) ? value.flatMap((entry) => (assetReferenceSchema.safeParse(entry).success ? [assetReferenceSchema.parse(entry)] : [])) : [];
  const ids = [...new Set(references.map((reference) => reference.id))];
  // Sorted like the editor's reference fields ask, so an answer one of them cached serves here too.
  const sortedIds = ids.toSorted();
  const images = useQuery({
    queryKey: queryKeys.referencedAssets(sortedIds, locale),
    queryFn: async ({ signal }) => Object.fromEntries(mostRelevantVersions(await fetchVersionsOf(api, sortedIds, signal), locale)),
    enabled: ids.length > 0,
  });
  if (ids.length === 0) return <Note>This gallery has no images.</Note>;
  if (!images.data) return images.isError ? <Note>The gallery's images could not be loaded.</Note> : <Loader mx="auto" display="block" aria-label="Loading images" />;
  const shown = ids.flatMap((id) => (images.data[id] ? [images.data[id]] : []));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="list" aria-label="Gallery images">
      {shown.map((image) => {
        const media = image.image;
        const src = media ? imageUrlOf(media, { width: IMAGE_WIDTHS.medium, auto: true, ...(imageDeliveryBaseUrl ? { baseUrl: imageDeliveryBaseUrl } : {}) }) : image.imageUrl;
        return (
          <Stack key={image.id} gap={4} role="listitem">
            <Image src={src ?? undefined} fallbackSrc={media ? thumbnailUrlOf(media, IMAGE_WIDTHS.medium) : undefined} alt={image.title || UNTITLED} h={160} fit="cover" radius="sm" bg="gray.1" />
            <Text size="xs" truncate title={image.title}>
              {image.title || UNTITLED}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

function PanelBody({ item, preview }: { item: AssetListItem; preview: MediaPreview }) {
  const api = useApiClient();
  const href = item._links.self.href;
  const version = useQuery({
    queryKey: queryKeys.mediaPreview(href),
    queryFn: ({ signal }) => api.request({ path: href, response: 'assetVersion', signal }),
  });
  if (version.isError) {
    return (
      <Alert color="red" variant="light">
        The media could not be loaded.
      </Alert>
    );
  }
  if (!version.data) return <Loader mx="auto" display="block" aria-label="Loading media" />;
  const { content } = version.data;
  const value = content[preview.input]?.value;
  const title = item.title || UNTITLED;
  if (preview.kind === 'image-gallery') return <GalleryGrid value={value} locale={item.localization} />;
  const media = mediaOf(value);
  if (preview.kind === 'video') return media ? <VideoPlayer media={media} title={title} /> : <Note>This asset has no video.</Note>;
  if (!media) return <Note>{preview.kind === 'image' ? 'This asset has no image.' : 'This asset has no hero image.'}</Note>;
  const credits = textOf(content['credits']?.value) ?? textOf(media.attributes?.['credits']);
  return <LargeImage media={media} alt={title} credits={credits} ratios={preview.kind === 'hero-image' ? HERO_RATIOS : undefined} />;
}

/**
 * Spec 001 §2.3 media preview panel of a list card: an image large with its size and credits, a video playing in the
 * browser's player, a gallery's images in a grid, or a hero image through its crop. It reads the version when opened.
 */
export function MediaPreviewPanel({ item, opened, onClose }: { item: AssetListItem; opened: boolean; onClose: () => void }) {
  const preview = item.mediaPreview;
  if (!preview) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={`Preview ${MEDIA_PREVIEW_LABELS[preview.kind]} - ${item.title || UNTITLED}`} size="xl">
      {opened && <PanelBody item={item} preview={preview} />}
    </Modal>
  );
}
