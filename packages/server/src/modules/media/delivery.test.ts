import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROP_RATIO_NAMES, DELIVERY_PATH, IMAGE_WIDTHS, MIN_CROP_SIZE, croppedImageUrlOf, cropperRequestSize, imageUrlOf, quotientOf, roundCrop, type CropRatio } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';
import { parseCropRegion, parseDeliveryPath, parseTransformations } from './delivery.ts';
import { acceptedFormats, autoFormat, clampRegion, renditionKey } from './renditions.ts';

const statusOf = (run: () => unknown): number | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

/**
 * A crop as the crop modal confirms it (web `features/crop/cropGeometry.ts`, spec 002 §4, §9): a box of the ratio
 * between the minimum crop and the largest that fits (`scale` 0 to 1), placed by `focal` (0 to 1 each way), its
 * fractional corners then rounded and clamped by `roundCrop`.
 */
function modalCrop(input: { name: string; image: { width: number; height: number }; scale: number; focal: { x: number; y: number } }): CropRatio {
  const { name, image, scale, focal } = input;
  const quotient = quotientOf(name);
  const largest = Math.min(image.width, image.height * quotient);
  const smallest = Math.min(Math.max(MIN_CROP_SIZE, MIN_CROP_SIZE * quotient), largest);
  const width = smallest + (largest - smallest) * scale;
  const height = width / quotient;
  const x = focal.x * (image.width - width);
  const y = focal.y * (image.height - height);
  return roundCrop({ p1: { x, y }, p2: { x: x + width, y: y + height } }, image);
}

const regionOf = (crop: CropRatio) => ({ x: crop.p1.x, y: crop.p1.y, width: crop.p2.x - crop.p1.x, height: crop.p2.y - crop.p1.y });

