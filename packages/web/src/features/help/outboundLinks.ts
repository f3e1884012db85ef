import type { AppConfig } from '@editor/domain';

/** Spec 000 §2: the other places the app links out to; the labels are ours (the spec names the places, not their texts). */
export const OUTBOUND_LINKS = [
  { key: 'cultureSite', label: 'Culture site' },
  { key: 'sportsSite', label: 'Sports site' },
  { key: 'eventsFaq', label: 'Events FAQ' },
  { key: 'teamSupport', label: 'Team support' },
  { key: 'uriSlugRegistry', label: 'URI slug registry' },
  { key: 'experienceSite', label: 'Experience site' },
] as const satisfies ReadonlyArray<{ key: keyof AppConfig['links']; label: string }>;

/** The outbound links that are configured, in the order above; an unset one is left out. */
export function configuredOutboundLinks(links: AppConfig['links']): Array<{ key: string; label: string; href: string }> {
  return OUTBOUND_LINKS.flatMap(({ key, label }) => {
    const href = links[key];
    return href ? [{ key, label, href }] : [];
  });
}
