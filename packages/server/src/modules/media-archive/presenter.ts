import {
  MEDIA_PROVIDERS,
  MEDIA_RESOURCE_TYPES,
  type AudioMedia,
  type MediaContentType,
  type MediaChannel,
  type MediaLibraryItem,
  type MediaRenditions,
  type PreviewClipMarker,
  type VideoMedia,
} from '@editor/domain';
import { encodeArchiveCursor } from './cursor.ts';
import type { MediaClipMarkerRow, MediaItemRow } from './repository.ts';

/** Where an archive file is served (public, see routes.ts); root-relative like the image store's addresses. */
export const ARCHIVE_FILE_PATH = '/media/archive';

export const archiveFileUrl = (id: string, resourceType: string) => `${ARCHIVE_FILE_PATH}/${id}/${resourceType}`;

/** The stored files of an item by resource type, with their content types. */
export function storedFilesOf(row: MediaItemRow): Array<{ type: string; key: string; contentType: string }> {
  const files: Array<{ type: string; key: string; contentType: string }> = [{ type: MEDIA_RESOURCE_TYPES.original, key: row.original_key, contentType: row.original_content_type }];
  if (row.very_large_key) files.push({ type: MEDIA_RESOURCE_TYPES.veryLargeImage, key: row.very_large_key, contentType: 'image/jpeg' });
  if (row.poster_key) files.push({ type: MEDIA_RESOURCE_TYPES.poster, key: row.poster_key, contentType: 'image/jpeg' });
  return files;
}

const resourcesOf = (row: MediaItemRow) => storedFilesOf(row).map((file) => ({ type: file.type, url: archiveFileUrl(row.id, file.type), contentType: file.contentType }));
const blockedOf = (row: MediaItemRow): string[] => JSON.parse(row.blocked_countries) as string[];

export function presentMediaItem(row: MediaItemRow, usedIn: Array<{ id: string; localization: string }>): MediaLibraryItem {
  return {
    id: row.id,
    contentType: row.content_type as MediaContentType,
    attributes: {
      assetId: row.asset_id,
      title: row.title,
      description: row.description,
      photographerCreditOption: row.photographer_credit_option,
      campaignName: row.campaign_name,
      ingestTimestamp: row.ingest_timestamp,
      referenceKeyFrame: row.reference_key_frame,
      resources: resourcesOf(row),
      renditionsAvailable: row.renditions_available === 1,
      channel: row.channel as MediaChannel | null,
      blockedCountries: blockedOf(row),
      duration: row.duration,
      width: row.width,
      height: row.height,
    },
    relationships: { usedIn: { data: usedIn } },
    meta: { lastPublished: row.last_published_at, afterSearchPointer: encodeArchiveCursor({ ingestTimestamp: row.ingest_timestamp, id: row.id }) },
  };
}

/** The provider a media value names for the item (spec 001 §9): partnership videos have their own. */
export function providerOf(row: MediaItemRow): string {
  if (row.content_type === 'audio') return MEDIA_PROVIDERS.audio;
  if (row.content_type === 'video') return row.channel === 'media-partnerships' ? MEDIA_PROVIDERS.partnershipVideo : MEDIA_PROVIDERS.video;
  return MEDIA_PROVIDERS.image;
}

export function presentVideoMedia(row: MediaItemRow): VideoMedia {
  return {
    provider: providerOf(row),
    referenceId: row.id,
    contentType: 'video',
    mediaType: row.original_content_type,
    title: row.title,
    duration: row.duration ?? 0,
    width: row.width,
    height: row.height,
    codec: row.codec,
    blockedIn: blockedOf(row),
    renditionsAvailable: row.renditions_available === 1,
    resources: resourcesOf(row),
  };
}

export function presentAudioMedia(row: MediaItemRow): AudioMedia {
  return {
    provider: providerOf(row),
    referenceId: row.id,
    contentType: 'audio',
    mediaType: row.original_content_type,
    title: row.title,
    duration: row.duration ?? 0,
    blockedIn: blockedOf(row),
    resources: resourcesOf(row),
  };
}

/** What a player can stream: the stored original is the one rendition this archive keeps (docs/decisions.md). */
export function presentRenditions(row: MediaItemRow): MediaRenditions {
  if (row.renditions_available !== 1) return { renditionsAvailable: false, renditions: [] };
  return {
    renditionsAvailable: true,
    renditions: [
      {
        type: MEDIA_RESOURCE_TYPES.rendition,
        url: archiveFileUrl(row.id, MEDIA_RESOURCE_TYPES.original),
        contentType: row.original_content_type,
        ...(row.width !== null ? { width: row.width } : {}),
        ...(row.height !== null ? { height: row.height } : {}),
      },
    ],
  };
}

export const presentClipMarker = (row: MediaClipMarkerRow): PreviewClipMarker => ({ id: row.id, inpoint: row.inpoint, outpoint: row.outpoint });
