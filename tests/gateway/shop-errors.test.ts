import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../gateway/src/context';
import { cartErrorMessage, SHOP_ERROR_MESSAGES } from '../../gateway/src/messages';
import { orderAccessOf } from '../../gateway/src/plugins/session-cookies';
import { relativeToOrigin } from '../../gateway/src/schema/checkout';
import { sameAddress } from '../../gateway/src/schema/customer';
import { openingHourLines } from '../../gateway/src/schema/pharmacy';
import { fieldOfPointer, InvalidInput, shopErrorsOf } from '../../gateway/src/schema/shop-errors';
import { StoreApiRequestError, type StoreApiErrorEntry } from '../../gateway/src/store-client';

// The gateway's own rules of issue 5 that need no Store API: how Store API failures become translated
// ShopErrors, the messages, the guest order-access cookie, the address comparison of the invoice rule.

const german = { locale: 'de' } as GatewayContext;
const italian = { locale: 'it' } as GatewayContext;
const failure = (status: number, ...entries: StoreApiErrorEntry[]) => new StoreApiRequestError(status, entries, 'test');

describe('Store API failures as ShopErrors', () => {
  it('maps the Store API’s codes to the contract’s codes', () => {
    expect(shopErrorsOf(german, failure(400, { code: 'PHARMACY__CART_FULFILMENT_CONFLICT' }))[0]!.code).toBe('FULFILMENT_CONFLICT');
    expect(shopErrorsOf(german, failure(401, { code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS' }))).toEqual([
      { code: 'LOGIN_FAILED', field: null, message: 'Ungültiger Benutzername oder Passwort' },
    ]);
    expect(shopErrorsOf(italian, failure(403, { code: 'CHECKOUT__CUSTOMER_REGISTRATION_INACTIVE' }))[0]!.message).toBe('La registrazione non è attualmente attiva. Si prega di riprovare più tardi.');
    expect(shopErrorsOf(german, failure(403, { code: 'CHECKOUT__CUSTOMER_REGISTRATION_INACTIVE' }))[0]!.message).toBe('Die Registrierung ist zurzeit nicht aktiv. Bitte versuchen Sie es später erneut.');
    expect(shopErrorsOf(german, failure(400, { code: 'CHECKOUT__CART_EMPTY' }))[0]!.code).toBe('CART_EMPTY');
    expect(shopErrorsOf(german, failure(403, { code: 'CHECKOUT__PAYMENT_METHOD_NOT_CHANGEABLE' }))[0]!.code).toBe('PAYMENT_NOT_CHANGEABLE');
    expect(shopErrorsOf(german, failure(403, { code: 'SOMETHING_ELSE' }))[0]!.code).toBe('NOT_LOGGED_IN');
    expect(shopErrorsOf(german, failure(404, { code: 'X' }), { notFound: 'ORDER_NOT_FOUND' })[0]!.code).toBe('ORDER_NOT_FOUND');
    expect(shopErrorsOf(german, failure(400, { code: 'X' }), { otherwise: 'ORDER_NOT_CANCELLABLE' })[0]!.code).toBe('ORDER_NOT_CANCELLABLE');
  });

  it('tells the order-blocking reasons of CHECKOUT__CART_INVALID apart by the cart errors it carries', () => {
    const invalid = (...messageKeys: string[]) =>
      failure(400, { code: 'CHECKOUT__CART_INVALID', meta: { parameters: { errors: messageKeys.map((messageKey) => ({ messageKey, level: 20 })) } } });
    expect(shopErrorsOf(german, invalid('pharmacy-required'))[0]!.code).toBe('PHARMACY_REQUIRED');
    expect(shopErrorsOf(german, invalid('payment-method-blocked'))[0]!.code).toBe('INVOICE_ADDRESS_MISMATCH');
    expect(shopErrorsOf(german, invalid('product-not-available'))[0]!.code).toBe('PRODUCT_NOT_AVAILABLE');
    expect(shopErrorsOf(german, invalid('something-else'))[0]!.code).toBe('CART_BLOCKED');
  });

  it('violations: terms and waiver by pointer, others per field as "field - detail" (SPEC §5)', () => {
    expect(shopErrorsOf(german, failure(400, { code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/tos' } }))[0]!.code).toBe('TERMS_NOT_ACCEPTED');
    expect(shopErrorsOf(german, failure(400, { code: 'VIOLATION::X', source: { pointer: '/downloadWaiver' } }))[0]!.code).toBe('DOWNLOAD_WAIVER_REQUIRED');
    const blank = failure(400, { code: 'VIOLATION::IS_BLANK_ERROR', detail: 'This value should not be blank.', source: { pointer: '/billingAddress/zipcode' } });
    expect(shopErrorsOf(german, blank)).toEqual([{ code: 'INVALID_INPUT', field: 'billingAddress.zipcode', message: 'PLZ - Der Wert ist erforderlich' }]);
    expect(shopErrorsOf(italian, blank)[0]!.message).toBe('NPA - Il valore è obbligatorio');
    const other = failure(400, { code: 'VIOLATION::ODD', detail: 'Odd value.', source: { pointer: '/city' } });
    expect(shopErrorsOf(german, other, { fieldPrefix: 'billing.address' })).toEqual([
      { code: 'INVALID_INPUT', field: 'billing.address.city', message: 'Ort - Odd value.' },
    ]);
    const twice = failure(400, { code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/email' } }, { code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/email' } });
    expect(shopErrorsOf(german, twice)).toHaveLength(1);
    expect(shopErrorsOf(german, failure(400, { code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', source: { pointer: '/email' } }))).toEqual([
      { code: 'EMAIL_IN_USE', field: 'email', message: 'Diese E-Mail-Adresse wird bereits verwendet.' },
    ]);
  });

  it('outages (network 0, timeout 408, 5xx) are UNAVAILABLE with the generic message; bugs are thrown', () => {
    for (const status of [0, 408, 500, 503]) {
      expect(shopErrorsOf(german, failure(status, { code: 'X' }))).toEqual([{ code: 'UNAVAILABLE', field: null, message: SHOP_ERROR_MESSAGES.UNAVAILABLE.de }]);
    }
    expect(shopErrorsOf(italian, failure(0))[0]!.message).toBe('Si è verificato un errore. Si prega di riprovare più tardi.');
    const bug = new TypeError('undefined is not a function');
    expect(() => shopErrorsOf(german, bug)).toThrow(bug);
    const input = new InvalidInput([{ code: 'INVALID_INPUT', field: 'code', message: 'x' }]);
    expect(shopErrorsOf(german, input)).toBe(input.errors);
  });

  it('pointers become dotted field paths', () => {
    expect(fieldOfPointer('/billingAddress/zipcode')).toBe('billingAddress.zipcode');
    expect(fieldOfPointer('/zipcode', 'shipping.address')).toBe('shipping.address.zipcode');
    expect(fieldOfPointer(undefined)).toBeNull();
  });
});

describe('messages', () => {
  it('every shop error code has a text in de, it and fr', () => {
    for (const texts of Object.values(SHOP_ERROR_MESSAGES)) {
      expect(Object.keys(texts).sort()).toEqual(['de', 'fr', 'it']);
      expect(Object.values(texts).every((text) => text.trim().length > 0)).toBe(true);
    }
  });

  it('cart errors are translated by messageKey with their parameters; unknown keys keep the Store API’s text', () => {
    expect(cartErrorMessage('fr', { messageKey: 'product-stock-reached', name: 'Aspirin', quantity: 3 })).toBe(
      'Le produit Aspirin n’est plus disponible qu’en 3 exemplaire(s).',
    );
    expect(cartErrorMessage('de', { messageKey: 'promotion-not-found', promotionCode: 'X' })).toBe('Der Aktionscode wurde nicht gefunden');
    expect(cartErrorMessage('de', { messageKey: 'something-new', message: 'Something new happened.' })).toBe('Something new happened.');
    expect(cartErrorMessage('de', { messageKey: 'product-stock-reached', message: 'The product is only available 3 times' })).toBe(
      'The product is only available 3 times',
    );
  });
});

describe('checkout helpers', () => {
  it('the invoice rule compares the address fields, not the ids', () => {
    const billing = { id: 'a', firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: 'ch' };
    expect(sameAddress(billing, { ...billing, id: 'b', city: ' zürich ' })).toBe(true);
    expect(sameAddress(billing, { ...billing, id: 'b', zipcode: '8002' })).toBe(false);
    // an address line the cart of the Store API compares too (c/o, floor): another place
    expect(sameAddress(billing, { ...billing, id: 'b', additionalAddressLine1: 'c/o Praxis Weber' })).toBe(false);
    expect(sameAddress(billing, { ...billing, id: 'b', street: 'Bahnhofstrasse  1' })).toBe(true);
  });

  it('return URLs on the shop’s own origin become paths; others stay absolute', () => {
    expect(relativeToOrigin('http://shop.test/payment-provider/abc', 'http://shop.test')).toBe('/payment-provider/abc');
    expect(relativeToOrigin('https://psp.example/pay?x=1', 'http://shop.test')).toBe('https://psp.example/pay?x=1');
  });

  it('opening hours read as one line per weekday in the request’s language', () => {
    const pharmacy = {
      apiAlias: 'pharmacy' as const,
      id: 'p',
      name: 'P',
      street: 's',
      zipcode: '8001',
      city: 'Zürich',
      openingHours: { mon: [['08:00', '12:00'], ['13:30', '18:30']] as [string, string][], sun: [] },
    };
    expect(openingHourLines(pharmacy, 'de')).toEqual(['Mo 08:00–12:00, 13:30–18:30', 'So geschlossen']);
    expect(openingHourLines(pharmacy, 'fr')).toEqual(['Lu 08:00–12:00, 13:30–18:30', 'Di fermé']);
  });

  it('the order-access cookie keeps well-formed entries only, at most five', () => {
    const id = (n: number) => String(n).repeat(32).slice(0, 32);
    const entries = [1, 2, 3, 4, 5, 6].map((n) => `${id(n)}:code${n}`);
    const header = `shop-order-access=${encodeURIComponent(['<script>', ...entries].join(','))}`;
    const parsed = orderAccessOf(header);
    expect(parsed).toHaveLength(5);
    expect(parsed[0]).toEqual({ orderId: id(1), deepLinkCode: 'code1', email: null, zipcode: null });
    const credentials = Buffer.from(JSON.stringify(['a@example.ch', '8001'])).toString('base64url');
    expect(orderAccessOf(`shop-order-access=${id(7)}:c:${credentials}`)[0]).toEqual({ orderId: id(7), deepLinkCode: 'c', email: 'a@example.ch', zipcode: '8001' });
  });
});
