import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DamagedImageError, checkImageStructure, type ImageStructure, type RasterFormat } from './imageStructure.ts';

let folder: string;
let written = 0;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'image-structure-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Writes the bytes to a file of their own and checks it: the header's size, or the refusal. */
async function structureOf(bytes: Uint8Array, format: RasterFormat): Promise<ImageStructure | DamagedImageError> {
  const file = path.join(folder, `${written++}.${format}`);
  fs.writeFileSync(file, bytes);
  try {
    return await checkImageStructure(file, format);
  } catch (error) {
    if (error instanceof DamagedImageError) return error;
    throw error;
  } finally {
    fs.rmSync(file);
  }
}

/** undefined when the file is accepted, else the refusal. */
async function refusalOf(bytes: Uint8Array, format: RasterFormat): Promise<DamagedImageError | undefined> {
  const result = await structureOf(bytes, format);
  return result instanceof DamagedImageError ? result : undefined;
}

const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
const frame = (colour: string) => sharp({ create: { width: 20, height: 14, channels: 3, background: colour } }).png().toBuffer();
const animatedGif = async () => sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } }).gif({ loop: 0 }).toBuffer();

/** SOI, a 1×1 greyscale frame header, one scan header, the given entropy-coded data, EOI. */
const jpegWith = (input: { before?: Buffer; scanData: Buffer; end?: Buffer }) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    input.before ?? Buffer.alloc(0),
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    input.scanData,
    input.end ?? Buffer.from([0xff, 0xd9]),
  ]);
/** An APP15 segment of the given total size (at most 65,537 bytes). */
const segment = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xef, (bytes - 2) >> 8, (bytes - 2) & 0xff]), Buffer.alloc(bytes - 4)]);
/** Two segments of the given size together, to move the scan data across a 64 kB boundary. */
const padding = (bytes: number) => Buffer.concat([segment(60_000), segment(bytes - 60_000)]);
const entropyToken = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => Buffer.from(bytes.map((byte) => (byte === 0xff ? 0xfe : byte)))),
  fc.constant(Buffer.from([0xff, 0x00])),
  fc.integer({ min: 0xd0, max: 0xd7 }).map((restart) => Buffer.from([0xff, restart])),
  fc.constant(Buffer.from([0xff, 0xff, 0x00])),
);

/** A PNG chunk with its length and CRC. */
const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

