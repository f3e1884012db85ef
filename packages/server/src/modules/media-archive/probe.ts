import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { fileTypeFromFile } from 'file-type';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import type { MediaContentType } from '@editor/domain';

/** What the archive learns of a file from its bytes. */
export interface ProbedMedia {
  contentType: MediaContentType;
  mimeType: string;
  extension: string;
  /** Seconds, for video and audio. */
  duration: number | null;
  width: number | null;
  height: number | null;
  codec: string | null;
}

/** The file types the archive takes, by the type `file-type` reads from the bytes. */
const ACCEPTED: Record<string, { contentType: MediaContentType; extension: string }> = {
  'image/jpeg': { contentType: 'image', extension: 'jpg' },
  'image/png': { contentType: 'image', extension: 'png' },
  'video/mp4': { contentType: 'video', extension: 'mp4' },
  'audio/mpeg': { contentType: 'audio', extension: 'mp3' },
  'audio/wav': { contentType: 'audio', extension: 'wav' },
};

/** MP4 boxes are read in pieces of this size until the movie header is complete; the file is never held whole. */
const CHUNK_BYTES = 1024 * 1024;

/** The movie header of an MP4: duration, the first video track's size and codec. Rejects a file without a readable one. */
async function probeMp4(file: string): Promise<Pick<ProbedMedia, 'duration' | 'width' | 'height' | 'codec'>> {
  const movie = await new Promise<Movie>((resolve, reject) => {
    const isoFile = createFile();
    let isDone = false;
    isoFile.onReady = (info) => {
      isDone = true;
      resolve(info);
    };
    isoFile.onError = (module, message) => {
      isDone = true;
      reject(new Error(`not a readable MP4 (${module}: ${message})`));
    };
    const stream = fs.createReadStream(file, { highWaterMark: CHUNK_BYTES });
    let offset = 0;
    stream.on('data', (chunk) => {
      if (isDone) return void stream.destroy();
      const bytes = chunk as Buffer;
      const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      isoFile.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
      offset += bytes.byteLength;
    });
    stream.on('error', reject);
    stream.on('close', () => {
      if (isDone) return;
      isoFile.flush();
      if (!isDone) reject(new Error('not a readable MP4 (no complete movie header)'));
    });
  });
  const video = movie.videoTracks[0];
  if (!movie.timescale || !movie.duration) throw new Error('not a readable MP4 (no duration)');
  return {
    duration: movie.duration / movie.timescale,
    width: video?.video?.width ?? video?.track_width ?? null,
    height: video?.video?.height ?? video?.track_height ?? null,
    codec: video?.codec ?? movie.audioTracks[0]?.codec ?? null,
  };
}

async function probeAudio(file: string): Promise<Pick<ProbedMedia, 'duration'>> {
  const metadata = await parseFile(file, { duration: true, skipCovers: true });
  const { duration } = metadata.format;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) throw new Error('not a readable audio file (no duration)');
  return { duration };
}

async function probeImage(file: string): Promise<Pick<ProbedMedia, 'width' | 'height'>> {
  // The whole image is decoded once, so a damaged file is refused here rather than at its first rendition.
  const { info } = await sharp(file).autoOrient().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

/** Reads a file's kind from its bytes and its size or duration; throws with a reason for anything the archive does not take. */
export async function probeMedia(file: string): Promise<ProbedMedia> {
  const type = await fileTypeFromFile(file);
  const accepted = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !accepted) throw new Error(`not an archive type (${type?.mime ?? 'unknown'}; jpg, png, mp4, mp3 and wav are)`);
  const base = { contentType: accepted.contentType, mimeType: type.mime, extension: accepted.extension, duration: null, width: null, height: null, codec: null };
  if (accepted.contentType === 'image') return { ...base, ...(await probeImage(file)) };
  if (accepted.contentType === 'video') return { ...base, ...(await probeMp4(file)) };
  return { ...base, ...(await probeAudio(file)) };
}

/** Writes a JPEG frame of the video from `atSeconds`, at most 1920 px wide. */
export async function extractPosterFrame(input: { ffmpeg: string; video: string; target: string; atSeconds: number }): Promise<void> {
  await promisify(execFile)(
    input.ffmpeg,
    ['-nostdin', '-loglevel', 'error', '-y', '-ss', input.atSeconds.toFixed(3), '-i', input.video, '-frames:v', '1', '-vf', "scale='min(1920,iw)':-2", '-q:v', '3', input.target],
    { timeout: 60_000 },
  );
  if (!fs.existsSync(input.target)) throw new Error('ffmpeg wrote no frame');
}
