import fs, { type FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';

/** The raster upload types whose structure is walked. */
export type RasterFormat = 'jpg' | 'png' | 'gif';

/** The size the file's header gives, in stored pixels (before any EXIF orientation). */
export interface HeaderSize {
  width: number;
  height: number;
}

/** The header's size and the number of frames (images of a GIF; 1 for a JPEG or PNG). */
export interface ImageStructure extends HeaderSize {
  frames: number;
}

/** Why a file's structure was refused; the upload answers NOT_READABLE whatever the reason. */
export class DamagedImageError extends Error {
  override name = 'DamagedImageError';
}

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a file front to back through one 64 kB buffer, so checking a file of any size costs the same memory. The file
 * is read, never mapped: its pages stay in the page cache and do not count as the server's memory.
 */
class ChunkReader {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /** File offset of `buffer[0]`. */
  private start = 0;
  /** Bytes of `buffer` that hold file data. */
  private length = 0;
  /** The next unread byte in `buffer`. */
  private index = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  get position(): number {
    return this.start + this.index;
  }

  get remaining(): number {
    return this.size - this.position;
  }

  /** The unread bytes already in the buffer (a view, valid until the next read). */
  buffered(): Buffer {
    return this.buffer.subarray(this.index, this.length);
  }

  /** Makes at least `count` (at most 64 kB) unread bytes available in the buffer; false when the file ends first. */
  async fill(count: number): Promise<boolean> {
    if (this.length - this.index >= count) return true;
    if (count > this.remaining) return false;
    this.buffer.copy(this.buffer, 0, this.index, this.length);
    this.start += this.index;
    this.length -= this.index;
    this.index = 0;
    while (this.length < count) {
      const { bytesRead } = await this.handle.read(this.buffer, this.length, CHUNK_BYTES - this.length, this.start + this.length);
      if (bytesRead === 0) return false;
      this.length += bytesRead;
    }
    return true;
  }

  /** The next `count` (at most 64 kB) bytes, as a view valid until the next read. */
  async take(count: number, what: string): Promise<Buffer> {
    if (!(await this.fill(count))) throw new DamagedImageError(`The file ends inside ${what}.`);
    const bytes = this.buffer.subarray(this.index, this.index + count);
    this.index += count;
    return bytes;
  }

  async byte(what: string): Promise<number> {
    return (await this.take(1, what)).readUInt8(0);
  }

  /** Moves past `count` bytes without reading what lies beyond the buffer. */
  skip(count: number, what: string): void {
    if (count > this.remaining) throw new DamagedImageError(`The file ends inside ${what}.`);
    if (this.index + count <= this.length) {
      this.index += count;
      return;
    }
    this.start = this.position + count;
    this.length = 0;
    this.index = 0;
  }

  /** Hands the next `count` bytes to `use` piece by piece. */
  async stream(input: { count: number; what: string; use: (piece: Buffer) => void }): Promise<void> {
    if (input.count > this.remaining) throw new DamagedImageError(`The file ends inside ${input.what}.`);
    let left = input.count;
    while (left > 0) {
      if (!(await this.fill(1))) throw new DamagedImageError(`The file ends inside ${input.what}.`);
      const piece = this.buffered().subarray(0, left);
      input.use(piece);
      this.index += piece.length;
      left -= piece.length;
    }
  }
}

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
const isJpegRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isJpegFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Moves past a scan's entropy-coded data up to the FF of the marker that ends it. Inside it, FF00 is a stuffed FF,
 * FFD0–FFD7 are restart markers and an FF followed by FF is a fill byte (ITU T.81 B.1.1.5, F.1.2.3).
 */
async function skipEntropyCodedData(reader: ChunkReader): Promise<void> {
  for (;;) {
    const data = reader.buffered();
    let at = data.indexOf(0xff);
    while (at !== -1 && at + 1 < data.length) {
      const next = data.readUInt8(at + 1);
      if (next === 0x00 || isJpegRestart(next)) at = data.indexOf(0xff, at + 2);
      else if (next === 0xff) at += 1;
      else {
        reader.skip(at, 'the scan data');
        return;
      }
    }
    // Keep an FF at the end of the buffer: the byte after it decides what it is.
    reader.skip(at === -1 ? data.length : at, 'the scan data');
    if (!(await reader.fill(at === -1 ? 1 : 2))) throw new DamagedImageError('The file ends inside the scan data, before the end-of-image marker.');
  }
}

/** A JPEG: SOI, marker segments within the file, a frame header before the first scan, every scan's data, then EOI. */
async function walkJpeg(reader: ChunkReader): Promise<HeaderSize> {
  const start = await reader.take(2, 'the start-of-image marker');
  if (start.readUInt8(0) !== 0xff || start.readUInt8(1) !== JPEG_SOI) throw new DamagedImageError('The JPEG does not start with SOI.');
  let frame: HeaderSize | undefined;
  let hasScan = false;
  for (;;) {
    if ((await reader.byte('a marker')) !== 0xff) throw new DamagedImageError(`No marker at byte ${reader.position - 1}.`);
    let marker = await reader.byte('a marker');
    while (marker === 0xff) marker = await reader.byte('a marker');
    if (marker === JPEG_EOI) break;
    if (marker === JPEG_SOI || marker === 0x00) throw new DamagedImageError(`Unexpected marker FF${marker.toString(16)} at byte ${reader.position - 2}.`);
    // Restart markers and TEM carry no length.
    if (isJpegRestart(marker) || marker === 0x01) continue;
    const length = (await reader.take(2, 'a segment length')).readUInt16BE(0);
    if (length < 2) throw new DamagedImageError(`A segment length of ${length} at byte ${reader.position - 2}.`);
    const segment = `a segment (FF${marker.toString(16)}) that is longer than the rest of the file`;
    if (isJpegFrame(marker) && !frame) {
      // Sample precision, then the number of lines and of samples per line.
      const header = await reader.take(length - 2, segment);
      if (header.length < 5) throw new DamagedImageError('The frame header is too short.');
      frame = { width: header.readUInt16BE(3), height: header.readUInt16BE(1) };
    } else reader.skip(length - 2, segment);
    if (marker === JPEG_SOS) {
      if (!frame) throw new DamagedImageError('A scan before the frame header.');
      hasScan = true;
      await skipEntropyCodedData(reader);
    }
  }
  if (!frame) throw new DamagedImageError('The JPEG has no frame header (SOF).');
  if (!hasScan) throw new DamagedImageError('The JPEG has no scan (SOS).');
  return frame;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_MAX_CHUNK_LENGTH = 2 ** 31 - 1;
const isChunkType = (type: Buffer) => type.every((code) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a));
/** Critical chunks (upper-case first letter) a decoder must understand; any other critical chunk makes the file unreadable. */
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** A PNG: the signature, then chunks whose length fits the file and whose CRC-32 matches, IHDR first, IDAT, IEND last. */
async function walkPng(reader: ChunkReader): Promise<HeaderSize> {
  if (!(await reader.take(PNG_SIGNATURE.length, 'the PNG signature')).equals(PNG_SIGNATURE)) throw new DamagedImageError('The PNG signature is wrong.');
  let size: HeaderSize | undefined;
  let hasData = false;
  for (;;) {
    const head = await reader.take(8, 'a chunk header');
    const length = head.readUInt32BE(0);
    const typeBytes = head.subarray(4, 8);
    const type = typeBytes.toString('latin1');
    if (!isChunkType(typeBytes)) throw new DamagedImageError(`No chunk type at byte ${reader.position - 4}.`);
    if (length > PNG_MAX_CHUNK_LENGTH) throw new DamagedImageError(`The ${type} chunk claims ${length} bytes.`);
    if (!size && (type !== 'IHDR' || length !== 13)) throw new DamagedImageError('The PNG does not start with IHDR.');
    if (/^[A-Z]/.test(type) && !PNG_CRITICAL.has(type)) throw new DamagedImageError(`Unknown critical chunk ${type}.`);
    let crc = zlib.crc32(typeBytes);
    if (size) await reader.stream({ count: length, what: `the ${type} chunk`, use: (piece) => (crc = zlib.crc32(piece, crc)) });
    else {
      const header = await reader.take(length, 'the IHDR chunk');
      crc = zlib.crc32(header, crc);
      size = { width: header.readUInt32BE(0), height: header.readUInt32BE(4) };
    }
    if ((await reader.take(4, `the CRC of the ${type} chunk`)).readUInt32BE(0) !== crc) throw new DamagedImageError(`The CRC of the ${type} chunk does not match.`);
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') break;
  }
  if (!size || !hasData) throw new DamagedImageError('The PNG has no image data (IDAT).');
  return size;
}

/** Moves past data sub-blocks (a size byte, that many bytes) up to the empty one that ends them. */
async function skipSubBlocks(reader: ChunkReader, what: string): Promise<void> {
  for (;;) {
    // Step through the sub-blocks already in the buffer without a read per block.
    const data = reader.buffered();
    let at = 0;
    while (at < data.length) {
      const size = data.readUInt8(at);
      if (size === 0) {
        reader.skip(at + 1, what);
        return;
      }
      if (at + 1 + size > data.length) break;
      at += 1 + size;
    }
    if (at < data.length) {
      const size = data.readUInt8(at);
      reader.skip(at + 1 + size, what);
    } else reader.skip(at, what);
    if (!(await reader.fill(1))) throw new DamagedImageError(`The file ends inside ${what}.`);
  }
}

const GIF_IMAGE = 0x2c;
const GIF_EXTENSION = 0x21;
const GIF_TRAILER = 0x3b;
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** A GIF: header, logical screen and its colour table, then images and extensions with their sub-blocks, then the trailer. */
async function walkGif(reader: ChunkReader): Promise<ImageStructure> {
  // Six bytes of signature and version, then the logical screen descriptor, whose fifth byte describes the colour table.
  const header = await reader.take(13, 'the GIF header');
  const version = header.toString('latin1', 0, 6);
  if (version !== 'GIF87a' && version !== 'GIF89a') throw new DamagedImageError('The GIF header is wrong.');
  const screen = { width: header.readUInt16LE(6), height: header.readUInt16LE(8) };
  reader.skip(colourTableBytes(header.readUInt8(10)), 'the global colour table');
  let images = 0;
  for (;;) {
    const block = await reader.byte('the next block (the trailer is missing)');
    if (block === GIF_TRAILER) break;
    if (block === GIF_EXTENSION) {
      await reader.byte('an extension');
      await skipSubBlocks(reader, 'an extension');
    } else if (block === GIF_IMAGE) {
      const descriptor = await reader.take(9, 'an image descriptor');
      // The first image may reach past the logical screen; decoders (libnsgif in sharp, browsers) grow the screen to it.
      if (images === 0) {
        screen.width = Math.max(screen.width, descriptor.readUInt16LE(0) + descriptor.readUInt16LE(4));
        screen.height = Math.max(screen.height, descriptor.readUInt16LE(2) + descriptor.readUInt16LE(6));
      }
      reader.skip(colourTableBytes(descriptor.readUInt8(8)), 'a local colour table');
      const codeSize = await reader.byte('the image data');
      if (codeSize < 1 || codeSize > 11) throw new DamagedImageError(`An LZW code size of ${codeSize}.`);
      await skipSubBlocks(reader, 'the image data');
      images++;
    } else throw new DamagedImageError(`Unknown block 0x${block.toString(16)} at byte ${reader.position - 1}.`);
  }
  if (images === 0) throw new DamagedImageError('The GIF has no image.');
  return { ...screen, frames: images };
}

const single = (walk: (reader: ChunkReader) => Promise<HeaderSize>) => async (reader: ChunkReader): Promise<ImageStructure> => ({ ...(await walk(reader)), frames: 1 });

const WALKERS: Readonly<Record<RasterFormat, (reader: ChunkReader) => Promise<ImageStructure>>> = { jpg: single(walkJpeg), png: single(walkPng), gif: walkGif };

/**
 * Reads a jpg, png or gif to its end in 64 kB pieces and answers the size its header gives and its frames; throws a
 * DamagedImageError when its structure is broken or cut short. Pixels are not decoded: a file whose parts are whole
 * but whose compressed data is wrong passes.
 */
export async function checkImageStructure(file: string, format: RasterFormat): Promise<ImageStructure> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await WALKERS[format](new ChunkReader(handle, size));
  } finally {
    await handle.close();
  }
}
