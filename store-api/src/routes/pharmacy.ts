import type { StoreApiApp } from '../app';
import { pharmaciesNearby, pharmacyByPath, resolvePlace, searchPharmacies, type Place } from '../entities/pharmacy';
import { StoreApiError, type Violation } from '../errors';
import { isId } from '../ids';
import { readBody } from '../request';

// The shop's pharmacies (custom route POST /pharmacy): Click & Collect pickup points.
// Body { search?: string, limit?: 1..100 (default 20), ids?: string[], clickAndCollect?: boolean,
//        sort?: 'distance', latitude?: number, longitude?: number }.
// Without sort/coordinates, `search` filters by postal code prefix, town or name (the checkout's picker).
// The finder: `sort: 'distance'` reads `search` as a place (postal code or town, through
// postal_code_location) and answers pharmacies nearest first with `distance` (km) and `place`;
// `placeFound: false` with no elements when no such place is known. `latitude`/`longitude` ("near me")
// sort by distance from that point. Every pharmacy carries `openNow` (Zurich time).
// GET|POST /pharmacy/{path}: one pharmacy by its page path, 404 PHARMACY__NOT_FOUND.

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const MAX_SEARCH_LENGTH = 100;
const MAX_PATH_LENGTH = 200;

export function registerPharmacyRoutes(app: StoreApiApp): void {
  app.post('/pharmacy', async (c) => {
    const body = await readBody(c);
    const violations: Violation[] = [];

    let search: string | undefined;
    if (body.search !== undefined && body.search !== null) {
      if (typeof body.search !== 'string') violations.push(typeError('/search', 'string'));
      else if (body.search.length > MAX_SEARCH_LENGTH) {
        violations.push({
          pointer: '/search',
          code: 'VIOLATION::TOO_LONG_ERROR',
          detail: `This value is too long. It should have ${MAX_SEARCH_LENGTH} characters or less.`,
          parameters: { '{{ limit }}': MAX_SEARCH_LENGTH },
        });
      } else search = body.search;
    }

    let limit = DEFAULT_LIMIT;
    if (body.limit !== undefined && body.limit !== null) {
      const value = typeof body.limit === 'string' && /^\d+$/.test(body.limit) ? Number(body.limit) : body.limit;
      if (typeof value !== 'number' || !Number.isInteger(value)) violations.push(typeError('/limit', 'int'));
      else if (value < 1 || value > MAX_LIMIT) {
        violations.push({
          pointer: '/limit',
          code: value < 1 ? 'VIOLATION::TOO_LOW_ERROR' : 'VIOLATION::TOO_HIGH_ERROR',
          detail: value < 1 ? 'This value should be 1 or more.' : `This value should be ${MAX_LIMIT} or less.`,
          parameters: { '{{ value }}': value, '{{ limit }}': value < 1 ? 1 : MAX_LIMIT },
        });
      } else limit = value;
    }

    let ids: string[] | undefined;
    if (body.ids !== undefined && body.ids !== null) {
      if (!Array.isArray(body.ids) || body.ids.length > MAX_LIMIT) violations.push(typeError('/ids', 'array of at most 100 ids'));
      else {
        body.ids.forEach((id, index) => {
          if (!isId(id)) violations.push({ pointer: `/ids/${index}`, code: 'VIOLATION::INVALID_UUID', detail: 'This is not a valid id.' });
        });
        ids = body.ids as string[];
      }
    }

    let onlyClickAndCollect = false;
    if (body.clickAndCollect !== undefined && body.clickAndCollect !== null) {
      if (typeof body.clickAndCollect !== 'boolean') violations.push(typeError('/clickAndCollect', 'bool'));
      else onlyClickAndCollect = body.clickAndCollect;
    }

    let sortByDistance = false;
    if (body.sort !== undefined && body.sort !== null) {
      if (body.sort !== 'distance') {
        violations.push({ pointer: '/sort', code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', detail: 'The value you selected is not a valid choice.', parameters: { '{{ choices }}': '"distance"' } });
      } else sortByDistance = true;
    }

    const latitude = coordinate(body.latitude, '/latitude', 90, violations);
    const longitude = coordinate(body.longitude, '/longitude', 180, violations);
    if ((latitude === undefined) !== (longitude === undefined)) {
      const pointer = latitude === undefined ? '/latitude' : '/longitude';
      violations.push({ pointer, code: 'VIOLATION::IS_BLANK_ERROR', detail: 'Latitude and longitude come together.' });
    }

    if (violations.length) throw StoreApiError.violations(violations);
    const db = c.get('ctx').db;
    if (latitude !== undefined && longitude !== undefined) {
      const { elements, total } = pharmaciesNearby(db, { origin: { latitude, longitude }, ids, limit, onlyClickAndCollect });
      return c.json({ elements, total, place: null, placeFound: true, apiAlias: 'pharmacy_list' });
    }
    if (sortByDistance && search?.trim()) {
      const place: Place | null = resolvePlace(db, search);
      if (!place) return c.json({ elements: [], total: 0, place: null, placeFound: false, apiAlias: 'pharmacy_list' });
      const { elements, total } = pharmaciesNearby(db, { origin: place, ids, limit, onlyClickAndCollect });
      return c.json({ elements, total, place: { ...place, apiAlias: 'pharmacy_place' }, placeFound: true, apiAlias: 'pharmacy_list' });
    }
    const { elements, total } = searchPharmacies(db, { search, ids, limit, onlyClickAndCollect });
    return c.json({ elements, total, apiAlias: 'pharmacy_list' });
  });

  const onePharmacy = (c: { req: { param(name: 'path'): string }; get(key: 'ctx'): { db: Parameters<typeof pharmacyByPath>[0] } }) => {
    const path = c.req.param('path');
    const pharmacy = path.length <= MAX_PATH_LENGTH ? pharmacyByPath(c.get('ctx').db, path) : null;
    if (!pharmacy) throw StoreApiError.notFound('PHARMACY__NOT_FOUND', 'No pharmacy has this path.', { path: path.slice(0, MAX_PATH_LENGTH) });
    return pharmacy;
  };
  app.get('/pharmacy/:path{.+}', (c) => c.json(onePharmacy(c)));
  app.post('/pharmacy/:path{.+}', (c) => c.json(onePharmacy(c)));
}

/** A latitude (limit 90) or longitude (limit 180): a finite number within ±limit, or undefined when absent. */
function coordinate(value: unknown, pointer: string, limit: number, violations: Violation[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    violations.push(typeError(pointer, 'float'));
    return undefined;
  }
  if (value < -limit || value > limit) {
    violations.push({
      pointer, code: 'VIOLATION::NOT_IN_RANGE_ERROR', detail: `This value should be between -${limit} and ${limit}.`,
      parameters: { '{{ min }}': -limit, '{{ max }}': limit, '{{ value }}': value },
    });
    return undefined;
  }
  return value;
}

function typeError(pointer: string, type: string): Violation {
  return { pointer, code: 'VIOLATION::TYPE_ERROR', detail: `This value should be of type ${type}.`, parameters: { '{{ type }}': type } };
}
