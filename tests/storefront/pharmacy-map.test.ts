import { describe, expect, it } from 'vitest';
import { finderParamsOf, finderUrl } from '../../storefront/features/pharmacies/finderUrl';
import { COUNTRY_OUTLINE, MAP_HEIGHT, MAP_WIDTH, onMap, project, svgPath } from '../../storefront/features/pharmacies/mapProjection';
import { formatKm, telHref } from '../../storefront/features/pharmacies/pharmacyFormat';
import { postalCodeLocations } from '../../store-api/src/seed/postal-codes';

// The offline pharmacy map's geometry and the finder's URL state.

/** Ray casting: whether a point lies inside the outline polygon. */
function inside(point: readonly [number, number], polygon: readonly (readonly [number, number])[]): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

describe('map projection', () => {
  it('keeps proportions: east–west scaled by cos(46.8°)', () => {
    const bern = project(7.4474, 46.948);
    const oneDegreeEast = project(8.4474, 46.948);
    const oneDegreeNorth = project(7.4474, 47.948);
    expect((oneDegreeEast.x - bern.x) / (bern.y - oneDegreeNorth.y)).toBeCloseTo(Math.cos((46.8 * Math.PI) / 180), 2);
    expect(MAP_WIDTH / MAP_HEIGHT).toBeGreaterThan(1.4);
    expect(MAP_WIDTH / MAP_HEIGHT).toBeLessThan(1.6);
  });

  it('puts the outline and every seeded town on the map', () => {
    for (const [lon, lat] of COUNTRY_OUTLINE) {
      const { x, y } = project(lon, lat);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    expect(svgPath(COUNTRY_OUTLINE)).toMatch(/^M[\d.]+ [\d.]+ L.* Z$/);
    for (const place of postalCodeLocations()) expect(onMap(place.longitude, place.latitude), place.city).toBe(true);
  });

  it('draws the big towns inside the country, and foreign cities outside it', () => {
    for (const [lon, lat] of [[8.5417, 47.3769], [7.4474, 46.948], [6.1432, 46.2044], [8.9511, 46.0037], [9.5209, 47.141], [7.5886, 47.5596 - 0.02]] as const) {
      expect(inside([lon, lat], COUNTRY_OUTLINE), `${lon} ${lat}`).toBe(true);
    }
    for (const [lon, lat] of [[9.19, 45.46], [7.75, 48.57], [11.4, 47.27], [9.17, 47.78]] as const) {
      expect(inside([lon, lat], COUNTRY_OUTLINE), `${lon} ${lat}`).toBe(false);
    }
  });
});

describe('finder URL', () => {
  it('reads a search or a position, leaving invalid values out', () => {
    expect(finderParamsOf({ search: ' 8001 ' })).toEqual({ search: '8001', near: null });
    expect(finderParamsOf({ search: '8' })).toEqual({ search: null, near: null });
    expect(finderParamsOf({ search: 'x'.repeat(101) })).toEqual({ search: null, near: null });
    expect(finderParamsOf({ lat: '47.377', lon: '8.542' })).toEqual({ search: null, near: { latitude: 47.377, longitude: 8.542 } });
    expect(finderParamsOf({ lat: '91', lon: '8' }).near).toBeNull();
    expect(finderParamsOf({ lat: '47', lon: 'abc' }).near).toBeNull();
  });

  it('writes the search or a rounded position', () => {
    expect(finderUrl('/fr/pharmacy-map', { search: 'Genève' })).toBe('/fr/pharmacy-map?search=Gen%C3%A8ve');
    expect(finderUrl('/pharmacy-map', { latitude: 47.376912, longitude: 8.541694 })).toBe('/pharmacy-map?lat=47.377&lon=8.542');
    expect(finderUrl('/pharmacy-map', {})).toBe('/pharmacy-map');
  });

  it('formats distances and phone links', () => {
    expect(formatKm(1.2, 'de')).toBe('1.2 km');
    expect(formatKm(1.2, 'fr')).toBe('1,2 km');
    expect(formatKm(3, 'it')).toMatch(/^3[.,]0 km$/);
    expect(telHref('+41 44 123 45 67')).toBe('tel:+41441234567');
  });
});
