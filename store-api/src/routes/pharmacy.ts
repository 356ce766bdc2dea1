import type { StoreApiApp } from '../app';
import { searchPharmacies } from '../entities/pharmacy';
import { StoreApiError, type Violation } from '../errors';
import { isId } from '../ids';
import { readBody } from '../request';

// The shop's pharmacies (custom route POST /pharmacy): Click & Collect pickup points.
// Body { search?: string, limit?: 1..100 (default 20), ids?: string[], clickAndCollect?: boolean }.

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const MAX_SEARCH_LENGTH = 100;

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

    if (violations.length) throw StoreApiError.violations(violations);
    const { elements, total } = searchPharmacies(c.get('ctx').db, { search, ids, limit, onlyClickAndCollect });
    return c.json({ elements, total, apiAlias: 'pharmacy_list' });
  });
}

function typeError(pointer: string, type: string): Violation {
  return { pointer, code: 'VIOLATION::TYPE_ERROR', detail: `This value should be of type ${type}.`, parameters: { '{{ type }}': type } };
}
