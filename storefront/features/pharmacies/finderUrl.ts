// The finder's state in its URL (?search=8001 or ?lat=47.377&lon=8.542), read by the page query on the
// server and written by the search form, so a reload or the back button shows the same results.

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;

export interface FinderParams {
  search?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** The finder's query variables from the URL's search params; invalid values are left out. */
export function finderParamsOf(query: Record<string, string | undefined>): { search: string | null; near: { latitude: number; longitude: number } | null } {
  const latitude = coordinateOf(query.lat, 90);
  const longitude = coordinateOf(query.lon, 180);
  const near = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const text = (query.search ?? '').trim().replace(/\s+/g, ' ');
  const search = !near && text.length >= MIN_SEARCH_LENGTH && text.length <= MAX_SEARCH_LENGTH ? text : null;
  return { search, near };
}

function coordinateOf(value: string | undefined, limit: number): number | null {
  if (!value || !/^-?\d{1,3}(\.\d+)?$/.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : null;
}

/** The finder's URL for a search or a position (rounded to about 100 m: enough to sort, less to share). */
export function finderUrl(path: string, params: FinderParams): string {
  if (params.latitude != null && params.longitude != null) {
    return `${path}?lat=${params.latitude.toFixed(3)}&lon=${params.longitude.toFixed(3)}`;
  }
  return params.search ? `${path}?search=${encodeURIComponent(params.search)}` : path;
}
