import sharp from 'sharp';

/** A light neutral grey that reads as "no picture" on white cards and dark frames alike. */
const PLACEHOLDER_COLOUR = { r: 226, g: 228, b: 232 };

/**
 * A plain 4:3 PNG of the given width, the thumbnail proxy's fallback (spec 000 §7); made once per width and kept in
 * memory (the widths are the few of spec 000 §9).
 */
export function createPlaceholders() {
  const made = new Map<number, Promise<Buffer>>();
  return (width: number): Promise<Buffer> => {
    let image = made.get(width);
    if (!image) {
      image = sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: PLACEHOLDER_COLOUR } }).png({ palette: true }).toBuffer();
      made.set(width, image);
    }
    return image;
  };
}
