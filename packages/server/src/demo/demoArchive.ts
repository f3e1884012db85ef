import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { MediaChannel } from '@editor/domain';
import type { MediaArchiveService, NewMediaItem } from '../modules/media-archive/service.ts';
import { extractPosterFrame, probeMedia } from '../modules/media-archive/probe.ts';
import { toneWav } from '../modules/media-archive/sampleMedia.ts';
import { DEMO_ARCHIVE_AUDIO, DEMO_ARCHIVE_VIDEOS, DEMO_PARTNER_VIDEO } from './demoArchiveMedia.ts';

/** A demo image: a two-colour gradient with a sun, drawn as SVG and rendered by sharp (no files, no fonts). */
function gradientSvg(input: { width: number; height: number; sky: string; ground: string; sun: string }): Buffer {
  const { width, height } = input;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${input.sky}"/><stop offset="1" stop-color="${input.ground}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.12}" fill="${input.sun}"/><path d="M0 ${height} L${width * 0.3} ${height * 0.55} L${width * 0.55} ${height * 0.8} L${width * 0.8} ${height * 0.5} L${width} ${height} Z" fill="#1f2b4d" opacity="0.8"/></svg>`,
  );
}

interface DemoItem {
  id: string;
  title: string;
  description: string;
  channel?: MediaChannel;
  blockedCountries?: string[];
  photographerCreditOption?: string;
  campaignName?: string;
  make: (dir: string) => Promise<Pick<NewMediaItem, 'contentType' | 'duration' | 'width' | 'height' | 'codec' | 'original' | 'poster' | 'veryLargeImage'>>;
}

const imageItem = (colours: { sky: string; ground: string; sun: string }) => async (dir: string) => {
  const width = 2400;
  const height = 1600;
  const file = path.join(dir, `${crypto.randomUUID()}.jpg`);
  await sharp(gradientSvg({ width, height, ...colours })).jpeg({ quality: 80 }).toFile(file);
  const large = path.join(dir, `${crypto.randomUUID()}.jpg`);
  await fsp.copyFile(file, large);
  return {
    contentType: 'image' as const,
    width,
    height,
    original: { file, extension: 'jpg', contentType: 'image/jpeg', bytes: fs.statSync(file).size },
    veryLargeImage: { file: large, extension: 'jpg', contentType: 'image/jpeg' },
  };
};

const audioItem = (tone: { seconds: number; frequency: number }) => async (dir: string) => {
  const file = path.join(dir, `${crypto.randomUUID()}.wav`);
  await fsp.writeFile(file, toneWav(tone));
  return { contentType: 'audio' as const, duration: tone.seconds, original: { file, extension: 'wav', contentType: 'audio/wav', bytes: fs.statSync(file).size } };
};

/** A test-pattern video made by ffmpeg at seed time (a few seconds, some 100 kB), with its poster frame. */
const videoItem = (input: { ffmpeg: string; pattern: string; seconds: number; width: number; height: number }) => async (dir: string) => {
  const file = path.join(dir, `${crypto.randomUUID()}.mp4`);
  await promisify(execFile)(input.ffmpeg, ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${input.pattern}=size=${input.width}x${input.height}:rate=25`, '-t', String(input.seconds), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file], { timeout: 60_000 });
  const probed = await probeMedia(file);
  const poster = path.join(dir, `${crypto.randomUUID()}.jpg`);
  await extractPosterFrame({ ffmpeg: input.ffmpeg, video: file, target: poster, atSeconds: 1 });
  return {
    contentType: 'video' as const,
    duration: probed.duration,
    width: probed.width,
    height: probed.height,
    codec: probed.codec,
    original: { file, extension: 'mp4', contentType: 'video/mp4', bytes: fs.statSync(file).size },
    poster: { file: poster, extension: 'jpg', contentType: 'image/jpeg' },
  };
};

/** The demo archive's videos, made by ffmpeg at seed time. */
function demoVideos(ffmpeg: string): DemoItem[] {
  return [
    { id: DEMO_ARCHIVE_VIDEOS[0].id, title: 'Slow motion replay of the jump', description: 'A test pattern standing in for the replay.', make: videoItem({ ffmpeg, pattern: 'testsrc', ...DEMO_ARCHIVE_VIDEOS[0] }) },
    { id: DEMO_PARTNER_VIDEO.id, title: 'Partner film: behind the scenes', description: 'A test pattern standing in for a partner film.', channel: 'media-partnerships', make: videoItem({ ffmpeg, pattern: 'smptebars', ...DEMO_PARTNER_VIDEO }) },
  ];
}

/** The demo archive: images and audio always, videos when an ffmpeg can make them. Ids are fixed, so a second seeding instance fails on them. */
function demoItems(ffmpeg: string | undefined): DemoItem[] {
  const items: DemoItem[] = [
    { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000001', title: 'Alpine sunrise over the glacier', description: 'First light on the summit ridge before the race start.', photographerCreditOption: 'Photographer', make: imageItem({ sky: '#2b3a67', ground: '#f6a57a', sun: '#ffe3a3' }) },
    { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000002', title: 'Cliff diving platform at dusk', description: 'The 27 metre platform above the old harbour.', blockedCountries: ['AT', 'DE', 'CH', 'IT'], make: imageItem({ sky: '#3b1e54', ground: '#ff7b54', sun: '#ffd166' }) },
    { id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000003', title: 'Cartoon: the flying can', description: 'Key art of the cartoon series.', channel: 'cartoons', make: imageItem({ sky: '#1a0b2e', ground: '#e4508f', sun: '#ffd6e8' }) },
    { id: DEMO_ARCHIVE_AUDIO[0].id, title: 'Engine start sound', description: 'A single tone standing in for the engine start.', make: audioItem(DEMO_ARCHIVE_AUDIO[0]) },
    { id: DEMO_ARCHIVE_AUDIO[1].id, title: 'Finish line crowd ambience', description: 'Crowd noise at the finish line.', campaignName: 'Season finale', make: audioItem(DEMO_ARCHIVE_AUDIO[1]) },
  ];
  return ffmpeg ? [...items, ...demoVideos(ffmpeg)] : items;
}

export interface SeededArchive {
  /** Items added; 0 when the archive had items already. */
  added: number;
  /** The titles of the demo videos left out because no ffmpeg was given. */
  skippedVideos: string[];
}

/**
 * Seeds the media archive when it is empty (the first start of a demo installation); answers what was added and which
 * videos were left out for want of an ffmpeg. Files are made in `tmpDir` and moved into the archive's store.
 */
export async function seedDemoArchiveIfEmpty(input: { archive: MediaArchiveService; tmpDir: string; ffmpeg?: string | undefined; now?: Date }): Promise<SeededArchive> {
  const nothing: SeededArchive = { added: 0, skippedVideos: [] };
  if ((await input.archive.countItems()) > 0) return nothing;
  const now = (input.now ?? new Date()).getTime();
  await fsp.mkdir(input.tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(input.tmpDir, 'demo-archive-'));
  const items = demoItems(input.ffmpeg);
  try {
    for (const [index, item] of items.entries()) {
      const { id, title, description, make, ...rest } = item;
      await input.archive.addItem({ id, title, description, ...rest, ...(await make(dir)), ingestTimestamp: new Date(now - (index + 1) * 3_600_000).toISOString() });
    }
    return { added: items.length, skippedVideos: input.ffmpeg ? [] : demoVideos('').map((video) => video.title) };
  } catch (error) {
    // A second instance seeding at the same moment fails on the fixed ids: that counts as seeded.
    if ((await input.archive.countItems()) > 0) return nothing;
    throw error;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
