import { describe, expect, it } from 'vitest';
import { COUNTRY_OUTLINE, MAP_HEIGHT, MAP_WIDTH } from '../../storefront/features/pharmacies/mapProjection';
import { boundingBox, fitZoom, inView, projectOnView, TILE_SIZE, tileAt, tilesOf, tileUrl, tileView, worldPixel } from '../../storefront/features/pharmacies/tileMap';
import { readPharmacyMapTiles, tileMapOrigins } from '../../storefront/features/pharmacies/pharmacyMapTiles';

// The pharmacy map's online tiles (PHARMACY_MAP_TILE_URL): standard Web Mercator XYZ tile numbers, the zoom that
// fits the pharmacies shown, the tile URLs, and the configuration that turns it on (or stops the start).

const BERN = [7.4474, 46.948] as const; // Zytglogge
const ZURICH = [8.5417, 47.3769] as const;
const LUGANO = [8.9511, 46.0037] as const;

describe('Web Mercator tiles', () => {
  it('finds the known tiles of Bern (the OpenStreetMap numbering)', () => {
    expect(tileAt(...BERN, 8)).toEqual({ z: 8, x: 133, y: 90 });
    expect(tileAt(...BERN, 12)).toEqual({ z: 12, x: 2132, y: 1441 });
    expect(tileAt(...ZURICH, 12)).toEqual({ z: 12, x: 2145, y: 1434 });
    // the world's corners and middle
    expect(tileAt(0, 0, 1)).toEqual({ z: 1, x: 1, y: 1 });
    expect(tileAt(-180, 85.05, 3)).toEqual({ z: 3, x: 0, y: 0 });
    expect(tileAt(179.99, -85.05, 3)).toEqual({ z: 3, x: 7, y: 7 });
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
  });

  it('fits a box into the view at the largest whole zoom', () => {
    const switzerland = boundingBox(COUNTRY_OUTLINE)!;
    expect(switzerland.west).toBeCloseTo(5.96);
    expect(switzerland.north).toBeCloseTo(47.81);
    // all of Switzerland and Liechtenstein: about 410 × 265 px at zoom 7, twice that at 8 (more than 637 px wide)
    expect(fitZoom(switzerland, MAP_WIDTH, MAP_HEIGHT)).toBe(7);
    // Bern to Zurich (about 95 km) fits at 9; Zurich to Lugano (150 km north–south) at 8
    expect(fitZoom(boundingBox([BERN, ZURICH])!, MAP_WIDTH, MAP_HEIGHT)).toBe(9);
    expect(fitZoom(boundingBox([ZURICH, LUGANO])!, MAP_WIDTH, MAP_HEIGHT)).toBe(8);
    // one pharmacy: the street map around it
    expect(fitZoom(boundingBox([BERN])!, MAP_WIDTH, MAP_HEIGHT)).toBe(14);
    expect(fitZoom(boundingBox([BERN])!, MAP_WIDTH, MAP_HEIGHT, { maxZoom: 12 })).toBe(12);
    expect(boundingBox([])).toBeNull();
  });

  it('covers the view with whole tiles and puts each place on its own tile', () => {
    const view = tileView(boundingBox([BERN, ZURICH])!, MAP_WIDTH, MAP_HEIGHT);
    expect(view.zoom).toBe(9);
    const tiles = tilesOf(view);
    // the tiles touch the view's four edges and no tile lies outside it
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + TILE_SIZE))).toBeGreaterThanOrEqual(MAP_WIDTH);
    expect(Math.max(...tiles.map((t) => t.top + TILE_SIZE))).toBeGreaterThanOrEqual(MAP_HEIGHT);
    for (const t of tiles) expect(t.left < MAP_WIDTH && t.top < MAP_HEIGHT && t.left > -TILE_SIZE && t.top > -TILE_SIZE).toBe(true);
    expect(tiles.length).toBeLessThanOrEqual(12);
    // a marker drawn at projectOnView lies on the tile tileAt names (the markers sit on the tiles)
    for (const [lon, lat] of [BERN, ZURICH]) {
      const point = projectOnView(view, lon, lat);
      expect(inView(view, point)).toBe(true);
      const under = tiles.filter((t) => point.x >= t.left && point.x < t.left + TILE_SIZE && point.y >= t.top && point.y < t.top + TILE_SIZE);
      expect(under.map(({ z, x, y }) => ({ z, x, y }))).toEqual([tileAt(lon, lat, 9)]);
    }
    expect(inView(view, projectOnView(view, ...LUGANO))).toBe(false);
  });

  it('fills the URL template', () => {
    expect(tileUrl('https://tile.example.ch/{z}/{x}/{y}.png', { z: 12, x: 2132, y: 1441 })).toBe('https://tile.example.ch/12/2132/1441.png');
    expect(tileUrl('https://tiles.example.ch/map?layer=base&zoom={z}&col={x}&row={y}', { z: 8, x: 133, y: 90 })).toBe('https://tiles.example.ch/map?layer=base&zoom=8&col=133&row=90');
  });
});

