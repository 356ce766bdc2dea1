// Web Mercator maths for the pharmacy map's online tiles (used only when PHARMACY_MAP_TILE_URL is set): standard
// XYZ ("slippy map") tiles of 256 px, where zoom z splits the world into 2^z × 2^z tiles, x to the east from
// 180° W and y to the south from 85.05° N. The map is a fixed view (the offline map's size) at one whole zoom,
// centred on the pharmacies shown; tiles, outline and markers are placed with the same functions, so they line up.
import type { LonLat } from './mapProjection';

export const TILE_SIZE = 256;
/** The latitude where Web Mercator's square world ends. */
const MAX_LATITUDE = 85.0511287798;

/** A bounding box in degrees. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Point {
  x: number;
  y: number;
}

/** One tile of the view: its XYZ numbers and where its top-left corner lies in the view (px, may be negative). */
export interface Tile {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
}

/** A view of the world at one zoom: width × height px whose top-left corner is at (left, top) world pixels. */
export interface TileView {
  zoom: number;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** A position as pixels of the whole world at a zoom (0 … 256 · 2^zoom on both axes). */
export function worldPixel(longitude: number, latitude: number, zoom: number): Point {
  const size = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return {
    x: ((longitude + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/** The XYZ tile a position lies on. */
export function tileAt(longitude: number, latitude: number, zoom: number): { z: number; x: number; y: number } {
  const { x, y } = worldPixel(longitude, latitude, zoom);
  const last = 2 ** zoom - 1;
  return { z: zoom, x: Math.min(last, Math.floor(x / TILE_SIZE)), y: Math.min(last, Math.floor(y / TILE_SIZE)) };
}

/** The smallest box holding every point, or null without points. */
export function boundingBox(points: readonly LonLat[]): Box | null {
  if (points.length === 0) return null;
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
}

export interface FitOptions {
  /** px kept free around the box, so markers do not sit on the edge */
  padding?: number;
  /** the closest zoom, used for a single point (a street map around a pharmacy) */
  maxZoom?: number;
}

/** The largest whole zoom (up to maxZoom) at which the box fits into width × height px, less the padding. */
export function fitZoom(box: Box, width: number, height: number, { padding = 24, maxZoom = 14 }: FitOptions = {}): number {
  for (let zoom = maxZoom; zoom > 0; zoom--) {
    const northWest = worldPixel(box.west, box.north, zoom);
    const southEast = worldPixel(box.east, box.south, zoom);
    if (southEast.x - northWest.x <= width - 2 * padding && southEast.y - northWest.y <= height - 2 * padding) return zoom;
  }
  return 0;
}

/** The view of width × height px centred on the box at the zoom that fits it. */
export function tileView(box: Box, width: number, height: number, options: FitOptions = {}): TileView {
  const zoom = fitZoom(box, width, height, options);
  const northWest = worldPixel(box.west, box.north, zoom);
  const southEast = worldPixel(box.east, box.south, zoom);
  // whole pixels, so the tiles' edges meet without seams
  return { zoom, width, height, left: Math.round((northWest.x + southEast.x) / 2 - width / 2), top: Math.round((northWest.y + southEast.y) / 2 - height / 2) };
}

/** The tiles that cover the view, row by row (none above the north or below the south end of the world). */
export function tilesOf(view: TileView): Tile[] {
  const count = 2 ** view.zoom;
  const tiles: Tile[] = [];
  const firstX = Math.floor(view.left / TILE_SIZE);
  const lastX = Math.floor((view.left + view.width - 1) / TILE_SIZE);
  for (let y = Math.max(0, Math.floor(view.top / TILE_SIZE)); y <= Math.min(count - 1, Math.floor((view.top + view.height - 1) / TILE_SIZE)); y++) {
    for (let x = firstX; x <= lastX; x++) {
      // across the antimeridian the world repeats
      tiles.push({ z: view.zoom, x: ((x % count) + count) % count, y, left: x * TILE_SIZE - view.left, top: y * TILE_SIZE - view.top });
    }
  }
  return tiles;
}

/** A position as pixels of the view (x to the east, y to the south), one decimal, like mapProjection's project(). */
export function projectOnView(view: TileView, longitude: number, latitude: number): Point {
  const { x, y } = worldPixel(longitude, latitude, view.zoom);
  return { x: Math.round((x - view.left) * 10) / 10, y: Math.round((y - view.top) * 10) / 10 };
}

/** An SVG path ("M x y L … Z") through the points, placed on the view (the outline under the tiles). */
export function viewPath(view: TileView, points: readonly LonLat[], closed = true): string {
  const parts = points.map(([lon, lat], index) => {
    const { x, y } = projectOnView(view, lon, lat);
    return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
  });
  return parts.join(' ') + (closed ? ' Z' : '');
}

/** Whether a point of the view is inside it (else its marker is left out: it could not be seen or clicked). */
export function inView(view: TileView, point: Point): boolean {
  return point.x >= 0 && point.x <= view.width && point.y >= 0 && point.y <= view.height;
}

/** A tile's URL from the configured template (https://tile.example.ch/{z}/{x}/{y}.png). */
export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template.replace(/\{z\}/g, String(tile.z)).replace(/\{x\}/g, String(tile.x)).replace(/\{y\}/g, String(tile.y));
}