describe('chained delivery URLs', () => {
  it('reads a crop segment before the resize segment', () => {
    expect(parseDeliveryPath('c_crop,x_10,y_20,w_400,h_300/w_200,f_auto,q_auto/abc')).toEqual({ referenceId: 'abc', region: { x: 10, y: 20, width: 400, height: 300 }, width: 200, format: 'auto' });
    expect(parseDeliveryPath('c_crop,x_0,y_0,w_60,h_60/abc')).toEqual({ referenceId: 'abc', region: { x: 0, y: 0, width: 60, height: 60 } });
    expect(parseDeliveryPath('x_5,h_6,c_crop,y_7,w_8/v17/abc.png')).toEqual({ referenceId: 'abc', region: { x: 5, y: 7, width: 8, height: 6 }, format: 'png' });
  });

  it('reads f_auto, f_avif, q_auto and q_1 to q_100', () => {
    expect(parseTransformations('w_400,f_auto,q_auto')).toEqual({ width: 400, format: 'auto' });
    expect(parseTransformations('f_avif,q_1')).toEqual({ format: 'avif', quality: 1 });
    expect(parseTransformations('q_100')).toEqual({ quality: 100 });
    // As Cloudinary: f_auto chooses, whatever extension the URL carries.
    expect(parseDeliveryPath('w_400,f_auto/abc.jpg')).toEqual({ referenceId: 'abc', width: 400, format: 'auto' });
    expect(parseDeliveryPath('abc.avif')).toEqual({ referenceId: 'abc', format: 'avif' });
  });

  it.each([
    'c_crop,x_10,y_20,w_400/abc',
    'c_crop,x_10,y_20,w_0,h_300/abc',
    'c_crop,x_-1,y_20,w_10,h_10/abc',
    'c_crop,x_1,y_2,w_3,h_4,f_auto/abc',
    'c_crop,x_1,x_2,y_2,w_3,h_4/abc',
    'w_400/c_crop,x_0,y_0,w_10,h_10/abc',
    'c_crop,x_0,y_0,w_10,h_10/c_crop,x_0,y_0,w_10,h_10/abc',
    'c_crop,x_0,y_0,w_10,h_10/w_400/h_300/abc',
    'q_0/abc',
    'q_101/abc',
    'q_auto:good/abc',
    'f_heic/abc',
    'f_auto,f_webp/abc',
    'w_400,f_webp/abc.png',
    // Crops and filled boxes of ratios the app does not offer.
    'c_crop,x_0,y_0,w_1000,h_600/w_400/abc',
    'c_crop,x_0,y_0,w_800,h_900/abc',
    'c_crop,x_0,y_0,w_43,h_100/abc',
    'c_crop,x_0,y_0,w_1603,h_900/abc',
    'w_400,h_310,c_fill/abc',
  ])('refuses %s with 400', (rest) => {
    expect(statusOf(() => parseDeliveryPath(rest))).toBe(400);
  });

  it('tells what a crop segment looks like', () => {
    expect(() => parseCropRegion('c_crop,x_1,y_2,w_3')).toThrow('c_crop,x_<left>,y_<top>,w_<width>,h_<height>');
  });

  it("reads back every URL the domain's imageUrlOf writes for a crop the crop modal can confirm", () => {
    const size = fc.integer({ min: 1, max: 3000 });
    const side = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 6000 }));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/),
        fc.record(
          {
            width: size,
            height: size,
            crop: fc.constant('fit' as const),
            auto: fc.boolean(),
            // A crop as the modal holds it while dragged (fractional, its ratio exact), confirmed by roundCrop.
            region: fc.record({
              name: fc.constantFrom(...CROP_RATIO_NAMES),
              // Small images half the time: where the minimum crop bends a ratio.
              image: fc.record({ width: side, height: side }),
              scale: fc.double({ min: 0, max: 1, noNaN: true }),
              focal: fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) }),
            }),
          },
          { requiredKeys: [] },
        ),
        (referenceId, { region: cropped, ...options }) => {
          const region = cropped ? regionOf(modalCrop(cropped)) : undefined;
          const url = imageUrlOf(
            { provider: 'cloudinary', referenceId },
            { ...options, ...(region ? { region: { p1: { x: region.x, y: region.y }, p2: { x: region.x + region.width, y: region.y + region.height } } } : {}) },
          );
          expect(url?.startsWith(`${DELIVERY_PATH}/`)).toBe(true);
          const parsed = parseDeliveryPath(url!.slice(DELIVERY_PATH.length + 1));
          expect(parsed).toEqual({
            referenceId,
            ...(region ? { region } : {}),
            ...(options.width === undefined ? {} : { width: options.width }),
            ...(options.height === undefined ? {} : { height: options.height }),
            ...(options.crop === undefined ? {} : { crop: options.crop }),
            ...(options.auto ? { format: 'auto' } : {}),
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads back the boxes filled at every crop ratio', () => {
    for (const name of CROP_RATIO_NAMES) {
      for (const width of [200, 400, 600, 1000]) {
        const height = Math.round(width / quotientOf(name));
        const url = imageUrlOf({ provider: 'cloudinary', referenceId: 'abc' }, { width, height, crop: 'fill' }) ?? '';
        expect(parseDeliveryPath(url.slice(DELIVERY_PATH.length + 1)), url).toEqual({ referenceId: 'abc', width, height, crop: 'fill' });
      }
    }
  });

  it('accepts every image URL the app writes: cards, previews and thumbnails at each crop ratio, the cropper at each step', () => {
    const images = [
      { width: 1600, height: 900 },
      { width: 4000, height: 3000 },
      { width: 1080, height: 1920 },
      { width: 641, height: 427 },
      { width: 30, height: 30 },
      { width: 1000, height: 30 },
      { width: 1000, height: 50 },
      { width: 50, height: 1000 },
      { width: 106, height: 28 },
      { width: 28, height: 106 },
    ];
    for (const image of images) {
      // Every ratio at its smallest, a third of the way and at its largest, centred.
      const ratios = Object.fromEntries(
        CROP_RATIO_NAMES.flatMap((name) => [0, 1 / 3, 1].map((scale) => [`${name}@${scale}`, modalCrop({ name, image, scale, focal: { x: 0.5, y: 0.5 } })])),
      );
      for (const preferred of Object.keys(ratios)) {
        for (const width of Object.values(IMAGE_WIDTHS)) {
          const url = croppedImageUrlOf({ provider: 'cloudinary', referenceId: 'abc', ratios }, { preferred: [preferred], width }) ?? '';
          expect(statusOf(() => parseDeliveryPath(url.slice(DELIVERY_PATH.length + 1))), `${url} of ${image.width}×${image.height}`).toBeUndefined();
        }
      }
    }
    for (const shown of [1, 300, 900, 2000, 3100]) {
      const url = imageUrlOf({ provider: 'cloudinary', referenceId: 'abc' }, { width: cropperRequestSize(shown) }) ?? '';
      expect(statusOf(() => parseDeliveryPath(url.slice(DELIVERY_PATH.length + 1))), url).toBeUndefined();
    }
  });
});