describe('image structure', () => {
  it('accepts real files: baseline and progressive JPEG, PNG with and without alpha or with a palette, still and animated GIF', async () => {
    const files: Array<[string, Buffer, RasterFormat]> = [
      ['baseline jpeg', await noise(64, 48).jpeg().toBuffer(), 'jpg'],
      ['progressive jpeg', await noise(64, 48).jpeg({ progressive: true }).toBuffer(), 'jpg'],
      ['jpeg with exif', await noise(64, 48).withMetadata({ orientation: 6 }).jpeg().toBuffer(), 'jpg'],
      ['png', await noise(64, 48).png().toBuffer(), 'png'],
      ['png with alpha', await noise(64, 48, 4).png().toBuffer(), 'png'],
      ['png with a palette', await noise(64, 48).png({ palette: true }).toBuffer(), 'png'],
      ['gif', await noise(64, 48).gif().toBuffer(), 'gif'],
      ['animated gif', await animatedGif(), 'gif'],
    ];
    for (const [name, bytes, format] of files) {
      const { width, height, pageHeight, pages } = await sharp(bytes, { animated: true }).metadata();
      expect(await structureOf(bytes, format), name).toEqual({ width, height: pageHeight ?? height, frames: pages ?? 1 });
    }
  });

  it('answers the size of a GIF as its decoder shows it: the logical screen, grown to fit the first image', async () => {
    const gif = await sharp({ create: { width: 20, height: 15, channels: 3, background: '#f00' } }).gif().toBuffer();
    const screen = (width: number, height: number) => {
      const changed = Buffer.from(gif);
      changed.writeUInt16LE(width, 6);
      changed.writeUInt16LE(height, 8);
      return changed;
    };
    for (const changed of [screen(10, 10), screen(30, 12), screen(0, 0)]) {
      const { width, height } = await sharp(changed).metadata();
      expect(await structureOf(changed, 'gif')).toEqual({ width, height, frames: 1 });
    }
    expect(await structureOf(screen(30, 12), 'gif')).toEqual({ width: 30, height: 15, frames: 1 });
  });

  it('accepts files far larger than one 64 kB read, and refuses them cut anywhere', { timeout: 60_000 }, async () => {
    const files: Array<[Buffer, RasterFormat]> = [
      [await noise(700, 500).jpeg({ quality: 100 }).toBuffer(), 'jpg'],
      [await noise(700, 500).jpeg({ quality: 95, progressive: true }).toBuffer(), 'jpg'],
      [await noise(500, 400, 4).png().toBuffer(), 'png'],
      [await noise(500, 400).gif().toBuffer(), 'gif'],
    ];
    for (const [bytes, format] of files) {
      expect(bytes.length).toBeGreaterThan(200_000);
      expect(await refusalOf(bytes, format)).toBeUndefined();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: bytes.length - 1 }), async (cut) => {
          expect(await refusalOf(bytes.subarray(0, cut), format)).toBeInstanceOf(DamagedImageError);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('refuses a small JPEG, PNG or GIF cut at any length', { timeout: 60_000 }, async () => {
    const files: Array<[Buffer, RasterFormat]> = [
      [await noise(16, 12).jpeg().toBuffer(), 'jpg'],
      [await noise(16, 12).jpeg({ progressive: true }).toBuffer(), 'jpg'],
      [await noise(16, 12, 4).png().toBuffer(), 'png'],
      [await animatedGif(), 'gif'],
    ];
    for (const [bytes, format] of files) {
      // Every cut is run once as an example, then random ones.
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: bytes.length - 1 }), async (cut) => {
          expect(await refusalOf(bytes.subarray(0, cut), format)).toBeInstanceOf(DamagedImageError);
        }),
        { examples: Array.from({ length: bytes.length }, (_, cut): [number] => [cut]), numRuns: 50 },
      );
    }
  });

  it('refuses a PNG with any byte changed, by the CRC of its chunk', { timeout: 60_000 }, async () => {
    const png = await noise(16, 12).png().toBuffer();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: png.length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const damaged = Buffer.from(png);
        damaged.writeUInt8(png.readUInt8(at) ^ flip, at);
        expect(await refusalOf(damaged, 'png')).toBeInstanceOf(DamagedImageError);
      }),
      { numRuns: 500 },
    );
    const inData = Buffer.from(png);
    const idat = inData.indexOf('IDAT') + 10;
    inData.writeUInt8(inData.readUInt8(idat) ^ 0x01, idat);
    expect((await refusalOf(inData, 'png'))?.message).toBe('The CRC of the IDAT chunk does not match.');
  });

  describe('JPEG', () => {
    it('reads stuffed zeros, restart markers and fill bytes in scan data as data, wherever the 64 kB reads split them', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 65_400, max: 65_540 }), fc.array(entropyToken, { maxLength: 30 }), async (before, tokens) => {
          const jpeg = jpegWith({ before: padding(before), scanData: Buffer.concat(tokens) });
          expect(await refusalOf(jpeg, 'jpg')).toBeUndefined();
          expect(await refusalOf(jpeg.subarray(0, jpeg.length - 2), 'jpg')).toBeInstanceOf(DamagedImageError);
        }),
        { numRuns: 200 },
      );
    });

    it('accepts bytes after the end-of-image marker, as some cameras append', async () => {
      expect(await refusalOf(jpegWith({ scanData: Buffer.from([1, 2, 3]), end: Buffer.from([0xff, 0xd9, 0x00, 0x12, 0xff]) }), 'jpg')).toBeUndefined();
    });

    it('refuses a JPEG without EOI, with a segment length past the end, without a scan or frame, or not starting with SOI', async () => {
      const jpeg = await noise(32, 24).jpeg().toBuffer();
      const noEnd = jpeg.subarray(0, jpeg.length - 2);
      const longSegment = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xf0]), Buffer.alloc(100)]);
      const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
      const noScan = Buffer.concat([jpeg.subarray(0, sos), Buffer.from([0xff, 0xd9])]);
      const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0xff, 0xd9]);
      expect((await refusalOf(noEnd, 'jpg'))?.message).toMatch(/ends inside the scan data/);
      expect((await refusalOf(longSegment, 'jpg'))?.message).toMatch(/longer than the rest of the file/);
      expect((await refusalOf(noScan, 'jpg'))?.message).toBe('The JPEG has no scan (SOS).');
      expect((await refusalOf(noFrame, 'jpg'))?.message).toBe('A scan before the frame header.');
      expect(await refusalOf(jpeg.subarray(2), 'jpg')).toBeInstanceOf(DamagedImageError);
    });
  });

  it('refuses a PNG without IDAT, not starting with IHDR, or with an unknown critical chunk', async () => {
    const png = await noise(8, 8).png().toBuffer();
    const signature = png.subarray(0, 8);
    const ihdr = png.subarray(8, 8 + 25);
    const iend = pngChunk('IEND', Buffer.alloc(0));
    expect((await refusalOf(Buffer.concat([signature, ihdr, iend]), 'png'))?.message).toBe('The PNG has no image data (IDAT).');
    expect((await refusalOf(Buffer.concat([signature, pngChunk('tEXt', Buffer.from('a\0b')), png.subarray(8)]), 'png'))?.message).toBe('The PNG does not start with IHDR.');
    const unknown = Buffer.concat([signature, ihdr, pngChunk('ABCD', Buffer.from([1])), png.subarray(8 + 25)]);
    expect((await refusalOf(unknown, 'png'))?.message).toBe('Unknown critical chunk ABCD.');
    expect(await refusalOf(Buffer.concat([signature, ihdr, pngChunk('abCD', Buffer.from([1])), png.subarray(8 + 25)]), 'png')).toBeUndefined();
  });

  it('refuses a GIF without its trailer or image', async () => {
    const gif = await animatedGif();
    expect((await refusalOf(gif.subarray(0, gif.length - 1), 'gif'))?.message).toBe('The file ends inside the next block (the trailer is missing).');
    const screenOnly = Buffer.concat([gif.subarray(0, 13), Buffer.from([0x3b])]);
    screenOnly.writeUInt8(screenOnly.readUInt8(10) & 0x7f, 10);
    expect((await refusalOf(screenOnly, 'gif'))?.message).toBe('The GIF has no image.');
    expect(await refusalOf(Buffer.concat([gif.subarray(0, gif.length - 1), Buffer.from([0x00, 0x3b])]), 'gif')).toBeInstanceOf(DamagedImageError);
  });
});
