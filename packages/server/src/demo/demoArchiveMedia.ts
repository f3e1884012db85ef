/**
 * The demo archive's videos and audio files, which the demo content's video and audio values name: fixed ids, so
 * the content (seeded first) and the archive (seeded after it) agree whichever runs first, and the players of the
 * demo assets play. The seconds are those the archive's files are made with.
 */
export const DEMO_ARCHIVE_VIDEOS = [{ id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000006', seconds: 6, width: 640, height: 360 }] as const;

/** The media-partnerships channel's film: only its channel's users see it, so no demo value names it. */
export const DEMO_PARTNER_VIDEO = { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000007', seconds: 4, width: 640, height: 360 } as const;

export const DEMO_ARCHIVE_AUDIO = [
  { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000004', seconds: 3, frequency: 220 },
  { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000005', seconds: 4, frequency: 440 },
] as const;
