// The pharmacy map's geometry, drawn by the shop itself so the map works offline and sends no request to a
// tile server: a simplified outline of Switzerland and Liechtenstein (longitude, latitude; clockwise from
// Basel; roughly 5 km precise — a locator map, not a survey) and an equirectangular projection whose
// longitudes are scaled by cos(46.8°), the country's middle latitude, so shapes keep their proportions.

export type LonLat = readonly [longitude: number, latitude: number];

export const COUNTRY_OUTLINE: readonly LonLat[] = [
  [7.59, 47.59], [7.8, 47.56], [8.06, 47.56], [8.23, 47.61], [8.42, 47.57], [8.56, 47.62], [8.47, 47.67],
  [8.52, 47.77], [8.62, 47.81], [8.7, 47.74], [8.81, 47.73], [8.87, 47.7], [9.0, 47.67], [9.17, 47.66],
  [9.4, 47.52], [9.55, 47.5], [9.56, 47.47], [9.65, 47.38], [9.6, 47.35], [9.56, 47.31], [9.53, 47.27],
  // Liechtenstein's border with Austria
  [9.6, 47.24], [9.62, 47.15], [9.61, 47.06], [9.49, 47.06],
  [9.8, 46.99], [9.88, 46.94], [10.1, 46.89], [10.23, 46.86], [10.38, 47.0], [10.49, 46.94], [10.47, 46.87],
  [10.45, 46.75], [10.49, 46.62], [10.38, 46.54], [10.1, 46.63], [10.05, 46.55], [10.16, 46.42], [10.14, 46.23],
  [10.05, 46.23], [9.96, 46.38], [9.72, 46.3], [9.52, 46.33], [9.45, 46.5], [9.29, 46.5], [9.25, 46.23],
  [9.16, 46.17], [9.09, 46.05], [9.04, 45.87], [9.03, 45.82], [8.95, 45.83], [8.91, 45.9], [8.86, 45.97],
  [8.79, 46.0], [8.71, 46.1], [8.61, 46.12], [8.45, 46.25], [8.44, 46.46], [8.38, 46.45], [8.3, 46.4],
  [8.14, 46.3], [8.15, 46.19], [7.98, 46.0], [7.87, 45.92], [7.66, 45.98], [7.54, 45.98], [7.3, 45.87],
  [7.17, 45.87], [7.04, 45.92], [6.95, 46.05], [6.8, 46.13], [6.8, 46.3], [6.8, 46.39], [6.5, 46.44],
  [6.3, 46.37], [6.24, 46.3], [6.2, 46.25], [6.17, 46.18], [6.07, 46.15], [5.96, 46.13], [5.99, 46.22],
  [6.1, 46.25], [6.11, 46.31], [6.07, 46.41], [6.14, 46.56], [6.38, 46.71], [6.46, 46.86], [6.48, 46.91],
  [6.7, 47.04], [6.8, 47.09], [6.88, 47.17], [7.0, 47.3], [6.94, 47.36], [6.88, 47.37], [6.96, 47.44],
  [6.94, 47.49], [7.08, 47.5], [7.2, 47.49], [7.18, 47.44], [7.33, 47.44], [7.45, 47.47], [7.53, 47.53],
  [7.56, 47.57],
];

/** Liechtenstein's border with Switzerland (the Rhine), drawn as a line inside the outline. */
export const LIECHTENSTEIN_BORDER: readonly LonLat[] = [[9.53, 47.27], [9.49, 47.2], [9.5, 47.12], [9.49, 47.06]];

const MIDDLE_LATITUDE = 46.8;
const X_SCALE = Math.cos((MIDDLE_LATITUDE * Math.PI) / 180);
const WEST = 5.9;
const EAST = 10.55;
const NORTH = 47.86;
const SOUTH = 45.78;
/** SVG units per degree of latitude. */
const UNITS_PER_DEGREE = 200;

export const MAP_WIDTH = Math.round((EAST - WEST) * X_SCALE * UNITS_PER_DEGREE);
export const MAP_HEIGHT = Math.round((NORTH - SOUTH) * UNITS_PER_DEGREE);

/** A WGS 84 position as SVG coordinates of the map (x to the east, y to the south), one decimal. */
export function project(longitude: number, latitude: number): { x: number; y: number } {
  const x = (longitude - WEST) * X_SCALE * UNITS_PER_DEGREE;
  const y = (NORTH - latitude) * UNITS_PER_DEGREE;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** Whether a position lies on the drawn map (else it is not shown, e.g. a "near me" position abroad). */
export function onMap(longitude: number, latitude: number): boolean {
  return longitude >= WEST && longitude <= EAST && latitude >= SOUTH && latitude <= NORTH;
}

/** An SVG path ("M x y L … Z") through the points. */
export function svgPath(points: readonly LonLat[], closed = true): string {
  const parts = points.map(([lon, lat], index) => {
    const { x, y } = project(lon, lat);
    return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
  });
  return parts.join(' ') + (closed ? ' Z' : '');
}
