import { describe, expect, it } from 'vitest';
import { CARD_CROP_RATIOS, PREVIEW_CROP_RATIOS } from './crop.ts';
import { croppedImageUrlOf, imageUrlOf } from './imageDelivery.ts';

const ours = { provider: 'cloudinary', referenceId: 'nazare-0123456789abcdef0123' };
const crop = (x1: number, y1: number, x2: number, y2: number) => ({ p1: { x: x1, y: y1 }, p2: { x: x2, y: y2 } });

describe('delivery URLs of images (spec 000 §7, §9)', () => {
  it.each([
    [{}, '/media/image/upload/nazare-0123456789abcdef0123'],
    [{ width: 400 }, '/media/image/upload/w_400/nazare-0123456789abcdef0123'],
    [{ width: 200, height: 150, crop: 'fill' as const }, '/media/image/upload/w_200,h_150,c_fill/nazare-0123456789abcdef0123'],
    [{ width: 600, auto: true }, '/media/image/upload/w_600,f_auto,q_auto/nazare-0123456789abcdef0123'],
    [{ region: crop(10, 20, 410, 320), width: 400, auto: true }, '/media/image/upload/c_crop,x_10,y_20,w_400,h_300/w_400,f_auto,q_auto/nazare-0123456789abcdef0123'],
    [{ region: crop(10.4, 19.6, 409.6, 320.2) }, '/media/image/upload/c_crop,x_10,y_20,w_399,h_301/nazare-0123456789abcdef0123'],
    [{ width: 399.6, baseUrl: 'https://res.cloudinary.com/demo/' }, 'https://res.cloudinary.com/demo/image/upload/w_400/nazare-0123456789abcdef0123'],
  ])('writes %j as %s', (options, url) => {
    expect(imageUrlOf(ours, options)).toBe(url);
  });

  it('has no URL for another provider or an id that could be a path', () => {
    expect(imageUrlOf({ provider: 'youtube', referenceId: 'abc' }, { width: 400 })).toBeUndefined();
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: '../x' })).toBeUndefined();
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: '' })).toBeUndefined();
  });
});

describe('cropped images of cards and previews', () => {
  const ratios = { '1x1': crop(350, 0, 1250, 900), '3x2': crop(0, 0, 1350, 900), '16x9': crop(0, 0, 1600, 900), '2x1': crop(0, 50, 1600, 850) };

  it('cards take the first of 4x3, 16x9, 3x2, 1x1 the image has, at the width asked, in the best format', () => {
    expect(croppedImageUrlOf({ ...ours, ratios }, { preferred: CARD_CROP_RATIOS, width: 400 })).toBe(`/media/image/upload/c_crop,x_0,y_0,w_1600,h_900/w_400,f_auto,q_auto/${ours.referenceId}`);
    expect(croppedImageUrlOf({ ...ours, ratios: { '1x1': ratios['1x1'], '3x2': ratios['3x2'] } }, { preferred: CARD_CROP_RATIOS, width: 400 })).toContain('/c_crop,x_0,y_0,w_1350,h_900/');
    expect(croppedImageUrlOf({ ...ours, ratios: { '1x1': ratios['1x1'] } }, { preferred: CARD_CROP_RATIOS, width: 400 })).toContain('/c_crop,x_350,y_0,w_900,h_900/');
  });

  it('previews take 16x9, then 2x1, then 3x2', () => {
    expect(croppedImageUrlOf({ ...ours, ratios }, { preferred: PREVIEW_CROP_RATIOS, width: 600 })).toContain('/c_crop,x_0,y_0,w_1600,h_900/w_600,');
    expect(croppedImageUrlOf({ ...ours, ratios: { '2x1': ratios['2x1'], '3x2': ratios['3x2'] } }, { preferred: PREVIEW_CROP_RATIOS, width: 600 })).toContain('/c_crop,x_0,y_50,w_1600,h_800/');
  });

  it('shows the whole image when none of the preferred crops is set', () => {
    expect(croppedImageUrlOf({ ...ours, ratios: { '4x5': crop(0, 0, 720, 900) } }, { preferred: CARD_CROP_RATIOS, width: 400 })).toBe(`/media/image/upload/w_400,f_auto,q_auto/${ours.referenceId}`);
    expect(croppedImageUrlOf(ours, { preferred: PREVIEW_CROP_RATIOS, width: 600 })).toBe(`/media/image/upload/w_600,f_auto,q_auto/${ours.referenceId}`);
    expect(croppedImageUrlOf({ provider: 'getty', referenceId: 'x', ratios }, { preferred: CARD_CROP_RATIOS, width: 400 })).toBeUndefined();
  });
});
