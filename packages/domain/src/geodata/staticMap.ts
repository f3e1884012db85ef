import { z } from 'zod';

/** Spec 000 §7, §9: the static map image, built from latitude and longitude. */
export const STATIC_MAP_PATH = '/maps/api/staticmap';

/** Spec 000 §9: static map thumbnail 200x150, default 600x450. */
export const STATIC_MAP_SIZES = {
  thumbnail: { width: 200, height: 150 },
  default: { width: 600, height: 450 },
} as const;
export type StaticMapSize = keyof typeof STATIC_MAP_SIZES;

/** Spec 000 §9: the static map's zoom. */
export const STATIC_MAP_ZOOM = 9;
/** The zooms a map may be asked at: the whole world at 0, a town at 12 (the outlines hold no finer detail). */
export const MAP_ZOOM_RANGE = { min: 0, max: 12 } as const;

/** Coordinates in a map URL are cut to 5 decimals (about a metre), so that near-equal points share one image. */
function coordinate(value: number): string {
  const rounded = Math.round(value * 1e5) / 1e5;
  return String(rounded === 0 ? 0 : rounded);
}

export interface StaticMapRequest {
  /** The map's centre. */
  center: { latitude: number; longitude: number };
  zoom?: number;
  size?: StaticMapSize;
  /** Where the marker is drawn; no marker when left out. */
  marker?: { latitude: number; longitude: number };
}

/**
 * Spec 000 §7 "a static map image URL is built from latitude and longitude" (sizes and zoom 000 §9), in the shape of
 * the Google Static Maps call: `/maps/api/staticmap?center=lat,lng&zoom=9&size=600x450&markers=lat,lng`.
 */
export function staticMapUrl(request: StaticMapRequest): string {
  const { width, height } = STATIC_MAP_SIZES[request.size ?? 'default'];
  const params = new URLSearchParams({
    center: `${coordinate(request.center.latitude)},${coordinate(request.center.longitude)}`,
    zoom: String(request.zoom ?? STATIC_MAP_ZOOM),
    size: `${width}x${height}`,
  });
  if (request.marker) params.set('markers', `${coordinate(request.marker.latitude)},${coordinate(request.marker.longitude)}`);
  return `${STATIC_MAP_PATH}?${params.toString().replaceAll('%2C', ',')}`;
}

/** The static map of a point, with its marker (spec 000 §7). */
export function staticMapUrlOf(point: { latitude: number; longitude: number }, size: StaticMapSize = 'default'): string {
  return staticMapUrl({ center: point, marker: point, size });
}

const latLng = z
  .string()
  .regex(/^-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?$/)
  .transform((text) => text.split(',').map(Number) as [number, number])
  .refine(([latitude, longitude]) => Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)
  .transform(([latitude, longitude]) => ({ latitude, longitude }));

const sizes = Object.values(STATIC_MAP_SIZES).map(({ width, height }) => `${width}x${height}`);

/** The query of the static map route: only the spec's sizes and whole zooms in range, so the images stay few. */
export const staticMapQuerySchema = z.object({
  center: latLng,
  zoom: z.coerce.number().int().min(MAP_ZOOM_RANGE.min).max(MAP_ZOOM_RANGE.max).default(STATIC_MAP_ZOOM),
  size: z
    .string()
    .refine((size) => sizes.includes(size), { message: `size must be one of ${sizes.join(', ')}` })
    .default(sizes[1] ?? '600x450')
    .transform((size) => {
      const [width = 0, height = 0] = size.split('x').map(Number);
      return { width, height };
    }),
  markers: latLng.optional(),
});
export type StaticMapQuery = z.infer<typeof staticMapQuerySchema>;
