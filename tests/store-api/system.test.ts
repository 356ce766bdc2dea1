import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CH_ID, COUNTRY_LI_ID, CURRENCY_CHF_ID, LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openContentFixture, type ContentFixture } from './content-fixture';

let shop: ContentFixture;
beforeAll(() => {
  shop = openContentFixture();
});
afterAll(() => shop.close());

const storedPayload = (token: string): Record<string, unknown> | undefined => {
  const row = shop.db.prepare('SELECT payload FROM context_token WHERE token = ?').get(token) as { payload: string } | undefined;
  return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
};

describe('GET /context', () => {
  it('gives an anonymous visitor the sales channel defaults: CHF, German, Switzerland, its methods', async () => {
    const res = await shop.call('GET', '/store-api/context');
    expect(res.status).toBe(200);
    const ctx = res.json;
    const sc = ctx.salesChannel;
    expect(ctx.apiAlias).toBe('sales_channel_context');
    expect(ctx.token).toBe(res.headers.get('sw-context-token'));
    expect(ctx.customer).toBeNull();
    expect(ctx.currency).toMatchObject({ id: CURRENCY_CHF_ID, isoCode: 'CHF', apiAlias: 'currency' });
    expect(ctx.context.languageIdChain).toEqual([LANGUAGE_ID.de]);
    expect(ctx.context.taxState).toBe('gross');
    expect(ctx.context.currencyId).toBe(CURRENCY_CHF_ID);
    expect(ctx.languageInfo).toMatchObject({ localeCode: 'de-CH', name: 'Deutsch' });
    expect(ctx.shippingLocation).toMatchObject({ apiAlias: 'cart_delivery_shipping_location', address: null, state: null });
    expect(ctx.shippingLocation.country).toMatchObject({ id: COUNTRY_CH_ID, iso: 'CH', name: 'Schweiz' });
    expect(ctx.paymentMethod.id).toBe(sc.paymentMethodId);
    expect(ctx.paymentMethod.apiAlias).toBe('payment_method');
    expect(ctx.shippingMethod.id).toBe(sc.shippingMethodId);
    expect(ctx.shippingMethod.deliveryTime).toMatchObject({ apiAlias: 'delivery_time', unit: expect.any(String) });
    expect(ctx.itemRounding).toMatchObject({ decimals: 2, interval: 0.01, roundForNet: true });
    // Swiss totals round to 5 Rappen.
    expect(ctx.totalRounding.interval).toBe(0.05);
    expect(ctx.currentCustomerGroup).toMatchObject({ displayGross: true, apiAlias: 'customer_group' });
    expect(ctx.measurementSystem.system).toBe('metric');
    expect(ctx.taxRules.length).toBeGreaterThan(0);
  });

  it('speaks the language of sw-language-id', async () => {
    const res = await shop.call('GET', '/store-api/context', { headers: { 'sw-language-id': LANGUAGE_ID.fr } });
    expect(res.json.languageInfo.localeCode).toBe('fr-CH');
    expect(res.json.context.languageIdChain).toEqual([LANGUAGE_ID.fr, LANGUAGE_ID.de]);
    expect(res.json.shippingLocation.country.name).toBe('Suisse');
  });
});

