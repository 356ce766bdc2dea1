import { ApiClientError, createAPIClient } from '@shopware/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorsOrigins } from '../../store-api/src/cors';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { expectStoreApiContract, expectStoreApiSchema } from '../support/contract';
import { openPrivateTestShop, ORIGIN, serveOnLoopback } from '../support/shop';
import { mailsTo, PASSWORD } from './account-session';
import { addProduct, address, findProduct, guestOrder, placeOrder, shopper, uniqueEmail } from './checkout-fixtures';

// Issue 21 items 1–4 and 7: the embedded Store API answers as Shopware 6.7 does where a real Shopware frontend
// (Shopware Frontends, @shopware/composables) relies on it. Each answer is checked against the OpenAPI schema of
// @shopware/api-client, and read once more through the official client over loopback HTTP.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Client = ReturnType<typeof createAPIClient>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: Shop;
let loopback: Awaited<ReturnType<typeof serveOnLoopback>>;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  loopback = await serveOnLoopback(shop.app);
});

afterAll(async () => {
  await loopback?.close();
  shop?.close();
});

function newClient(): Client {
  return createAPIClient({ baseURL: `${loopback.origin}/store-api`, accessToken: shop.config.accessKey });
}

/** Calls the Store API, expects `status` and validates the answer against the schema of `template`. */
async function contract(method: string, template: string, path: string, options: { body?: unknown; headers?: Record<string, string>; status?: number } = {}) {
  const res = await shop.call(method, `/store-api${path}`, { body: options.body, headers: options.headers });
  expect(res.status, `${method} ${path} → ${res.text.slice(0, 400)}`).toBe(options.status ?? 200);
  expectStoreApiContract(method, template, res.status, res.json);
  return res;
}

const db = () => shop.db;

/** A parent product whose variants differ by one property group (the seeded sizes), with its options by id. */
function variantFamily(): { parentId: string; variants: { id: string; optionId: string }[] } {
  const parent = db().prepare('SELECT id FROM product WHERE child_count > 1 AND parent_id IS NULL AND active = 1 ORDER BY product_number LIMIT 1').get() as { id: string };
  const variants = db()
    .prepare(
      `SELECT p.id, po.property_group_option_id AS optionId FROM product p JOIN product_option po ON po.product_id = p.id
       WHERE p.parent_id = ? AND p.active = 1 ORDER BY p.product_number`,
    )
    .all(parent.id) as { id: string; optionId: string }[];
  return { parentId: parent.id, variants };
}

/** A category three levels below the main navigation, and the German names of its trail below the root. */
function deepCategory(): { id: string; trail: string[]; names: string[] } {
  const root = db().prepare("SELECT navigation_category_id AS id FROM sales_channel LIMIT 1").get() as { id: string };
  const row = db()
    .prepare("SELECT id, path FROM category WHERE active = 1 AND visible = 1 AND path LIKE ? AND level >= 4 ORDER BY level DESC, id LIMIT 1")
    .get(`%|${root.id}|%`) as { id: string; path: string };
  const ancestors = row.path.split('|').filter(Boolean);
  const trail = [...ancestors.slice(ancestors.indexOf(root.id) + 1), row.id];
  const nameOf = db().prepare('SELECT name FROM category_translation WHERE category_id = ? AND language_id = ?').pluck();
  return { id: row.id, trail, names: trail.map((id) => nameOf.get(id, LANGUAGE_ID.de) as string) };
}

