import { z } from 'zod';
import { isBucketVisible } from '../permissions/facetRestrictors.ts';
import { isCreator, type Rights } from '../permissions/roles.ts';

/** Spec 000 §3, 001 §2.7: what the media archive holds. */
export const MEDIA_CONTENT_TYPES = ['image', 'video', 'audio'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/** Spec 001 §2.7: the archive's channel filter (its player account follows it: cartoons, media partnerships, default). */
export const MEDIA_CHANNELS = ['cartoons', 'media-partnerships'] as const;
export type MediaChannel = (typeof MEDIA_CHANNELS)[number];

/** Spec 001 §9 media providers: image Cloudinary, audio RBMN Audio, video RBMN Video (Media Partnerships Video in a special case). */
export const MEDIA_PROVIDERS = { image: 'cloudinary', audio: 'rbmn-audio', video: 'rbmn-video', partnershipVideo: 'media-partnerships-video' } as const;

/** Resource types of an archive item: the original file, the very large image (000 §5), a poster frame, a rendition a player streams. */
export const MEDIA_RESOURCE_TYPES = { original: 'original', veryLargeImage: 'image-very-large', poster: 'poster', rendition: 'rendition' } as const;

export const mediaResourceSchema = z.object({ type: z.string(), url: z.string(), contentType: z.string().optional() });

/** Spec 000 §3 media library item (with 001 §3's usedIn). */
export const mediaLibraryItemSchema = z.object({
  id: z.string(),
  contentType: z.enum(MEDIA_CONTENT_TYPES),
  attributes: z.object({
    assetId: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    photographerCreditOption: z.string().nullable(),
    campaignName: z.string().nullable(),
    ingestTimestamp: z.string(),
    referenceKeyFrame: z.string().nullable(),
    resources: z.array(mediaResourceSchema),
    renditionsAvailable: z.boolean(),
    channel: z.enum(MEDIA_CHANNELS).nullable(),
    blockedCountries: z.array(z.string()),
    /** Seconds, for video and audio. */
    duration: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
  relationships: z.object({ usedIn: z.object({ data: z.array(z.object({ id: z.string(), localization: z.string() })) }) }),
  meta: z.object({ lastPublished: z.string().nullable(), afterSearchPointer: z.string() }),
});
export type MediaLibraryItem = z.infer<typeof mediaLibraryItemSchema>;

/** `GET /api/v1/sparkle/assets` (spec 000 §7): a page of the archive, newest ingest first, and the cursor of the next. */
export const mediaLibraryPageSchema = z.object({
  data: z.array(mediaLibraryItemSchema),
  meta: z.object({ afterSearchPointer: z.string().nullable(), total: z.number() }),
});
export type MediaLibraryPage = z.infer<typeof mediaLibraryPageSchema>;

/** Spec 001 §2.7: a card's title is cut to 32 characters. */
export const MEDIA_CARD_TITLE_LIMIT = 32;

/** Spec 001 §2.7, 002 §9: the geoblock tooltip names up to 3 countries, then 'and N other countries'. */
export function geoblockText(countries: readonly string[]): string {
  const shown = countries.slice(0, 3).join(', ');
  const others = countries.length - 3;
  return others > 0 ? `${shown} and ${others} other countries` : shown;
}

/** Spec 002 §3 preview clip marker; spec 002 §5: in and out points in milliseconds. */
export const previewClipMarkerSchema = z.object({ id: z.string(), inpoint: z.number(), outpoint: z.number() });
export type PreviewClipMarker = z.infer<typeof previewClipMarkerSchema>;
export const previewClipMarkerInputSchema = z.strictObject({ inpoint: z.number().int(), outpoint: z.number().int() });

/**
 * Spec 002 §5 preview clip bounds: the start lies in [0, end), the end in (start, media duration]; whole milliseconds.
 * Answers the problem in words, or null when the marker fits the media.
 */
export function previewClipMarkerProblem(marker: { inpoint: number; outpoint: number }, durationMs: number): string | null {
  const { inpoint, outpoint } = marker;
  if (!Number.isInteger(inpoint) || !Number.isInteger(outpoint)) return 'inpoint and outpoint are whole milliseconds.';
  if (inpoint < 0) return 'inpoint: the clip cannot start before 0.';
  if (outpoint <= inpoint) return 'outpoint: the clip must end after it starts.';
  if (outpoint > durationMs) return `outpoint: the clip cannot end after the media's end (${durationMs} ms).`;
  return null;
}

/** `GET /api/v1/media?provider=rbmn-video|media-partnerships-video&referenceId=` for an archive video (spec 000 §7). */
export const videoMediaSchema = z.object({
  provider: z.string(),
  referenceId: z.string(),
  contentType: z.literal('video'),
  mediaType: z.string(),
  title: z.string(),
  /** Seconds. */
  duration: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  codec: z.string().nullable(),
  blockedIn: z.array(z.string()),
  renditionsAvailable: z.boolean(),
  resources: z.array(mediaResourceSchema),
});
export type VideoMedia = z.infer<typeof videoMediaSchema>;

/** `GET /api/v1/media?provider=rbmn-audio&referenceId=` for an archive audio file (spec 000 §7). */
export const audioMediaSchema = z.object({
  provider: z.string(),
  referenceId: z.string(),
  contentType: z.literal('audio'),
  mediaType: z.string(),
  title: z.string(),
  /** Seconds. */
  duration: z.number(),
  blockedIn: z.array(z.string()),
  resources: z.array(mediaResourceSchema),
});
export type AudioMedia = z.infer<typeof audioMediaSchema>;

/** The renditions of an archive item (spec 002 §7 "video renditions by referenceId"): what a player can stream. */
export const mediaRenditionsSchema = z.object({
  renditionsAvailable: z.boolean(),
  renditions: z.array(z.object({ type: z.string(), url: z.string(), contentType: z.string(), width: z.number().optional(), height: z.number().optional() })),
});
export type MediaRenditions = z.infer<typeof mediaRenditionsSchema>;

/** Spec 000 §6 restricted buckets applied to the archive's channels: cartoons for taxonomy managers, media partnerships for that space. */
export function visibleMediaChannels(rights: Rights): MediaChannel[] {
  return MEDIA_CHANNELS.filter((channel) => isBucketVisible({ name: channel, label: channel }, rights));
}

/** Spec 002 §7 preview clip markers: set by creators (content-editor, content-manager) who hold a space. */
export function canEditPreviewClips(rights: Rights): boolean {
  return isCreator(rights) && rights.spaces.length > 0;
}
