/** Spec 000 §9: videos run at 24 frames per second; a frame field takes 0 to 23 (spec 002 §5). */
export const FRAME_RATE = 24;
export const LAST_FRAME = FRAME_RATE - 1;

/** The end a new preview clip is given when the video is longer: its first 10 seconds. */
export const DEFAULT_CLIP_LENGTH_MS = 10_000;

export interface Clip {
  /** Milliseconds. */
  inpoint: number;
  /** Milliseconds. */
  outpoint: number;
}

/** A point of a video as the form shows it: whole seconds and the frame within that second. */
export interface Timecode {
  seconds: number;
  frame: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const whole = (value: number, fallback: number) => (Number.isFinite(value) ? Math.round(value) : fallback);

/** A frame number forced into 0–23; anything not a number is frame 0. */
export function clampFrame(frame: number): number {
  return Number.isFinite(frame) ? clamp(Math.trunc(frame), 0, LAST_FRAME) : 0;
}

/** The second and frame a point in milliseconds falls in. */
export function timecodeFromMs(ms: number): Timecode {
  const point = Math.max(0, Math.floor(ms));
  return { seconds: Math.floor(point / 1000), frame: Math.floor(((point % 1000) * FRAME_RATE) / 1000) };
}

/**
 * The first whole millisecond of a frame. Rounded up, so that reading it back with `timecodeFromMs` gives the same
 * frame (frame 23 starts at 958.33 ms: 958 would read as frame 22).
 */
export function msFromTimecode({ seconds, frame }: Timecode): number {
  return Math.max(0, Math.trunc(seconds)) * 1000 + Math.ceil((clampFrame(frame) * 1000) / FRAME_RATE);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Whole seconds as mm:ss, or h:mm:ss from an hour on. */
export function formatClipTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

/** Reads mm:ss, h:mm:ss or plain seconds into whole seconds; null when the text is none of these. */
export function parseClipTime(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const numbers = parts.map(Number);
  const [seconds = 0, minutes = 0, hours = 0] = numbers.toReversed();
  // The first part may run over (90:00 is 90 minutes); a later one is a place on a clock face.
  if (numbers.length > 1 && seconds > 59) return null;
  if (numbers.length > 2 && minutes > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * Spec 002 §5 preview clip bounds, applied by clamping: the start lies within 0 and the end, the end between the
 * start and the media's duration, in whole milliseconds (the duration is cut to whole milliseconds, as the server
 * does). `moved` names the point just set: it is clamped against the other, which stays where it is unless it lies
 * outside the media itself.
 */
export function clampClip(clip: Clip, durationMs: number, moved: keyof Clip = 'inpoint'): Clip {
  const duration = Math.max(1, Math.floor(durationMs));
  if (moved === 'outpoint') {
    const inpoint = clamp(whole(clip.inpoint, 0), 0, duration - 1);
    return { inpoint, outpoint: clamp(whole(clip.outpoint, duration), inpoint + 1, duration) };
  }
  const outpoint = clamp(whole(clip.outpoint, duration), 1, duration);
  return { inpoint: clamp(whole(clip.inpoint, 0), 0, outpoint - 1), outpoint };
}

/** The clip a video without a marker starts with: from 0 to the default length, or the whole video when shorter. */
export function defaultClip(durationMs: number): Clip {
  return clampClip({ inpoint: 0, outpoint: Math.min(durationMs, DEFAULT_CLIP_LENGTH_MS) }, durationMs);
}
