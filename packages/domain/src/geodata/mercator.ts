/** The world is 256 pixels wide at zoom 0 and doubles with each zoom, as in web maps. */
const TILE = 256;
/** Web Mercator stops here, where the projection's square world ends. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798;

export function worldWidth(zoom: number): number {
  return TILE * 2 ** zoom;
}

/** The scale d3's `geoMercator` needs to draw the world `worldWidth(zoom)` pixels wide. */
export function mercatorScale(zoom: number): number {
  return worldWidth(zoom) / (2 * Math.PI);
}

function worldPixel(point: { latitude: number; longitude: number }, zoom: number): { x: number; y: number } {
  const width = worldWidth(zoom);
  const latitude = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, point.latitude));
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * width,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * width,
  };
}

/** Wraps a longitude into -180..180. */
export function wrapLongitude(longitude: number): number {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}

/**
 * The point shown `dx`, `dy` pixels from the centre of a Web Mercator map at `zoom` (the static map of spec 000 §7),
 * so that a click on the map can set the point. Latitude stays within the projection, longitude wraps.
 */
export function pointAtOffset(options: { center: { latitude: number; longitude: number }; zoom: number; dx: number; dy: number }): { latitude: number; longitude: number } {
  const width = worldWidth(options.zoom);
  const centre = worldPixel(options.center, options.zoom);
  const x = centre.x + options.dx;
  const y = Math.max(0, Math.min(width, centre.y + options.dy));
  const longitude = wrapLongitude((x / width) * 360 - 180);
  const n = Math.PI - (2 * Math.PI * y) / width;
  const latitude = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

/** Where a point lies on the map, in pixels from its centre (the inverse of `pointAtOffset`, ignoring wrapping). */
export function offsetOfPoint(options: { center: { latitude: number; longitude: number }; zoom: number; point: { latitude: number; longitude: number } }): { dx: number; dy: number } {
  const centre = worldPixel(options.center, options.zoom);
  const at = worldPixel(options.point, options.zoom);
  return { dx: at.x - centre.x, dy: at.y - centre.y };
}