describe('PATCH /context', () => {
  it('changes the payment method, keeps the token and a later GET with that token shows it', async () => {
    const methods = (await shop.call('GET', '/store-api/payment-method')).json.elements as { id: string }[];
    const first = await shop.call('GET', '/store-api/context');
    const token = first.headers.get('sw-context-token')!;
    const other = methods.find((m) => m.id !== first.json.paymentMethod.id)!;

    const patch = await shop.call('PATCH', '/store-api/context', { body: { paymentMethodId: other.id }, headers: { 'sw-context-token': token } });
    expect(patch.status).toBe(200);
    expect(patch.json.redirectUrl).toBeNull();
    expect(patch.headers.get('sw-context-token')).toBe(token);
    expect(storedPayload(token)).toMatchObject({ paymentMethodId: other.id });

    const again = await shop.call('GET', '/store-api/context', { headers: { 'sw-context-token': token } });
    expect(again.json.paymentMethod.id).toBe(other.id);
    // The chosen method comes first in the list, as in Shopware.
    const listed = await shop.call('GET', '/store-api/payment-method', { headers: { 'sw-context-token': token } });
    expect(listed.json.elements[0].id).toBe(other.id);
  });

  it('switches the country and the language, answering the new language domain as redirectUrl', async () => {
    const token = 'fixture-token-language-switch';
    const res = await shop.call('PATCH', '/store-api/context', {
      body: { countryId: COUNTRY_LI_ID, languageId: LANGUAGE_ID.it },
      headers: { 'sw-context-token': token },
    });
    expect(res.status).toBe(200);
    expect(res.json.redirectUrl).toBe('http://shop.test/it');
    const ctx = (await shop.call('GET', '/store-api/context', { headers: { 'sw-context-token': token } })).json;
    expect(ctx.shippingLocation.country.iso).toBe('LI');
    expect(ctx.languageInfo.localeCode).toBe('it-CH');
  });

  it('refuses unknown ids with one violation per field and stores nothing', async () => {
    const token = 'fixture-token-invalid';
    const res = await shop.call('PATCH', '/store-api/context', {
      body: { paymentMethodId: '0'.repeat(32), shippingMethodId: 'not-an-id', currencyId: CURRENCY_CHF_ID },
      headers: { 'sw-context-token': token },
    });
    expect(res.status).toBe(400);
    const pointers = res.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort();
    expect(pointers).toEqual(['/paymentMethodId', '/shippingMethodId']);
    expect(res.json.errors[0]).toMatchObject({ status: '400', code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', title: 'Constraint violation error' });
    expect(storedPayload(token)).toBeUndefined();
  });

  it('refuses address ids without a logged-in customer (403) and stores nothing', async () => {
    const token = 'fixture-token-address';
    const res = await shop.call('PATCH', '/store-api/context', {
      body: { billingAddressId: '1'.repeat(32) },
      headers: { 'sw-context-token': token },
    });
    expect(res.status).toBe(403);
    expect(res.json.errors[0]).toMatchObject({ code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', status: '403' });
    expect(storedPayload(token)).toBeUndefined();
  });

  it('refuses a malformed body with 400', async () => {
    const res = await shop.app.fetch(
      new Request('http://shop.test/store-api/context', {
        method: 'PATCH',
        headers: { 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json' },
        body: '{"paymentMethodId":',
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe('reference lists', () => {
  it('lists the three shop languages with their locales', async () => {
    const res = await shop.call('GET', '/store-api/language');
    expect(res.status).toBe(200);
    expect(res.json.elements.map((l: { locale: { code: string } }) => l.locale.code)).toEqual(['de-CH', 'it-CH', 'fr-CH']);
    expect(res.json).toMatchObject({ total: 3, apiAlias: 'dal_entity_search_result', entity: 'language' });
  });

  it('lists countries with their states when the association is asked for, translated', async () => {
    const res = await shop.call('POST', '/store-api/country', {
      body: { associations: { states: {} } },
      headers: { 'sw-language-id': LANGUAGE_ID.it },
    });
    const ch = res.json.elements.find((c: { iso: string }) => c.iso === 'CH');
    expect(ch.name).toBe('Svizzera');
    expect(ch.states.length).toBeGreaterThanOrEqual(26);
    expect(ch.states[0]).toMatchObject({ countryId: COUNTRY_CH_ID, apiAlias: 'country_state' });
    const li = res.json.elements.find((c: { iso: string }) => c.iso === 'LI');
    expect(li.states).toEqual([]);

    const without = await shop.call('GET', '/store-api/country');
    expect(without.json.elements[0].states).toBeNull();
  });

  it('filters countries with Criteria and shapes them with includes', async () => {
    const res = await shop.call('POST', '/store-api/country', {
      body: { filter: [{ type: 'equals', field: 'iso', value: 'LI' }], includes: { country: ['id', 'iso'] } },
    });
    expect(res.json.elements).toEqual([{ id: COUNTRY_LI_ID, iso: 'LI', apiAlias: 'country' }]);
  });

  it('answers currencies as a plain array', async () => {
    const res = await shop.call('GET', '/store-api/currency');
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json[0]).toMatchObject({ isoCode: 'CHF', apiAlias: 'currency' });
  });

  it('lists salutations translated', async () => {
    const res = await shop.call('GET', '/store-api/salutation', { headers: { 'sw-language-id': LANGUAGE_ID.fr } });
    const keys = res.json.elements.map((s: { salutationKey: string }) => s.salutationKey);
    expect(keys).toEqual(expect.arrayContaining(['mr', 'mrs']));
    expect(res.json.elements.every((s: { apiAlias: string }) => s.apiAlias === 'salutation')).toBe(true);
  });

  it('lists active payment methods (onlyAvailable accepted) and shipping methods with delivery time and prices', async () => {
    const payment = await shop.call('GET', '/store-api/payment-method?onlyAvailable=1');
    expect(payment.status).toBe(200);
    expect(payment.json.elements.length).toBeGreaterThanOrEqual(5);
    expect(payment.json.elements.every((m: { active: boolean }) => m.active)).toBe(true);

    const shipping = await shop.call('POST', '/store-api/shipping-method?onlyAvailable=1', { body: { associations: { prices: {} } } });
    expect(shipping.status).toBe(200);
    const standard = shipping.json.elements[0];
    expect(standard.deliveryTime).toMatchObject({ apiAlias: 'delivery_time' });
    expect(standard.prices.length).toBeGreaterThan(0);
    expect(standard.prices[0]).toMatchObject({ apiAlias: 'shipping_method_price', shippingMethodId: standard.id });
  });

  it('refuses a limit over the cap like Shopware', async () => {
    const res = await shop.call('POST', '/store-api/language', { body: { limit: 100000 } });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].source.pointer).toBe('/limit');
  });
});
