import { describe, expect, it } from 'vitest';
import { DELIVERY_PATH, type MediaValue } from '@editor/domain';
import { parseDeliveryPath } from '../media/delivery.ts';
import { RENDER_SIZES } from '../media/renditionLimits.ts';
import { RENDITION_WIDTHS, renditionsOf } from './presenter.ts';

const image: MediaValue = {
  provider: 'cloudinary',
  referenceId: 'summit-abc123',
  width: 1600,
  height: 900,
  ratios: {
    '16x9': { p1: { x: 0, y: 0 }, p2: { x: 1600, y: 900 } },
    '4x3': { p1: { x: 200, y: 0 }, p2: { x: 1400, y: 900 } },
    '1x1': { p1: { x: 350.4, y: 0 }, p2: { x: 1250.4, y: 900 } },
    // No crop the modal makes: left out rather than a URL the image service refuses.
    '2x1': { p1: { x: 0, y: 0 }, p2: { x: 1600, y: 100 } },
  },
};

function renditionsOfImage() {
  const renditions = renditionsOf(image, {});
  if (!renditions) throw new Error('no renditions');
  return renditions;
}

describe('renditionsOf (image URLs from the image service vocabulary)', () => {
  it('offers only widths the image service renders as they are', () => {
    for (const width of RENDITION_WIDTHS) expect(RENDER_SIZES).toContain(width);
  });

  it('gives the whole image and each offered crop at the widths up to its own, narrowest first', () => {
    const renditions = renditionsOfImage();
    // In the order of spec 002 §9's ratios.
    expect(Object.keys(renditions)).toEqual(['original', '4x3', '16x9', '1x1']);
    expect(Object.keys(renditions.original ?? {}).map(Number)).toEqual(RENDITION_WIDTHS.filter((width) => width <= 1600));
    expect(Object.keys(renditions['1x1'] ?? {}).map(Number)).toEqual(RENDITION_WIDTHS.filter((width) => width <= 900));
    expect(renditions['4x3']?.['750']).toBe('/media/image/upload/c_crop,x_200,y_0,w_1200,h_900/w_750,f_auto,q_auto/summit-abc123');
  });

  it('builds URLs the image service reads back as the crop and width they name', () => {
    const renditions = renditionsOfImage();
    for (const [crop, byWidth] of Object.entries(renditions)) {
      for (const [width, url] of Object.entries(byWidth)) {
        expect(url.startsWith(`${DELIVERY_PATH}/`)).toBe(true);
        const request = parseDeliveryPath(url.slice(DELIVERY_PATH.length + 1));
        expect(request).toMatchObject({ referenceId: 'summit-abc123', width: Number(width), format: 'auto' });
        expect(request.region === undefined).toBe(crop === 'original');
      }
    }
  });

  it('offers the narrowest width for a small or unmeasured image, points at a configured account, and nothing for other providers', () => {
    expect(renditionsOf({ provider: 'cloudinary', referenceId: 'tiny', width: 120 }, {})).toEqual({ original: { 400: '/media/image/upload/w_400,f_auto,q_auto/tiny' } });
    expect(Object.keys(renditionsOf({ provider: 'cloudinary', referenceId: 'unknown-size' }, {})?.original ?? {}).map(Number)).toEqual([...RENDITION_WIDTHS]);
    expect(renditionsOf({ provider: 'cloudinary', referenceId: 'tiny', width: 120 }, { baseUrl: 'https://res.cloudinary.com/demo' })?.original?.['400']).toBe(
      'https://res.cloudinary.com/demo/image/upload/w_400,f_auto,q_auto/tiny',
    );
    expect(renditionsOf({ provider: 'youtube', referenceId: 'dQw4w9WgXcQ' }, {})).toBeUndefined();
  });
});
