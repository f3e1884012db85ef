import type { Rights } from './roles.ts';

/**
 * Spec 000 §6, 001 §6: restricted taxonomy buckets. The cartoons bucket needs taxonomy-manager; the
 * media-partnerships bucket needs the media-partnerships space. A bucket is matched by its name or its label.
 */
const RESTRICTED_BUCKETS: ReadonlyArray<{ bucket: string; allowed: (rights: Rights) => boolean }> = [
  { bucket: 'cartoons', allowed: (rights) => rights.roles.includes('taxonomy-manager') },
  { bucket: 'media-partnerships', allowed: (rights) => rights.spaces.includes('media-partnerships') },
];

const slug = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

/** Whether a facet bucket is shown to a user (spec 000 §6 facet restrictors). */
export function isBucketVisible(bucket: { name: string; label: string }, rights: Rights): boolean {
  const names = new Set([slug(bucket.name), slug(bucket.label)]);
  return RESTRICTED_BUCKETS.every((restriction) => !names.has(restriction.bucket) || restriction.allowed(rights));
}
