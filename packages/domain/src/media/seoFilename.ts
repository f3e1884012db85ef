import type { ImageDescription } from './imageUpload.ts';

/** Spec 002 §5: an SEO filename is lower-case words of letters and digits joined by single dashes. */
export const SEO_FILENAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const EXTENSION = /\.(jpe?g|png|svg|gif|webp|avif)$/i;

/**
 * Spec 001 §5, 002 §5: an SEO filename formatted with dashes, e.g. "Cliff Diving – Mostar.JPG" → "cliff-diving-mostar".
 * A file extension is removed; accents lose their marks; other characters become dashes.
 */
export function seoFilenameOf(text: string): string {
  return text
    .trim()
    .replace(EXTENSION, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

const withoutFinalMark = (text: string) => text.trim().replace(/[.!]+$/, '').trim();

/** Spec 001 §5: title and teaser lose a trailing period or exclamation mark; the seo-filename is normalised. */
export function normalizeImageDescription(description: ImageDescription): ImageDescription {
  return { title: withoutFinalMark(description.title), teaser: withoutFinalMark(description.teaser), 'seo-filename': seoFilenameOf(description['seo-filename']) };
}
