import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import {
  MEDIA_CHANNELS,
  MEDIA_PROVIDERS,
  canEditPreviewClips,
  previewClipMarkerProblem,
  visibleMediaChannels,
  type AudioMedia,
  type MediaChannel,
  type MediaContentType,
  type MediaLibraryPage,
  type MediaRenditions,
  type PreviewClipMarker,
  type Rights,
  type VideoMedia,
} from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { ImageFormat, ImageStore } from '../media/imageStore.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { decodeArchiveCursor, encodeArchiveCursor } from './cursor.ts';
import * as repository from './repository.ts';
import { presentAudioMedia, presentClipMarker, presentMediaItem, presentRenditions, presentVideoMedia, storedFilesOf } from './presenter.ts';

export interface ArchiveSearch {
  limit: number;
  q?: string | undefined;
  contentType?: MediaContentType | undefined;
  channel?: MediaChannel | undefined;
  searchAfter?: string | undefined;
}

/** A local file to move into the archive's store. */
export interface ArchiveFile {
  file: string;
  extension: string;
  contentType: string;
}

export interface NewMediaItem {
  id?: string;
  contentType: MediaContentType;
  title: string;
  description?: string;
  photographerCreditOption?: string | null;
  campaignName?: string | null;
  ingestTimestamp?: string;
  referenceKeyFrame?: string | null;
  channel?: MediaChannel | null;
  blockedCountries?: readonly string[];
  /** Seconds. */
  duration?: number | null;
  width?: number | null;
  height?: number | null;
  codec?: string | null;
  original: ArchiveFile & { bytes: number };
  poster?: ArchiveFile | undefined;
  veryLargeImage?: ArchiveFile | undefined;
}

/** A stored file ready to send: where it is, what it is, how long it is. */
export interface ArchiveFileInfo {
  key: string;
  contentType: string;
  size: number;
}

const VIDEO_PROVIDERS: readonly string[] = [MEDIA_PROVIDERS.video, MEDIA_PROVIDERS.partnershipVideo];

/** The image store's formats of the originals an archive image may have (the import takes jpg and png). */
const IMAGE_STORE_FORMATS: Readonly<Record<string, ImageFormat>> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The image store's calls that register an archive image as one of its originals. */
export type ArchiveImageStore = Pick<ImageStore, 'ensureTmpDir' | 'temporaryFile' | 'storeOriginal'>;

/**
 * Makes an archive image's original an original of the image store under the item's id, so image values, delivery
 * URLs and the media call name it as they name uploads (docs/decisions.md "Archive images in image inputs"). A hard
 * link shares the bytes with the archive's copy; only across file systems is the file copied.
 */
