import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_PATH, imageUrlOf } from '@editor/domain';
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

describe('chained delivery URLs', () => {
  it('reads a crop segment before the resize segment', () => {
    expect(parseDeliveryPath('c_crop,x_10,y_20,w_400,h_300/w_200,f_auto,q_auto/abc')).toEqual({ referenceId: 'abc', region: { x: 10, y: 20, width: 400, height: 300 }, width: 200, format: 'auto' });
    expect(parseDeliveryPath('c_crop,x_0,y_0,w_50,h_60/abc')).toEqual({ referenceId: 'abc', region: { x: 0, y: 0, width: 50, height: 60 } });
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
  ])('refuses %s with 400', (rest) => {
    expect(statusOf(() => parseDeliveryPath(rest))).toBe(400);
  });

  it('tells what a crop segment looks like', () => {
    expect(() => parseCropRegion('c_crop,x_1,y_2,w_3')).toThrow('c_crop,x_<left>,y_<top>,w_<width>,h_<height>');
  });

  it("reads back every URL the domain's imageUrlOf writes", () => {
    const size = fc.integer({ min: 1, max: 3000 });
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/),
        fc.record(
          {
            width: size,
            height: size,
            crop: fc.constantFrom('fill' as const, 'fit' as const),
            auto: fc.boolean(),
            region: fc.record({ x: fc.integer({ min: 0, max: 4000 }), y: fc.integer({ min: 0, max: 4000 }), width: size, height: size }),
          },
          { requiredKeys: [] },
        ),
        (referenceId, { region, ...options }) => {
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
    );
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
