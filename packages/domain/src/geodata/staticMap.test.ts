import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offsetOfPoint, pointAtOffset, worldWidth, wrapLongitude } from './mercator.ts';
import { STATIC_MAP_PATH, staticMapQuerySchema, staticMapUrl, staticMapUrlOf } from './staticMap.ts';

describe('the static map URL (spec 000 §7, §9)', () => {
  it('is 600x450 at zoom 9 with a marker at the point by default, 200x150 as a thumbnail', () => {
    expect(staticMapUrlOf({ latitude: 47.80949, longitude: 13.05501 })).toBe(`${STATIC_MAP_PATH}?center=47.80949,13.05501&zoom=9&size=600x450&markers=47.80949,13.05501`);
    expect(staticMapUrlOf({ latitude: -23.5475, longitude: -46.63611 }, 'thumbnail')).toBe(
      `${STATIC_MAP_PATH}?center=-23.5475,-46.63611&zoom=9&size=200x150&markers=-23.5475,-46.63611`,
    );
  });

  it('takes a centre and zoom without a marker, and cuts coordinates to five decimals', () => {
    expect(staticMapUrl({ center: { latitude: 0, longitude: -0 }, zoom: 2 })).toBe(`${STATIC_MAP_PATH}?center=0,0&zoom=2&size=600x450`);
    expect(staticMapUrl({ center: { latitude: 35.6895123456, longitude: 139.69171 }, zoom: 8 })).toContain('center=35.68951,139.69171');
  });

  it('is read back by the route schema, which accepts only the spec sizes and whole zooms 0 to 12', () => {
    const url = new URL(staticMapUrlOf({ latitude: 64.13548, longitude: -21.89541 }), 'http://localhost');
    expect(staticMapQuerySchema.parse(Object.fromEntries(url.searchParams))).toEqual({
      center: { latitude: 64.13548, longitude: -21.89541 },
      zoom: 9,
      size: { width: 600, height: 450 },
      markers: { latitude: 64.13548, longitude: -21.89541 },
    });
    expect(staticMapQuerySchema.safeParse({ center: '0,0', size: '4000x4000' }).success).toBe(false);
    expect(staticMapQuerySchema.safeParse({ center: '0,0', zoom: '13' }).success).toBe(false);
    expect(staticMapQuerySchema.safeParse({ center: '0,0', zoom: '2.5' }).success).toBe(false);
    expect(staticMapQuerySchema.safeParse({ center: '91,0' }).success).toBe(false);
    expect(staticMapQuerySchema.safeParse({ center: 'salzburg' }).success).toBe(false);
  });
});

describe('map clicks (Web Mercator)', () => {
  it('finds the centre at the centre and wraps across the date line', () => {
    expect(pointAtOffset({ center: { latitude: 47.8, longitude: 13.04 }, zoom: 8, dx: 0, dy: 0 })).toEqual({ latitude: 47.8, longitude: 13.04 });
    // At zoom 0 the world is 256 px wide: 128 px east of the date line is the other side of the world.
    expect(pointAtOffset({ center: { latitude: 0, longitude: 179 }, zoom: 0, dx: 128, dy: 0 }).longitude).toBeCloseTo(-1, 3);
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(180)).toBe(180);
  });

  it('is the inverse of where a point is drawn', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: -225, max: 225 }),
        (latitude, longitude, zoom, dx, dy) => {
          const center = { latitude, longitude };
          // A click past the date line wraps to the other side of the world, where the offset cannot come back.
          if (Math.abs(longitude + (dx * 360) / worldWidth(zoom)) > 179) return;
          const point = pointAtOffset({ center, zoom, dx, dy });
          if (Math.abs(point.latitude) > 85) return;
          const back = offsetOfPoint({ center, zoom, point });
          expect(back.dx).toBeCloseTo(dx, -0.5);
          expect(back.dy).toBeCloseTo(dy, -0.5);
        },
      ),
    );
  });
});