describe('f_auto', () => {
  it('reads the formats an Accept header lists', () => {
    expect(acceptedFormats('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toEqual(['avif', 'webp']);
    expect(acceptedFormats('image/webp,*/*')).toEqual(['webp']);
    expect(acceptedFormats('image/avif;q=0, image/webp;q=0.5')).toEqual(['webp']);
    expect(acceptedFormats('*/*')).toEqual([]);
    expect(acceptedFormats(undefined)).toEqual([]);
  });

  it.each([
    [['avif', 'webp'], 'jpg', true, 'avif'],
    [['webp'], 'jpg', true, 'webp'],
    [[], 'jpg', true, 'jpg'],
    [[], 'png', true, 'png'],
    [[], 'webp', true, 'jpg'],
    [['avif', 'webp'], 'webp', true, 'webp'],
    [['avif', 'webp'], 'gif', true, 'webp'],
    [['avif'], 'gif', true, 'gif'],
    [['avif'], 'svg', false, 'svg'],
    [['avif'], 'svg', true, 'avif'],
    [[], 'svg', true, 'png'],
  ] as const)('with %j picks for a %s original (resized: %s) %s', (accepts, original, resized, format) => {
    expect(autoFormat({ accepts, original, resized })).toBe(format);
  });
});

describe('crop regions', () => {
  const image = { width: 1600, height: 900 };

  it('keeps the part inside the image', () => {
    expect(clampRegion({ x: 100, y: 50, width: 400, height: 300 }, image)).toEqual({ x: 100, y: 50, width: 400, height: 300 });
    expect(clampRegion({ x: 1400, y: 800, width: 400, height: 300 }, image)).toEqual({ x: 1400, y: 800, width: 200, height: 100 });
    expect(clampRegion({ x: 1599, y: 899, width: 5, height: 5 }, image)).toEqual({ x: 1599, y: 899, width: 1, height: 1 });
  });

  it('refuses a region outside the image with 400', () => {
    expect(statusOf(() => clampRegion({ x: 1600, y: 0, width: 10, height: 10 }, image))).toBe(400);
    expect(statusOf(() => clampRegion({ x: 0, y: 2000, width: 10, height: 10 }, image))).toBe(400);
  });

  it('names a rendition after every parameter, and as before when there is no region or quality', () => {
    expect(renditionKey({ width: 400, crop: 'fit', format: 'jpg' })).toBe('w400_h0_cfit.jpg');
    const keys = [
      renditionKey({ width: 400, crop: 'fit', format: 'jpg' }),
      renditionKey({ width: 400, crop: 'fit', format: 'avif' }),
      renditionKey({ width: 400, crop: 'fit', format: 'jpg', quality: 50 }),
      renditionKey({ width: 400, height: 300, crop: 'fill', format: 'jpg' }),
      renditionKey({ region: { x: 0, y: 0, width: 800, height: 600 }, width: 400, crop: 'fit', format: 'jpg' }),
      renditionKey({ region: { x: 1, y: 0, width: 800, height: 600 }, width: 400, crop: 'fit', format: 'jpg' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
