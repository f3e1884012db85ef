/** What decides whether a version is delivered: its status, its unpublish date and its asset's embargo (ISO UTC or null). */
export interface LivenessInput {
  status: string;
  /** The scheduled unpublish (`publishSchedule.endDate`), if any. */
  publishEnd: string | null;
  embargoStart: string | null;
  embargoEnd: string | null;
}

/**
 * Delivery of spec 002 §4 (publish flow) and §5 (publish and dates): a version is live while its status is published
 * (a scheduled publish makes it so when the scheduler runs it, not before), before its unpublish date (an unpublish
 * that is due hides it even before the scheduler has run it), and inside its asset's embargo, both ends included as
 * publishing checks them. A future publish date on a published version schedules a republish: the version stays live.
 */
export function isLive(version: LivenessInput, at: Date): boolean {
  if (version.status !== 'published') return false;
  const time = at.getTime();
  if (version.publishEnd !== null && time >= Date.parse(version.publishEnd)) return false;
  if (version.embargoStart !== null && time < Date.parse(version.embargoStart)) return false;
  if (version.embargoEnd !== null && time > Date.parse(version.embargoEnd)) return false;
  return true;
}
