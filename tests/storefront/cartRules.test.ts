import { describe, expect, it } from 'vitest';
import { cartHintCookie, hasCartHint } from '../../storefront/features/cart/cartHint';
import {
  addToCartRequest,
  cartChangeOutcome,
  cartRedirectNotice,
  cartRedirectSearch,
  parseQuantity,
  steppedLineQuantity,
  typedLineQuantity,
} from '../../storefront/features/cart/cartRules';
import { formatDeliveryDate, formatTaxRate } from '../../storefront/features/cart/cartTexts';

const id = '0123456789abcdef0123456789abcdef';
const plain = { quantityMin: 1, quantityMax: 10, quantityStep: 1 };
const packs = { quantityMin: 2, quantityMax: 11, quantityStep: 3 }; // 2, 5, 8, 11

describe('the cart line stepper', () => {
  it('steps one piece at a time and removes below the minimum (SPEC §4: 0 removes)', () => {
    expect(steppedLineQuantity(1, 1, plain)).toBe(2);
    expect(steppedLineQuantity(2, -1, plain)).toBe(1);
    expect(steppedLineQuantity(1, -1, plain)).toBe(0);
    expect(steppedLineQuantity(10, 1, plain)).toBe(10);
  });

  it('keeps to the purchase steps and the maximum', () => {
    expect(steppedLineQuantity(2, 1, packs)).toBe(5);
    expect(steppedLineQuantity(8, 1, packs)).toBe(11);
    expect(steppedLineQuantity(11, 1, packs)).toBe(11);
    expect(steppedLineQuantity(5, -1, packs)).toBe(2);
    expect(steppedLineQuantity(2, -1, packs)).toBe(0);
  });

  it('turns a typed quantity into an allowed one; 0 or less removes; nothing typed sends nothing', () => {
    expect(typedLineQuantity('7', packs)).toBe(5);
    // above the maximum it goes to the Store API, which corrects it with a message (issue 19 item 8)
    expect(typedLineQuantity('99', packs)).toBe(98);
    expect(typedLineQuantity('5000', plain)).toBe(999);
    expect(typedLineQuantity('0', packs)).toBe(0);
    expect(typedLineQuantity('-3', plain)).toBe(0);
    expect(typedLineQuantity('  ', plain)).toBeNull();
    expect(typedLineQuantity('abc', plain)).toBeNull();
  });
});

describe('add-to-cart links and form fields', () => {
  it('reads productId and quantity, quantity 1 by default (SPEC §9)', () => {
    expect(addToCartRequest(id, null)).toEqual({ ok: true, productId: id, quantity: 1 });
    expect(addToCartRequest(id.toUpperCase(), '3')).toEqual({ ok: true, productId: id, quantity: 3 });
    expect(addToCartRequest(null, '1')).toEqual({ ok: false, reason: 'missingProduct' });
    expect(addToCartRequest('', '1')).toEqual({ ok: false, reason: 'missingProduct' });
    expect(addToCartRequest('p100001', '1')).toEqual({ ok: false, reason: 'invalidProduct' });
    expect(addToCartRequest(`${id}<script>`, '1')).toEqual({ ok: false, reason: 'invalidProduct' });
    expect(addToCartRequest(id, '0')).toEqual({ ok: false, reason: 'invalidQuantity' });
    expect(addToCartRequest(id, '2.5')).toEqual({ ok: false, reason: 'invalidQuantity' });
  });

  it('accepts whole quantities from 0 to 999 only', () => {
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity(' 999 ')).toBe(999);
    expect(parseQuantity('1000')).toBeNull();
    expect(parseQuantity('1e3')).toBeNull();
    expect(parseQuantity(4)).toBe(4);
    expect(parseQuantity(-1)).toBeNull();
  });

  it('carries a refused form change to the cart page and back, and ignores anything malformed', () => {
    const search = cartRedirectSearch({ conflict: { productId: id, quantity: 2 } });
    expect(search).toBe(`?conflict=${id}&quantity=2`);
    expect(cartRedirectNotice(Object.fromEntries(new URLSearchParams(search)))).toEqual({ error: null, conflict: { productId: id, quantity: 2 } });
    expect(cartRedirectNotice({ error: 'PROMOTION_NOT_FOUND' })).toEqual({ error: 'PROMOTION_NOT_FOUND', conflict: null });
    expect(cartRedirectNotice({ error: '<img src=x>', conflict: 'nope' })).toEqual({ error: null, conflict: null });
    expect(cartRedirectSearch({})).toBe('');
  });
});

describe('a cart mutation answer', () => {
  it('is a conflict prompt for FULFILMENT_CONFLICT, a refusal for other errors, else a change', () => {
    expect(cartChangeOutcome({ errors: [] })).toEqual({ kind: 'changed' });
    expect(cartChangeOutcome({ errors: [{ code: 'PROMOTION_NOT_FOUND', message: 'Der Aktionscode wurde nicht gefunden' }] })).toEqual({
      kind: 'refused',
      code: 'PROMOTION_NOT_FOUND',
      message: 'Der Aktionscode wurde nicht gefunden',
    });
    expect(cartChangeOutcome({ errors: [{ code: 'UNAVAILABLE', message: 'x' }, { code: 'FULFILMENT_CONFLICT', message: 'y' }] })).toEqual({ kind: 'conflict', message: 'y' });
  });
});

describe('the header hint cookie and the cart texts', () => {
  it('is set while the cart holds something and deleted when it is empty', () => {
    expect(cartHintCookie(2)).toMatch(/^cart_hint=1; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(cartHintCookie(0)).toMatch(/^cart_hint=; Max-Age=0;/);
    expect(hasCartHint('a=b; cart_hint=1')).toBe(true);
    expect(hasCartHint('a=b')).toBe(false);
  });

  it('writes VAT rates and delivery dates per Swiss locale', () => {
    expect(formatTaxRate(8.1, 'de')).toBe('8.1');
    expect(formatTaxRate(2.6, 'fr')).toBe('2,6');
    expect(formatDeliveryDate('2026-11-24', 'de')).toBe('Di., 24.11.2026');
    expect(formatDeliveryDate('not a date', 'de')).toBe('not a date');
  });
});
