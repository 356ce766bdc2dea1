import type { StoreApiApp } from '../app';
import {
  addLineItems,
  deleteCart,
  MAX_LINE_ITEMS,
  readCart,
  removeLineItems,
  selectPharmacy,
  updateLineItems,
  type AddLineItemInput,
  type UpdateLineItemInput,
} from '../domain/cart';
import { MAX_PROMOTION_CODE_LENGTH } from '../domain/promotions';
import { StoreApiError, type Violation } from '../errors';
import { readBody } from '../request';

// The cart (SPEC §4 Cart): GET/DELETE /checkout/cart, line items (POST, PATCH, DELETE and 6.7's
// POST line-item/delete), and the shop's pharmacy choice POST /checkout/cart/pharmacy. Bodies are
// validated here like Shopware's (400 violations); the rules live in domain/cart/.

/** Shopware refuses quantities beyond a 32-bit int; the cart clamps to max purchase anyway. */
const MAX_QUANTITY_INPUT = 2_147_483_647;

function violation(pointer: string, code: string, detail: string, parameters?: Record<string, unknown>): Violation {
  return { pointer, code, detail, parameters };
}

const blank = (pointer: string) => violation(pointer, 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.');
const typeError = (pointer: string, type: string) =>
  violation(pointer, 'VIOLATION::TYPE_ERROR', `This value should be of type ${type}.`, { '{{ type }}': type });

/** The list in `body[key]`: present, an array, 1..100 entries. */
function itemList(body: Record<string, unknown>, key: string): unknown[] {
  const list = body[key];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) throw StoreApiError.violations([blank(`/${key}`)]);
  if (!Array.isArray(list)) throw StoreApiError.violations([typeError(`/${key}`, 'array')]);
  if (list.length > MAX_LINE_ITEMS) {
    throw StoreApiError.violation(`/${key}`, 'VIOLATION::TOO_MANY_ERROR', `This collection should contain ${MAX_LINE_ITEMS} elements or less.`, {
      '{{ limit }}': MAX_LINE_ITEMS,
    });
  }
  return list;
}

function quantityOf(value: unknown, pointer: string, violations: Violation[], fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_QUANTITY_INPUT) {
    violations.push(typeError(pointer, 'int'));
    return 0;
  }
  return value;
}

/**
 * The objects of `body.items`, each read by `parse` (which adds its violations and answers nothing for a bad
 * one); all violations are answered together.
 */
function parseItems<T>(body: Record<string, unknown>, parse: (item: Record<string, unknown>, at: string, violations: Violation[]) => T | undefined): T[] {
  const violations: Violation[] = [];
  const items: T[] = [];
  itemList(body, 'items').forEach((raw, index) => {
    const at = `/items/${index}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) violations.push(typeError(at, 'object'));
    else {
      const item = parse(raw as Record<string, unknown>, at, violations);
      if (item !== undefined) items.push(item);
    }
  });
  if (violations.length) throw StoreApiError.violations(violations);
  return items;
}

function parseAddItem(item: Record<string, unknown>, at: string, violations: Violation[]): AddLineItemInput | undefined {
  const type = item.type ?? 'product';
  if (type !== 'product' && type !== 'promotion') {
    violations.push(violation(`${at}/type`, 'VIOLATION::NO_SUCH_CHOICE_ERROR', 'The value you selected is not a valid choice.', { '{{ choices }}': '"product", "promotion"' }));
    return;
  }
  const referencedId = item.referencedId ?? (type === 'product' ? item.id : undefined);
  if (referencedId === undefined || referencedId === null || referencedId === '') {
    violations.push(blank(`${at}/referencedId`));
    return;
  }
  if (typeof referencedId !== 'string') {
    violations.push(typeError(`${at}/referencedId`, 'string'));
    return;
  }
  if (type === 'promotion') {
    const code = referencedId.trim();
    if (code === '') violations.push(blank(`${at}/referencedId`));
    else if (referencedId.length > MAX_PROMOTION_CODE_LENGTH) {
      violations.push(
        violation(`${at}/referencedId`, 'VIOLATION::TOO_LONG_ERROR', `This value is too long. It should have ${MAX_PROMOTION_CODE_LENGTH} characters or less.`),
      );
    } else return { type, referencedId: code, quantity: 1 };
    return;
  }
  const before = violations.length;
  const quantity = quantityOf(item.quantity, `${at}/quantity`, violations, 1);
  if (quantity < 1 && violations.length === before) {
    violations.push(violation(`${at}/quantity`, 'VIOLATION::TOO_LOW_ERROR', 'This value should be greater than or equal to 1.', { '{{ compared_value }}': 1 }));
  }
  return { type, referencedId: referencedId.slice(0, 255), quantity };
}

function parseUpdateItem(item: Record<string, unknown>, at: string, violations: Violation[]): UpdateLineItemInput | undefined {
  if (typeof item.id !== 'string' || item.id === '') {
    violations.push(item.id === undefined || item.id === '' ? blank(`${at}/id`) : typeError(`${at}/id`, 'string'));
    return;
  }
  if (item.quantity === undefined) {
    violations.push(blank(`${at}/quantity`));
    return;
  }
  return { id: item.id, quantity: quantityOf(item.quantity, `${at}/quantity`, violations) };
}

function parseIds(list: unknown[], pointer: string): string[] {
  const violations: Violation[] = [];
  list.forEach((id, index) => {
    if (typeof id !== 'string' || id === '') violations.push(typeError(`${pointer}/${index}`, 'string'));
  });
  if (violations.length) throw StoreApiError.violations(violations);
  return list as string[];
}

export function registerCartRoutes(app: StoreApiApp): void {
  app.get('/checkout/cart', (c) => c.json(readCart(c.get('ctx')).json));

  app.delete('/checkout/cart', (c) => {
    deleteCart(c.get('ctx'));
    return c.body(null, 204);
  });

  app.post('/checkout/cart/line-item', async (c) => {
    const items = parseItems(await readBody(c), parseAddItem);
    return c.json(addLineItems(c.get('ctx'), items).json);
  });

  app.patch('/checkout/cart/line-item', async (c) => {
    const items = parseItems(await readBody(c), parseUpdateItem);
    return c.json(updateLineItems(c.get('ctx'), items).json);
  });

  app.post('/checkout/cart/line-item/delete', async (c) => {
    const ids = parseIds(itemList(await readBody(c), 'ids'), '/ids');
    return c.json(removeLineItems(c.get('ctx'), ids).json);
  });

  // Deprecated since 6.7 (ids in the query string), still answered like Shopware.
  app.delete('/checkout/cart/line-item', async (c) => {
    const fromQuery = [...c.req.queries('ids[]') ?? [], ...c.req.queries('ids') ?? []];
    const body = fromQuery.length ? { ids: fromQuery } : await readBody(c);
    const ids = parseIds(itemList(body, 'ids'), '/ids');
    return c.json(removeLineItems(c.get('ctx'), ids).json);
  });

  app.post('/checkout/cart/pharmacy', async (c) => {
    const body = await readBody(c);
    if (!('pharmacyId' in body)) throw StoreApiError.violations([blank('/pharmacyId')]);
    const pharmacyId = body.pharmacyId;
    if (pharmacyId !== null && typeof pharmacyId !== 'string') throw StoreApiError.violations([typeError('/pharmacyId', 'string')]);
    return c.json(selectPharmacy(c.get('ctx'), pharmacyId).json);
  });
}
