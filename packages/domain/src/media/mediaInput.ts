import { z } from 'zod';
import { audioMediaSchema, MEDIA_PROVIDERS, videoMediaSchema, type MediaContentType } from './mediaLibrary.ts';

/** Spec 002 §6: the providers whose media come from the media archive (video and audio inputs). */
export const MEDIA_INPUT_PROVIDERS: readonly string[] = [MEDIA_PROVIDERS.video, MEDIA_PROVIDERS.partnershipVideo, MEDIA_PROVIDERS.audio];

/** Spec 002 §6: a service input whose providers are all media providers is a video or audio input. */
export function isMediaProviderInput(input: { type: string; constraints?: { providers?: readonly string[] | undefined } | undefined }): boolean {
  const providers = input.constraints?.providers;
  return input.type === 'service' && providers !== undefined && providers.length > 0 && providers.every((provider) => MEDIA_INPUT_PROVIDERS.includes(provider));
}

/** Spec 002 §2 Add media: what a media input searches for — audio when it takes only RBMN Audio, else video. */
export function mediaContentTypeOf(providers: readonly string[]): Extract<MediaContentType, 'video' | 'audio'> {
  return providers.length > 0 && providers.every((provider) => provider === MEDIA_PROVIDERS.audio) ? 'audio' : 'video';
}

/**
 * Spec 001 §9, 002 §6: the provider a chosen archive item gets in an input — the item's own when the input takes it,
 * else the input's first provider of the same kind (a partnership video in an input that takes only RBMN Video).
 */
export function providerForInput({ itemProvider, providers }: { itemProvider: string; providers: readonly string[] }): string {
  if (providers.includes(itemProvider)) return itemProvider;
  const isAudio = itemProvider === MEDIA_PROVIDERS.audio;
  return providers.find((provider) => (provider === MEDIA_PROVIDERS.audio) === isAudio) ?? itemProvider;
}

/** Spec 002 §6: the banner of a video input, where direct video uploads are no longer offered. */
export const VIDEO_UPLOAD_BANNER = 'Direct video uploads are no longer available. Add a video from the media archive instead.';

/** Spec 002 §8: the providers whose videos stream without our renditions, so no warning is shown for them. */
export const PROVIDERS_WITHOUT_RENDITION_WARNING: readonly string[] = ['cartoon-video', 'rally-tv', 'servustv'];

export const RENDITIONS_MESSAGES = {
  available: 'Renditions are available.',
  missing:
    'Currently, there are no compatible versions of this video available for streaming. Please check back later or contact support if the issue persists.',
} as const;

/** Spec 002 §8 video renditions: the info when there are renditions, the warning when not (except for some providers), else nothing. */
export function renditionsCallout({ provider, renditionsAvailable }: { provider: string; renditionsAvailable: boolean }): { kind: 'info' | 'warning'; text: string } | null {
  if (renditionsAvailable) return { kind: 'info', text: RENDITIONS_MESSAGES.available };
  if (PROVIDERS_WITHOUT_RENDITION_WARNING.includes(provider)) return null;
  return { kind: 'warning', text: RENDITIONS_MESSAGES.missing };
}

/** Spec 002 §4: the geoblocked country list names this many countries before 'Show all'. */
export const GEOBLOCK_SHORT_LIST = 3;

/** A media duration in seconds as m:ss, or h:mm:ss from an hour on. */
export function formatMediaDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** `GET /api/v1/media` for a video or audio input's value (spec 002 §7 media lookup): either answer, by its content type. */
export const archiveMediaSchema = z.discriminatedUnion('contentType', [videoMediaSchema, audioMediaSchema]);
export type ArchiveMedia = z.infer<typeof archiveMediaSchema>;
