import {
  DELIVERY_PATH,
  IMAGE_PROVIDER,
  IMAGE_WIDTHS,
  MEDIA_CARD_TITLE_LIMIT,
  MEDIA_RESOURCE_TYPES,
  imageUrlOf,
  type MediaChannel,
  type MediaLibraryItem,
} from '@editor/domain';

const ELLIPSIS = '…';

/** Spec 001 §2.7, §9: a card's title is cut to 32 characters, the cut shown by an ellipsis within them. */
export function cardTitle(title: string): { text: string; isCut: boolean } {
  const chars = Array.from(title.trim());
  if (chars.length <= MEDIA_CARD_TITLE_LIMIT) return { text: title.trim(), isCut: false };
  return { text: `${chars.slice(0, MEDIA_CARD_TITLE_LIMIT - 1).join('').trimEnd()}${ELLIPSIS}`, isCut: true };
}

/** The URL of an item's resource of a type, if it has one. */
export function resourceUrlOf(item: MediaLibraryItem, type: string): string | undefined {
  return item.attributes.resources.find((resource) => resource.type === type)?.url;
}

/**
 * An image URL at the thumbnail width (spec 000 §9: 200) when it is one of our image delivery's, whatever size it
 * asked for; any other URL as it is, since only our delivery resizes.
 */
export function smallImageUrl(url: string): string {
  if (!url.startsWith(`${DELIVERY_PATH}/`)) return url;
  const referenceId = url.split(/[?#]/)[0]?.split('/').at(-1) ?? '';
  return imageUrlOf({ provider: IMAGE_PROVIDER, referenceId }, { width: IMAGE_WIDTHS.thumbnail, auto: true }) ?? url;
}

export type CardThumbnail = { kind: 'image'; url: string } | { kind: 'audio' } | { kind: 'none' };

/** What a card shows above its texts: an image its very large image or poster, a video its poster, audio an icon. */
export function cardThumbnail(item: MediaLibraryItem): CardThumbnail {
  if (item.contentType === 'audio') return { kind: 'audio' };
  const url =
    item.contentType === 'image'
      ? (resourceUrlOf(item, MEDIA_RESOURCE_TYPES.veryLargeImage) ?? resourceUrlOf(item, MEDIA_RESOURCE_TYPES.poster))
      : resourceUrlOf(item, MEDIA_RESOURCE_TYPES.poster);
  return url === undefined ? { kind: 'none' } : { kind: 'image', url: smallImageUrl(url) };
}

export type PreviewSource = { kind: MediaLibraryItem['contentType']; url: string; posterUrl?: string | undefined };

/**
 * What the preview modal plays or shows (spec 001 §2.7): a video or audio its rendition when one is available,
 * else its original; an image its very large image, else its original. Nothing when the item has none of these.
 */
export function previewSourceOf(item: MediaLibraryItem): PreviewSource | undefined {
  const { original, veryLargeImage, rendition, poster } = MEDIA_RESOURCE_TYPES;
  const url =
    item.contentType === 'image'
      ? (resourceUrlOf(item, veryLargeImage) ?? resourceUrlOf(item, original))
      : ((item.attributes.renditionsAvailable ? resourceUrlOf(item, rendition) : undefined) ?? resourceUrlOf(item, original));
  if (url === undefined) return undefined;
  return { kind: item.contentType, url, posterUrl: item.contentType === 'video' ? resourceUrlOf(item, poster) : undefined };
}

export type PlayerAccount = MediaChannel | 'default';

/** Spec 001 §2.7: the player account by channel, the item's own or else the channel filtered by; default otherwise. */
export function playerAccountOf(item: MediaLibraryItem, filteredChannel: MediaChannel | undefined): PlayerAccount {
  return item.attributes.channel ?? filteredChannel ?? 'default';
}