async function registerImage(images: ArchiveImageStore, input: { id: string; original: ArchiveFile }): Promise<void> {
  const format = IMAGE_STORE_FORMATS[input.original.contentType];
  if (!format) return;
  const target = images.temporaryFile(await images.ensureTmpDir());
  try {
    await fs.link(input.original.file, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await fs.copyFile(input.original.file, target);
  }
  await images.storeOriginal({ sourceFile: target, referenceId: input.id, format });
}

/** Lower-case words of a search text. */
const wordsOf = (q: string | undefined) => (q ?? '').toLowerCase().split(/\s+/).filter((word) => word.length > 0);

/** The media archive (spec 000 §3, §7; 001 §2.7; 002 §7): items, their files, media answers and preview clip markers. */
export function createMediaArchiveService(deps: { db: Kysely<DB>; store: BlobStore; images?: ArchiveImageStore | undefined; now?: () => Date }) {
  const { db, store } = deps;
  const now = () => (deps.now ? deps.now() : new Date()).toISOString();

  /** The item when the user may see its channel; a hidden item is as unknown as a missing one. */
  async function visibleItem(rights: Rights, id: string): Promise<repository.MediaItemRow> {
    const row = await repository.findMediaItem(db, id);
    const channels: readonly string[] = visibleMediaChannels(rights);
    if (!row || (row.channel !== null && !channels.includes(row.channel))) throw notFound(`No media archive item '${id}'.`);
    return row;
  }

  async function videoOf(rights: Rights, referenceId: string): Promise<repository.MediaItemRow> {
    const row = await visibleItem(rights, referenceId);
    if (row.content_type !== 'video') throw notFound(`No video '${referenceId}'.`);
    return row;
  }

  return {
    /** Whether the archive holds an image the user may see under this id (an image an editor may add from Add media). */
    async isVisibleImage(rights: Rights, id: string): Promise<boolean> {
      try {
        return (await visibleItem(rights, id)).content_type === 'image';
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return false;
        throw error;
      }
    },

    async search(rights: Rights, query: ArchiveSearch): Promise<MediaLibraryPage> {
      const { rows, total } = await repository.searchMediaItems(db, {
        words: wordsOf(query.q),
        contentType: query.contentType,
        channel: query.channel,
        visibleChannels: visibleMediaChannels(rights),
        allChannels: MEDIA_CHANNELS,
        after: query.searchAfter ? decodeArchiveCursor(query.searchAfter) : undefined,
        limit: query.limit,
      });
      const usage = await repository.findItemUsage(db, { itemIds: rows.map((row) => row.id), spaces: rights.spaces });
      const last = rows.at(-1);
      return {
        data: rows.map((row) => presentMediaItem(row, usage.get(row.id) ?? [])),
        meta: { afterSearchPointer: last && rows.length === query.limit ? encodeArchiveCursor({ ingestTimestamp: last.ingest_timestamp, id: last.id }) : null, total },
      };
    },

    /** Moves the item's files into the store and records it; answers its id. */
    async addItem(input: NewMediaItem): Promise<string> {
      const id = input.id ?? crypto.randomUUID();
      const keyOf = (name: string, file: ArchiveFile) => `${id}-${name}.${file.extension}`;
      const description = input.description ?? '';
      const posterKey = input.poster ? keyOf('poster', input.poster) : null;
      const veryLargeKey = input.veryLargeImage ? keyOf('large', input.veryLargeImage) : null;
      // Before the original moves into the archive's store: the image store links the same file.
      if (input.contentType === 'image' && deps.images) await registerImage(deps.images, { id, original: input.original });
      await store.put(keyOf('original', input.original), input.original.file);
      if (input.poster && posterKey) await store.put(posterKey, input.poster.file);
      if (input.veryLargeImage && veryLargeKey) await store.put(veryLargeKey, input.veryLargeImage.file);
      await repository.insertMediaItem(db, {
        id,
        content_type: input.contentType,
        title: input.title,
        description,
        search_text: `${input.title}\n${description}`.toLowerCase(),
        photographer_credit_option: input.photographerCreditOption ?? null,
        campaign_name: input.campaignName ?? null,
        ingest_timestamp: input.ingestTimestamp ?? now(),
        reference_key_frame: input.referenceKeyFrame ?? null,
        channel: input.channel ?? null,
        blocked_countries: JSON.stringify(input.blockedCountries ?? []),
        duration: input.duration ?? null,
        width: input.width ?? null,
        height: input.height ?? null,
        codec: input.codec ?? null,
        // The stored original is what a player streams; audio and video have it once stored.
        renditions_available: input.contentType === 'image' ? 0 : 1,
        original_key: keyOf('original', input.original),
        original_content_type: input.original.contentType,
        original_bytes: input.original.bytes,
        poster_key: posterKey,
        very_large_key: veryLargeKey,
        asset_id: null,
        last_published_at: null,
      });
      return id;
    },

    countItems: () => repository.countMediaItems(db),

    /** A stored file of an item by resource type; 404 for an unknown item or a resource it does not have. */
    async fileOf(id: string, resourceType: string): Promise<ArchiveFileInfo> {
      const row = await repository.findMediaItem(db, id);
      const wanted = row ? storedFilesOf(row).find((file) => file.type === resourceType) : undefined;
      if (!wanted) throw notFound(`No '${resourceType}' file of media archive item '${id}'.`);
      try {
        return { key: wanted.key, contentType: wanted.contentType, size: await store.size(wanted.key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(`The '${resourceType}' file of media archive item '${id}' is gone.`);
        throw error;
      }
    },

    streamFile: (key: string, range?: { start: number; end: number }) => store.stream(key, range),

    /** `GET /api/v1/media` for a video or audio provider: the item must be of the provider's kind. */
    async describeMedia(rights: Rights, input: { provider: string; referenceId: string }): Promise<VideoMedia | AudioMedia> {
      if (input.provider === MEDIA_PROVIDERS.audio) {
        const row = await visibleItem(rights, input.referenceId);
        if (row.content_type !== 'audio') throw notFound(`No audio '${input.referenceId}'.`);
        return presentAudioMedia(row);
      }
      if (VIDEO_PROVIDERS.includes(input.provider)) return presentVideoMedia(await videoOf(rights, input.referenceId));
      throw badRequest(`provider: '${input.provider}' is not a media archive provider.`);
    },

    async renditions(rights: Rights, referenceId: string): Promise<MediaRenditions> {
      const row = await visibleItem(rights, referenceId);
      if (row.content_type === 'image') throw notFound(`No video or audio '${referenceId}'.`);
      return presentRenditions(row);
    },

    async listMarkers(rights: Rights, referenceId: string): Promise<PreviewClipMarker[]> {
      await videoOf(rights, referenceId);
      return (await repository.listClipMarkers(db, referenceId)).map(presentClipMarker);
    },

    async createMarker(input: { rights: Rights; userId: string; referenceId: string; inpoint: number; outpoint: number }): Promise<PreviewClipMarker> {
      const row = await videoOf(input.rights, input.referenceId);
      if (!canEditPreviewClips(input.rights)) throw forbidden('Only editors may set preview clips.');
      checkBounds(input, row);
      const at = now();
      const marker = { id: crypto.randomUUID(), media_item_id: row.id, inpoint: input.inpoint, outpoint: input.outpoint, created_by: input.userId, created_at: at, updated_at: at };
      await repository.insertClipMarker(db, marker);
      return presentClipMarker(marker);
    },

    async updateMarker(input: { rights: Rights; referenceId: string; markerId: string; inpoint: number; outpoint: number }): Promise<PreviewClipMarker> {
      const row = await videoOf(input.rights, input.referenceId);
      if (!canEditPreviewClips(input.rights)) throw forbidden('Only editors may set preview clips.');
      checkBounds(input, row);
      const updated = await repository.updateClipMarker(db, { itemId: row.id, markerId: input.markerId, inpoint: input.inpoint, outpoint: input.outpoint, at: now() });
      if (!updated) throw notFound(`No preview clip marker '${input.markerId}' of video '${row.id}'.`);
      return { id: input.markerId, inpoint: input.inpoint, outpoint: input.outpoint };
    },
  };
}

/** Spec 002 §5: a marker outside the video is refused before anything is stored. */
function checkBounds(marker: { inpoint: number; outpoint: number }, row: repository.MediaItemRow): void {
  const problem = previewClipMarkerProblem(marker, Math.floor((row.duration ?? 0) * 1000));
  if (problem) throw badRequest(problem);
}

export type MediaArchiveService = ReturnType<typeof createMediaArchiveService>;