describe('CORS (item 1): a frontend on a configured origin reads the Store API from the browser', () => {
  it('answers a preflight without an access key with 200, the origin, the methods and Shopware’s headers', async () => {
    const res = await shop.call('OPTIONS', '/store-api/context', {
      accessKey: null,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'sw-access-key,sw-context-token,content-type' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-methods')?.split(',')).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['sw-access-key', 'sw-context-token', 'sw-language-id', 'sw-include-seo-urls', 'content-type']),
    );
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('marks every answer for an allowed origin (errors too) and exposes sw-context-token; a foreign origin gets no CORS headers', async () => {
    const allowed = await contract('GET', '/context', '/context', { headers: { origin: ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-expose-headers')?.split(',')).toEqual(expect.arrayContaining(['sw-context-token', 'sw-access-key', 'sw-language-id', 'sw-version-id']));
    expect(allowed.headers.get('vary')).toContain('Origin');

    const refused = await shop.call('GET', '/store-api/context', { accessKey: null, headers: { origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expectStoreApiContract('GET', '/context', 401, refused.json);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    for (const origin of ['http://evil.test', 'null', `${ORIGIN}.evil.test`]) {
      const foreign = await shop.call('GET', '/store-api/context', { headers: { origin } });
      expect(foreign.status).toBe(200);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect(foreign.headers.get('access-control-expose-headers')).toBeNull();
      expect(foreign.headers.get('vary')).toContain('Origin');
      const preflight = await shop.call('OPTIONS', '/store-api/context', { accessKey: null, headers: { origin } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('the official client, sending the storefront’s Origin, gets the CORS headers with its answers', async () => {
    const client = createAPIClient({ baseURL: `${loopback.origin}/store-api`, accessToken: shop.config.accessKey, defaultHeaders: { origin: ORIGIN } as never });
    const seen: Headers[] = [];
    client.hook('onSuccessResponse', (response) => void seen.push(response.headers));
    const { data } = await client.invoke('readContext get /context');
    expect(data.currency?.isoCode).toBe('CHF');
    expect(seen[0]?.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(seen[0]?.get('access-control-expose-headers')).toContain('sw-context-token');
  });

  it('STORE_API_CORS_ORIGINS: unset the sales channel’s domains; a list of origins; never "*"', () => {
    const shopOrigins = readShopOrigins({ PUBLIC_ORIGIN: 'https://www.apotheke.example', STOREFRONT_ORIGINS: 'https://m.apotheke.example' });
    expect(readCorsOrigins({}, shopOrigins)).toEqual(['https://www.apotheke.example', 'https://m.apotheke.example']);
    expect(readCorsOrigins({ STORE_API_CORS_ORIGINS: 'https://Headless.Apotheke.example/, https://app.example:8443' }, shopOrigins)).toEqual([
      'https://headless.apotheke.example',
      'https://app.example:8443',
    ]);
    expect(readCorsOrigins({ STORE_API_CORS_ORIGINS: 'none' }, shopOrigins)).toEqual([]);
    expect(() => readCorsOrigins({ STORE_API_CORS_ORIGINS: '*' }, shopOrigins)).toThrow(/not "\*"/);
    expect(() => readCorsOrigins({ STORE_API_CORS_ORIGINS: 'https://a.example/path' }, shopOrigins)).toThrow(/STORE_API_CORS_ORIGINS/);
  });
});

describe('criteria leniency (item 2)', () => {
  it('POST /category/{id} answers 200 with associations it does not use', async () => {
    const { id } = deepCategory();
    const res = await contract('POST', '/category/{navigationId}', `/category/${id}`, { body: { associations: { media: {}, products: {}, children: {} } } });
    expect(res.json).toMatchObject({ id, apiAlias: 'category' });
    const client = await newClient().invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: id }, body: { associations: { products: {} } } as never });
    expect(client.data.id).toBe(id);
  });

  it('POST /product/{id} accepts the cmsPage and openGraphMedia associations', async () => {
    const { parentId } = variantFamily();
    const res = await contract('POST', '/product/{productId}', `/product/${parentId}`, { body: { associations: { cmsPage: {}, openGraphMedia: {} } } });
    expect(res.json.product.parentId).toBe(parentId);
    const client = await newClient().invoke('readProductDetail post /product/{productId}', { pathParams: { productId: parentId }, body: { associations: { openGraphMedia: {} } } });
    expect(client.data.product.parentId).toBe(parentId);
  });

  it('propertyIds and optionIds filter and aggregate like product fields (terms buckets are option ids)', async () => {
    const { variants } = variantFamily();
    const option = variants[0]!.optionId;
    const filtered = await contract('POST', '/product', '/product', {
      body: { filter: [{ type: 'equals', field: 'optionIds', value: option }], aggregations: [{ name: 'options', type: 'terms', field: 'optionIds' }] },
    });
    const withOption = variants.filter((v) => v.optionId === option).map((v) => v.id);
    expect(filtered.json.elements.map((p: Json) => p.id).sort()).toEqual(expect.arrayContaining(withOption));
    for (const product of filtered.json.elements) expect(product.optionIds).toContain(option);
    expect(filtered.json.aggregations.options.buckets.map((b: Json) => b.key)).toContain(option);

    const property = db().prepare('SELECT property_group_option_id FROM product_property LIMIT 1').pluck().get() as string;
    const search = await contract('POST', '/search', '/search', { body: { search: 'Vitamin', limit: 1, aggregations: [{ name: 'props', type: 'terms', field: 'propertyIds' }] } });
    expect(search.json.total).toBeGreaterThan(0);
    const byProperty = await contract('POST', '/product', '/product', {
      body: { limit: 5, filter: [{ type: 'equalsAny', field: 'propertyIds', value: [property] }], aggregations: [{ name: 'props', type: 'terms', field: 'propertyIds' }] },
    });
    expect(byProperty.json.total).toBeGreaterThan(0);
    for (const product of byProperty.json.elements) expect(product.propertyIds).toContain(property);
    expect(byProperty.json.aggregations.props.buckets.map((b: Json) => b.key)).toContain(property);

    const client = await newClient().invoke('searchPage post /search', {
      body: { search: 'Vitamin', limit: 1, aggregations: [{ name: 'props', type: 'terms', field: 'propertyIds' }] } as never,
    });
    expect(client.data.total).toBeGreaterThan(0);
  });
});

describe('variants (item 3)', () => {
  it('the buy-box slot carries the configurator: the size group with every option, combinable', async () => {
    const { parentId, variants } = variantFamily();
    const res = await contract('POST', '/product/{productId}', `/product/${parentId}`, { body: {} });
    const slots: Json[] = res.json.product.cmsPage.sections.flatMap((s: Json) => s.blocks.flatMap((b: Json) => b.slots));
    const buyBox = slots.find((slot) => slot.type === 'buy-box');
    expect(buyBox.data.productId).toBe(res.json.product.id);
    const settings: Json[] = buyBox.data.configuratorSettings;
    expect(settings).toHaveLength(1);
    expectStoreApiSchema('PropertyGroup', settings[0]);
    expect(settings[0].options.map((o: Json) => o.id).sort()).toEqual([...new Set(variants.map((v) => v.optionId))].sort());
    for (const option of settings[0].options) expect(option.combinable).toBe(true);
    // the same groups as the detail route's own configurator
    expect(settings.map((g: Json) => g.id)).toEqual(res.json.configurator.map((g: Json) => g.id));
  });

  it('POST /product/{id}/find-variant answers the variant of the chosen options, as a list or by group', async () => {
    const { parentId, variants } = variantFamily();
    const wanted = variants[1]!;
    const byList = await contract('POST', '/product/{productId}/find-variant', `/product/${parentId}/find-variant`, { body: { options: [wanted.optionId] } });
    expect(byList.json).toEqual({ foundCombination: { variantId: wanted.id, options: [wanted.optionId] } });

    const groupId = db().prepare('SELECT group_id FROM property_group_option WHERE id = ?').pluck().get(wanted.optionId) as string;
    const byGroup = await shop.call('POST', `/store-api/product/${parentId}/find-variant`, { body: { options: { [groupId]: wanted.optionId }, switchedGroup: groupId } });
    expect(byGroup.json.foundCombination).toEqual({ variantId: wanted.id, options: { [groupId]: wanted.optionId } });

    const none = await contract('POST', '/product/{productId}/find-variant', `/product/${parentId}/find-variant`, { body: { options: ['0123456789abcdef0123456789abcdef'] }, status: 404 });
    expect(none.json.errors[0].code).toBe('CONTENT__PRODUCT_VARIANT_NOT_FOUND');

    const client = await newClient().invoke('searchProductVariantIds post /product/{productId}/find-variant', { pathParams: { productId: parentId }, body: { options: [wanted.optionId] } });
    expect(client.data.foundCombination?.variantId).toBe(wanted.id);
  });
});

describe('GET /breadcrumb/{id} (item 4)', () => {
  it('a category: its trail below the navigation root, names and SEO paths', async () => {
    const category = deepCategory();
    const res = await contract('GET', '/breadcrumb/{id}', `/breadcrumb/${category.id}?type=category`);
    expect(res.json.map((b: Json) => b.categoryId)).toEqual(category.trail);
    expect(res.json.map((b: Json) => b.name)).toEqual(category.names);
    const seoPath = db().prepare("SELECT seo_path_info FROM seo_url WHERE foreign_key = ? AND route_name = 'frontend.navigation.page' AND is_canonical = 1 AND language_id = ?").pluck();
    expect(res.json.map((b: Json) => b.path)).toEqual(category.trail.map((id) => seoPath.get(id, LANGUAGE_ID.de)));
    expect(res.json[0]).toMatchObject({ type: 'page', apiAlias: 'breadcrumb' });
    expect(res.json[0].translated).not.toHaveProperty('breadcrumb');
  });

  it('a product: the trail of its deepest category, or of the referrer category it is listed in; an unknown id: none', async () => {
    const { parentId } = variantFamily();
    const own = db().prepare('SELECT c.id FROM product_category pc JOIN category c ON c.id = pc.category_id WHERE pc.product_id = ? ORDER BY c.level DESC LIMIT 1').pluck().get(parentId) as string;
    const res = await contract('GET', '/breadcrumb/{id}', `/breadcrumb/${parentId}`);
    expect(res.json.at(-1).categoryId).toBe(own);

    const tree = db().prepare('SELECT category_id FROM product_category_tree t JOIN category c ON c.id = t.category_id WHERE t.product_id = ? AND c.level = 2').pluck().get(parentId) as string;
    const referred = await contract('GET', '/breadcrumb/{id}', `/breadcrumb/${parentId}?referrerCategoryId=${tree}`);
    expect(referred.json.map((b: Json) => b.categoryId)).toEqual([tree]);

    expect((await contract('GET', '/breadcrumb/{id}', '/breadcrumb/0123456789abcdef0123456789abcdef')).json).toEqual([]);

    const client = await newClient().invoke('readBreadcrumb get /breadcrumb/{id}', { pathParams: { id: parentId } });
    expect(client.data.at(-1)?.categoryId).toBe(own);
  });
});

describe('details (item 7)', () => {
  it('login before the opt-in: 401 CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED; the link can be mailed again, the same link', async () => {
    const email = uniqueEmail('optin');
    const registered = await shopper(shop.call).call('POST', '/account/register', {
      body: { email, password: PASSWORD, firstName: 'Nina', lastName: 'Graf', storefrontUrl: ORIGIN, billingAddress: address() },
    });
    expect(registered.status).toBe(200);
    const early = await contract('POST', '/account/login', '/account/login', { body: { username: email, password: PASSWORD }, status: 401 });
    expect(early.json.errors[0]).toMatchObject({ code: 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED', meta: { parameters: { customerId: registered.json.id } } });
    // a wrong password still says nothing about the account
    const wrong = await shop.call('POST', '/store-api/account/login', { body: { username: email, password: 'Falsch-123' } });
    expect(wrong.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');

    const client = newClient();
    const refused = await client.invoke('loginCustomer post /account/login', { body: { username: email, password: PASSWORD } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiClientError);
    expect((refused as ApiClientError<Json>).details.errors[0].code).toBe('CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED');

    const resend = await shop.call('POST', '/store-api/account/register/resend', { body: { email, storefrontUrl: ORIGIN } });
    expect(resend.status).toBe(200);
    const mails = mailsTo(shop.db, email, 'customer_register.double_opt_in');
    expect(mails).toHaveLength(2);
    const links = mails.map((mail) => /https?:\/\/\S+/.exec(mail.body_text)![0]);
    expect(links[1]).toBe(links[0]);
    expect(links[0]).toMatch(/^http:\/\/shop\.test\/registration\/confirm\?em=[0-9a-f]+&hash=[0-9a-f]+$/);
    // an address without a waiting account gets the same answer and no mail
    const stranger = uniqueEmail('fremd');
    expect((await shop.call('POST', '/store-api/account/register/resend', { body: { email: stranger } })).json).toEqual({ success: true, apiAlias: 'array_struct' });
    expect(mailsTo(shop.db, stranger)).toEqual([]);
  });

  it('order addresses carry country, state and salutation only when the criteria ask for them', async () => {
    const { s, order } = await guestOrder(shop.call, shop.db, 'invoice', 1);
    const plain = await s.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: order.id }] } });
    expectStoreApiContract('POST', '/order', 200, plain.json);
    const [bare] = plain.json.orders.elements;
    for (const place of [bare.billingAddress, bare.addresses[0], bare.deliveries[0].shippingOrderAddress]) {
      expect(place).toMatchObject({ country: null, countryState: null, salutation: null });
      expect(place.countryId).toMatch(/^[0-9a-f]{32}$/);
    }

    const asked = await s.call('POST', '/order', {
      body: {
        filter: [{ type: 'equals', field: 'id', value: order.id }],
        associations: { billingAddress: { associations: { country: {}, salutation: {} } }, 'deliveries.shippingOrderAddress.country': {} },
      },
    });
    expectStoreApiContract('POST', '/order', 200, asked.json);
    const [full] = asked.json.orders.elements;
    expect(full.billingAddress.country).toMatchObject({ iso: 'CH', apiAlias: 'country' });
    expect(full.billingAddress.salutation).toMatchObject({ apiAlias: 'salutation' });
    expect(full.deliveries[0].shippingOrderAddress.country).toMatchObject({ iso: 'CH' });
    expect(full.deliveries[0].shippingOrderAddress.salutation).toBeNull();
    expect(full.addresses[0].country).toBeNull();
  });

  it('an unknown promotion code: cart error promotion-not-found at level 20, and the order still goes through', async () => {
    const s = shopper(shop.call);
    await s.call('POST', '/account/register', {
      body: { guest: true, email: uniqueEmail('promo'), firstName: 'Urs', lastName: 'Frei', storefrontUrl: ORIGIN, billingAddress: address() },
    });
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    const res = await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'GIBTSNICHT' }] } });
    expect(res.status).toBe(200);
    expect(res.json.errors['promotion-not-found']).toMatchObject({ key: 'promotion-not-found', messageKey: 'promotion-not-found', level: 20, promotionCode: 'GIBTSNICHT' });
    expectStoreApiSchema('CartError', res.json.errors['promotion-not-found']);
    const order = await placeOrder(s);
    expect(order.status).toBe(200);

    const client = newClient();
    await client.invoke('register post /account/register', {
      body: { guest: true, email: uniqueEmail('promo'), firstName: 'Urs', lastName: 'Frei', storefrontUrl: ORIGIN, billingAddress: address() as Json } as never,
    });
    const cart = await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'NICHTDA' }] } as never });
    expect(Object.values(cart.data.errors ?? {})).toContainEqual(expect.objectContaining({ messageKey: 'promotion-not-found', level: 20 }));
  });
});
