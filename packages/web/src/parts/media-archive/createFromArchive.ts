import { MEDIA_PROVIDERS, MEDIA_RESOURCE_TYPES, creatableSpaces, type MediaLibraryItem, type MediaValue } from '@editor/domain';
import { resourceUrlOf } from './mediaCard.ts';

/** The stencil an archive item becomes, with the names of its media input and of the input its description goes to. */
const TARGETS = {
  image: { stencil: 'image', mediaInput: 'image', descriptionInput: 'teaser', isRichText: false },
  video: { stencil: 'video', mediaInput: 'video', descriptionInput: 'description', isRichText: true },
  audio: { stencil: 'podcast-episode', mediaInput: 'audio', descriptionInput: 'show-notes', isRichText: true },
} as const satisfies Record<MediaLibraryItem['contentType'], { stencil: string; mediaInput: string; descriptionInput: string; isRichText: boolean }>;

/** Spec 001 §9 media providers: image Cloudinary, audio RBMN Audio, video RBMN Video or, for the media partnerships channel, its own. */
export function providerOf(item: MediaLibraryItem): string {
  if (item.contentType === 'image') return MEDIA_PROVIDERS.image;
  if (item.contentType === 'audio') return MEDIA_PROVIDERS.audio;
  return item.attributes.channel === 'media-partnerships' ? MEDIA_PROVIDERS.partnershipVideo : MEDIA_PROVIDERS.video;
}

/**
 * Why an item cannot become an asset, or undefined when it can. Spec 000 §5: an image is usable only with a very
 * large image resource and an asset id, the id the image service knows it by; every archive image is an original
 * of our image store under its item id (docs/decisions.md "Archive images in image inputs"), so only the very large
 * image can be missing.
 */
export function creationProblemOf(item: MediaLibraryItem): string | undefined {
  if (item.contentType !== 'image') return undefined;
  if (!resourceUrlOf(item, MEDIA_RESOURCE_TYPES.veryLargeImage)) return `Asset '${item.id}' is missing the very large image.`;
  return undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as rich text: one paragraph per line break run. */
function richTextOf(text: string): string {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** The media value an archive item gives its asset's media input (spec 000 §3 media value). */
export function mediaValueOf(item: MediaLibraryItem): MediaValue {
  const { width, height, duration, blockedCountries } = item.attributes;
  return {
    provider: providerOf(item),
    referenceId: item.id,
    mediaType: item.contentType,
    ...(width === null ? {} : { width }),
    ...(height === null ? {} : { height }),
    ...(duration === null ? {} : { duration }),
    ...(blockedCountries.length > 0 ? { blockedIn: [...blockedCountries] } : {}),
    ...(item.contentType === 'image' ? imageFormatOf(item) : {}),
  };
}

/** An image value names its format as an upload's does (jpg, png), from the original's content type. */
function imageFormatOf(item: MediaLibraryItem): { imageFormat?: string } {
  const contentType = item.attributes.resources.find((resource) => resource.type === MEDIA_RESOURCE_TYPES.original)?.contentType;
  const format = { 'image/jpeg': 'jpg', 'image/png': 'png' }[contentType ?? ''];
  return format ? { imageFormat: format } : {};
}

/**
 * Spec 002 §4 "adding an image copies attributes into the asset": what an archive image tells about itself, by the
 * input of an image asset it belongs in (the credit, the title as alternative text, the description as caption).
 * Empty attributes give nothing.
 */
export function archiveImageAttributesOf(item: MediaLibraryItem): Record<string, string> {
  const { title, description, photographerCreditOption } = item.attributes;
  const candidates: Array<[string, string | null]> = [
    ['credits', photographerCreditOption],
    ['alt-text', title],
    ['caption', description],
  ];
  return Object.fromEntries(candidates.flatMap(([name, text]) => (text && text.trim() !== '' ? [[name, text.trim()]] : [])));
}

export interface ArchiveCreation {
  stencil: string;
  content: Record<string, { value: unknown }>;
}

/**
 * Spec 001 §7, creation from prefilled archive content: the stencil of the item's kind and its content, the media
 * value, the title, the description and, for video and audio, the duration. Throws for an item that cannot be
 * created (see `creationProblemOf`).
 */
export function archiveCreationOf(item: MediaLibraryItem): ArchiveCreation {
  const problem = creationProblemOf(item);
  if (problem) throw new Error(problem);
  const target = TARGETS[item.contentType];
  const { title, description, duration } = item.attributes;
  const content: Record<string, { value: unknown }> = {
    [target.mediaInput]: { value: mediaValueOf(item) },
    title: { value: title },
  };
  const text = target.isRichText ? richTextOf(description) : description.trim();
  if (text !== '') content[target.descriptionInput] = { value: text };
  if (item.contentType !== 'image' && duration !== null) content.duration = { value: duration };
  return { stencil: target.stencil, content };
}

/**
 * Where a new asset goes: the user's default space and preferred locale, as the create-content modal starts
 * with (spec 001 §2.4), or else the first the user may create in. A missing one gives the modal's warning (001 §5).
 */
export function creationTargetOf(input: {
  settings: { defaultSpace: string | null; preferredLocalization: string };
  rights: { roles: readonly string[]; spaces: readonly string[]; localizations: readonly string[] };
}): { space: string; localization: string } | { warning: string } {
  const spaces = creatableSpaces(input.rights);
  const { defaultSpace, preferredLocalization } = input.settings;
  const space = defaultSpace && spaces.includes(defaultSpace) ? defaultSpace : spaces[0];
  const localization = input.rights.localizations.includes(preferredLocalization) ? preferredLocalization : input.rights.localizations[0];
  if (!space) return { warning: 'Please select a space' };
  if (!localization) return { warning: 'Please select a localisation' };
  return { space, localization };
}

/** The create call's path (spec 000 §7 `POST /api/v1/assets/-/localizations/{locale}` with space and stencil). */
export function creationPath(input: { space: string; localization: string; stencil: string }): string {
  const query = new URLSearchParams({ space: input.space, 'container.stencil': input.stencil });
  return `/api/v1/assets/-/localizations/${encodeURIComponent(input.localization)}?${query.toString()}`;
}
