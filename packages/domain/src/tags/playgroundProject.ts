/**
 * Spec 001 §5, §7: playground project ids and the tag feed's origins. A project id is six digits, 'BP-' plus 13
 * alphanumerics, 'BP' plus 18 alphanumerics, or 'SPOD' plus six digits.
 */
const SIX_DIGITS = /^\d{6}$/;
const BP_DASH = /^BP-[A-Za-z0-9]{13}$/;
const BP_LONG = /^BP[A-Za-z0-9]{18}$/;
const SPOD = /^SPOD\d{6}$/;

/** Whether an id matches one of the BP patterns ('BP-' plus 13, or 'BP' plus 18 alphanumerics). */
export function isBpProjectId(id: string): boolean {
  return BP_DASH.test(id) || BP_LONG.test(id);
}

/** Spec 001 §5: whether a playground project id is valid at all. */
export function isPlaygroundProjectId(id: string): boolean {
  return SIX_DIGITS.test(id) || SPOD.test(id) || isBpProjectId(id);
}

/**
 * Spec 001 §5: a playground project can be created only when the entered id matches the BP pattern and a parent is
 * selected whose label does not itself match the BP pattern.
 */
export function canCreatePlaygroundProject(id: string, parent: { label: string } | null | undefined): boolean {
  return isBpProjectId(id.trim()) && parent != null && !isBpProjectId(parent.label.trim());
}

export const TAG_FEED_ORIGINS = ['meppconnect', 'mediaplanet', 'sap-business-warehouse'] as const;
export type TagFeedOrigin = (typeof TAG_FEED_ORIGINS)[number];

/**
 * Spec 001 §7: the tag feed query's origin, chosen by the id's pattern: BP ids are mediaplanet's (the origin of a
 * playground project, §3), SPOD ids the SAP business warehouse's, six-digit ids meppconnect's; other ids have none.
 */
export function tagFeedOriginOf(id: string): TagFeedOrigin | undefined {
  const trimmed = id.trim();
  if (isBpProjectId(trimmed)) return 'mediaplanet';
  if (SPOD.test(trimmed)) return 'sap-business-warehouse';
  if (SIX_DIGITS.test(trimmed)) return 'meppconnect';
  return undefined;
}

/** Spec 001 §9: the image gallery wizard's thumbnails. */
export const GALLERY_THUMBNAIL = { width: 240, height: 160 } as const;
