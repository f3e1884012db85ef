import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { geoMercator, geoPath } from 'd3-geo';
import sharp from 'sharp';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { mercatorScale, wrapLongitude, type StaticMapQuery } from '@editor/domain';

/** The outlines a map is drawn from: the 1:50m countries to zoom 5, the 1:10m ones closer in. */
type Detail = '50m' | '10m';
const DETAILED_FROM_ZOOM = 6;

interface Outlines {
  land: GeoJSON.FeatureCollection | GeoJSON.Feature;
  borders: GeoJSON.MultiLineString;
}

const COLOURS = { sea: '#c9dff0', land: '#f4f1ea', border: '#a9a39a', coast: '#8fb3cf', marker: '#d6302b', markerRing: '#ffffff' };

/** Reads world-atlas's countries once per detail, on first use. */
function createOutlineSource() {
  const require = createRequire(import.meta.url);
  const loading = new Map<Detail, Promise<Outlines>>();
  return (detail: Detail): Promise<Outlines> => {
    let outlines = loading.get(detail);
    if (!outlines) {
      outlines = readFile(require.resolve(`world-atlas/countries-${detail}.json`), 'utf8').then((text) => {
        const topology = JSON.parse(text) as Topology<{ countries: GeometryCollection }>;
        const countries = topology.objects.countries;
        return { land: feature(topology, countries), borders: mesh(topology, countries, (a, b) => a !== b) };
      });
      outlines.catch(() => loading.delete(detail));
      loading.set(detail, outlines);
    }
    return outlines;
  };
}

/**
 * The SVG of a map: Web Mercator at the zoom (the world 256·2^zoom px wide) centred on the point, the centre's
 * meridian turned to the middle so that a map across the date line is whole; the marker a pin at its point.
 */
export function mapSvg(outlines: Outlines, query: StaticMapQuery): string {
  const { width, height } = query.size;
  const projection = geoMercator()
    .rotate([-query.center.longitude, 0])
    .center([0, query.center.latitude])
    .scale(mercatorScale(query.zoom))
    .translate([width / 2, height / 2])
    .clipExtent([
      [-2, -2],
      [width + 2, height + 2],
    ]);
  const path = geoPath(projection).digits(1);
  let marker = '';
  if (query.markers) {
    const at = projection([wrapLongitude(query.markers.longitude), query.markers.latitude]);
    if (at) {
      const [x, y] = at.map((value) => Math.round(value * 10) / 10) as [number, number];
      marker = `<g transform="translate(${x} ${y})"><path d="M0 0 C-2 -8 -9 -11 -9 -18 A9 9 0 1 1 9 -18 C9 -11 2 -8 0 0 Z" fill="${COLOURS.marker}" stroke="${COLOURS.markerRing}" stroke-width="1.5"/><circle cx="0" cy="-18" r="3.2" fill="${COLOURS.markerRing}"/></g>`;
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.sea}"/>`,
    `<path d="${path(outlines.land) ?? ''}" fill="${COLOURS.land}" stroke="${COLOURS.coast}" stroke-width="0.8" stroke-linejoin="round"/>`,
    `<path d="${path(outlines.borders) ?? ''}" fill="none" stroke="${COLOURS.border}" stroke-width="0.6" stroke-dasharray="3 2"/>`,
    marker,
    '</svg>',
  ].join('');
}

/**
 * Draws maps to PNG (spec 000 §7). It holds the world's outlines, read once per detail on first use, so it lives in
 * the map worker (`mapWorker.ts`), never on the event loop: one map is some 350 ms of projecting and path building.
 */
export function createMapDrawer(): (query: StaticMapQuery) => Promise<Buffer> {
  const outlinesOf = createOutlineSource();
  return async (query) => {
    const outlines = await outlinesOf(query.zoom >= DETAILED_FROM_ZOOM ? '10m' : '50m');
    return sharp(Buffer.from(mapSvg(outlines, query))).png({ compressionLevel: 9, palette: true }).toBuffer();
  };
}