describe('PHARMACY_MAP_TILE_URL', () => {
  const OSM = { PHARMACY_MAP_TILE_URL: 'https://tile.example.ch/{z}/{x}/{y}.png', PHARMACY_MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' };

  it('is off unless set: the offline map, and no origin for the CSP', () => {
    expect(readPharmacyMapTiles({})).toBeNull();
    expect(readPharmacyMapTiles({ PHARMACY_MAP_TILE_URL: '  ', PHARMACY_MAP_TILE_ATTRIBUTION: 'x' })).toBeNull();
    expect(tileMapOrigins(null)).toEqual([]);
  });

  it('keeps the template as written and names its origin for the CSP img-src', () => {
    const tiles = readPharmacyMapTiles({ ...OSM, PHARMACY_MAP_TILE_URL: ' https://Tile.Example.ch:8443/base/{z}/{x}/{y}@2x.png?key=abc ' });
    expect(tiles).toEqual({ url: 'https://Tile.Example.ch:8443/base/{z}/{x}/{y}@2x.png?key=abc', attribution: '© OpenStreetMap contributors' });
    expect(tileMapOrigins(tiles)).toEqual(['https://tile.example.ch:8443']);
    expect(tileMapOrigins(readPharmacyMapTiles(OSM))).toEqual(['https://tile.example.ch']);
  });

  it('refuses anything but an https template with {z}, {x}, {y} and a fixed host, naming the variable', () => {
    for (const bad of [
      'http://tile.example.ch/{z}/{x}/{y}.png',
      '//tile.example.ch/{z}/{x}/{y}.png',
      '/tiles/{z}/{x}/{y}.png',
      'https://tile.example.ch/{z}/{x}.png',
      'https://tile.example.ch/tiles.png',
      'https://{s}.tile.example.ch/{z}/{x}/{y}.png',
      'https://t{z}.example.ch/{z}/{x}/{y}.png',
      'https://tile.example.ch/{z}/{x}/{y}.png?key={apikey}',
      'https://user:pw@tile.example.ch/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}{x}{y}',
    ]) {
      expect(() => readPharmacyMapTiles({ ...OSM, PHARMACY_MAP_TILE_URL: bad }), bad).toThrow(/^PHARMACY_MAP_TILE_URL must be an https:\/\/ tile URL template/);
    }
  });

  it('asks for the attribution the tiles’ licence requires', () => {
    expect(() => readPharmacyMapTiles({ PHARMACY_MAP_TILE_URL: OSM.PHARMACY_MAP_TILE_URL })).toThrow(/^PHARMACY_MAP_TILE_ATTRIBUTION must name the tiles' source/);
    expect(() => readPharmacyMapTiles({ ...OSM, PHARMACY_MAP_TILE_ATTRIBUTION: 'x'.repeat(201) })).toThrow(/PHARMACY_MAP_TILE_ATTRIBUTION/);
    // without a tile URL the attribution alone changes nothing
    expect(readPharmacyMapTiles({ PHARMACY_MAP_TILE_ATTRIBUTION: '© swisstopo' })).toBeNull();
  });
});
