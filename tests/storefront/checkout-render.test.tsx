import type { ReactNode } from 'react';
import { useLazyLoadQuery } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { CheckoutPageView } from '../../storefront/features/checkout/CheckoutPageView';
import { OrderPaidView } from '../../storefront/features/checkout/OrderPaidView';
import { OrderUnpaidView } from '../../storefront/features/checkout/OrderUnpaidView';
import type { CheckoutPageQuery as CheckoutPageQueryType } from '../../storefront/pages/checkout/__generated__/CheckoutPageQuery.graphql';
import { CheckoutPageQuery } from '../../storefront/pages/checkout/CheckoutPage.query';
import checkoutSuccessRoute from '../../storefront/pages/checkout-success/+route';
import checkoutSuccessPageQuery from '../../storefront/pages/checkout-success/+pageQuery';
import type { CheckoutSuccessPageQuery as CheckoutSuccessPageQueryType } from '../../storefront/pages/checkout-success/__generated__/CheckoutSuccessPageQuery.graphql';
import { CheckoutSuccessPageQuery } from '../../storefront/pages/checkout-success/CheckoutSuccessPage.query';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { gatewayShopper, renderShopperPage, textOf, type GatewayShopper } from '../support/shopperPage';
import { openTestShop } from '../support/shop';

// The checkout's views rendered on the server from the real gateway over a private copy of the seeded
// shop (carts and orders are written): a shopper's session is a cookie jar, as in a browser.

let shop: TestGateway;
let products: { download: string | null; clickAndCollect: string; delivery: string };

beforeAll(async () => {
  shop = await openTestGateway({ privateShop: true, plugins: [usePersistedOperations('persisted_queries.json')] });
  const seeded = await openTestShop();
  try {
    const base = `SELECT id FROM product WHERE active = 1 AND available = 1 AND child_count = 0 AND stock > 20 AND min_purchase = 1
      AND prescription_required = 0 AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = product.id)`;
    const one = (sql: string) => (seeded.db.prepare(`${base} AND ${sql} ORDER BY product_number LIMIT 1`).get() as { id: string } | undefined)?.id;
    products = {
      download: one("type = 'digital'") ?? null,
      clickAndCollect: one('click_collect_only = 1')!,
      delivery: one("click_collect_only = 0 AND type = 'physical'")!,
    };
  } finally {
    seeded.close();
  }
});
afterAll(() => shop?.close());

const shopper = () => gatewayShopper(shop);

type Shopper = GatewayShopper;

async function addToCart(visitor: Shopper, productId: string) {
  const data = await visitor.gql<{ addToCart: { errors: unknown[] } }>('mutation ($id: ID!) { addToCart(input: { productId: $id }) { errors { code message } } }', { id: productId });
  expect(data.addToCart.errors).toEqual([]);
}

function render(visitor: Shopper, children: ReactNode, pageContext: Partial<PageContext> = {}): string {
  return renderShopperPage(visitor, children, { urlPathname: '/checkout', urlOriginal: 'http://shop.test/checkout', ...pageContext });
}

async function renderCheckout(visitor: Shopper): Promise<string> {
  const variables = { locale: 'DE', withPharmacies: false } as const;
  await fetchQuery<CheckoutPageQueryType>(visitor.environment, CheckoutPageQuery, variables).toPromise();
  function Checkout() {
    const data = useLazyLoadQuery<CheckoutPageQueryType>(CheckoutPageQuery, variables, { fetchPolicy: 'store-only' });
    return <CheckoutPageView query={data} refresh={async () => undefined} />;
  }
  return render(visitor, <Checkout />);
}

const text = textOf;

describe('the checkout page rendered on the server', () => {
  it('a delivery cart: the who-orders choice, post and Click & Collect, all payment methods, terms, no waiver', async () => {
    const visitor = shopper();
    await addToCart(visitor, products.delivery);
    const html = await renderCheckout(visitor);
    const shown = text(html);
    expect(shown).toContain('1. Ihre Daten');
    expect(shown).toContain('Wie möchten Sie bestellen?');
    expect(shown).toContain('2. Versand');
    // the salutations once each per address: "Keine Angabe" is the empty choice, not a second entry (the shipping
    // address is in the page too, shown by its checkbox alone until the scripts run)
    expect(shown.match(/Keine Angabe/g)).toHaveLength(2);
    expect(html).toContain('name="shippingAddress.street"');
    expect(shown).toContain('Post Standard');
    expect(shown).toContain('3. Zahlung');
    for (const method of ['Kreditkarte', 'TWINT', 'PostFinance Card', 'PayPal', 'Apple Pay', 'Rechnung', 'Vorauskasse']) expect(shown).toContain(method);
    expect(shown).toContain('Ich habe die AGB gelesen und akzeptiere sie.');
    expect(html).toContain('href="/agb"');
    expect(shown).not.toContain('Widerrufsrecht');
    // no pharmacy box for a delivery order, and the password of a login never goes into a URL
    expect(html).not.toContain('data-testid="selected-pharmacy"');
    expect(html).not.toMatch(/<form(?![^>]*method="post")[^>]*aria-label/);
  });

  it('a Click & Collect cart: post is not possible and the pharmacy box says none is selected', async () => {
    const visitor = shopper();
    await addToCart(visitor, products.clickAndCollect);
    const shown = text(await renderCheckout(visitor));
    expect(shown).toContain('Ihr Warenkorb enthält Produkte, die nur in der Apotheke abgeholt werden können.');
    expect(shown).toContain('Es wurde keine Apotheke ausgewählt.');
    expect(shown).toContain('Apotheke wählen');
  });

  it('a cart of downloads: no shipping step, the waiver checkbox, downloads ready after payment', async () => {
    expect(products.download, 'the seeded shop has downloads').not.toBeNull();
    const visitor = shopper();
    await addToCart(visitor, products.download!);
    const shown = text(await renderCheckout(visitor));
    expect(shown).not.toContain('Post Standard');
    expect(shown).not.toContain('. Versand');
    expect(shown).toContain('2. Zahlung');
    expect(shown).toContain('verzichte damit auf mein Widerrufsrecht');
    expect(shown).toContain('Ihre Downloads stehen nach der Zahlung bereit.');
  });
});

describe('the order pages', () => {
  async function guestOrder(visitor: Shopper): Promise<{ orderId: string; orderNumber: string }> {
    await addToCart(visitor, products.delivery);
    const { countries } = await visitor.gql<{ countries: { id: string; iso: string }[] }>('{ countries { id iso } }');
    const countryId = countries.find((country) => country.iso === 'CH')!.id;
    const address = { firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId };
    const registered = await visitor.gql<{ register: { errors: unknown[] } }>(
      'mutation ($input: RegisterInput!) { register(input: $input) { errors { code message field } } }',
      { input: { guest: true, email: 'render@example.ch', firstName: 'Anna', lastName: 'Muster', billingAddress: address, acceptedDataProtection: true } },
    );
    expect(registered.register.errors).toEqual([]);
    const placed = await visitor.gql<{ placeOrder: { order: { orderId: string; orderNumber: string } | null; errors: unknown[] } }>(
      'mutation ($key: String!) { placeOrder(input: { acceptedTerms: true, idempotencyKey: $key }) { order { orderId orderNumber } errors { code message } } }',
      { key: `render-${Date.now()}` },
    );
    expect(placed.placeOrder.errors).toEqual([]);
    return placed.placeOrder.order!;
  }

  it('routes only /checkout/success/{32 hex}[/paid|/unpaid]', () => {
    const route = (urlPathname: string) => checkoutSuccessRoute({ urlPathname } as PageContext);
    const id = '0123456789abcdef0123456789ABCDEF';
    expect(route(`/checkout/success/${id}`)).toEqual({ routeParams: { orderId: id.toLowerCase(), result: 'placed' } });
    expect(route(`/checkout/success/${id}/paid`)).toEqual({ routeParams: { orderId: id.toLowerCase(), result: 'paid' } });
    expect(route(`/checkout/success/${id}/unpaid`)).toEqual({ routeParams: { orderId: id.toLowerCase(), result: 'unpaid' } });
    for (const other of ['/checkout/success', `/checkout/success/${id}/other`, '/checkout/success/123', `/checkout/success/${id}/paid/x`]) expect(route(other), other).toBe(false);
  });

  it('the unpaid page offers the payment methods again; the paid page thanks; a stranger gets a 404', async () => {
    const visitor = shopper();
    const { orderId, orderNumber } = await guestOrder(visitor);

    const unpaidVariables = { orderId, unpaid: true };
    const unpaid = await fetchQuery<CheckoutSuccessPageQueryType>(visitor.environment, CheckoutSuccessPageQuery, unpaidVariables).toPromise();
    expect(checkoutSuccessPageQuery.statusOf?.(unpaid as Record<string, unknown>, {} as PageContext)).toBe(200);
    function Unpaid() {
      const data = useLazyLoadQuery<CheckoutSuccessPageQueryType>(CheckoutSuccessPageQuery, unpaidVariables, { fetchPolicy: 'store-only' });
      return <OrderUnpaidView order={data.order!} paymentMethods={data.checkout?.paymentMethods ?? null} refresh={async () => undefined} />;
    }
    const unpaidText = text(render(visitor, <Unpaid />, { urlPathname: `/checkout/success/${orderId}/unpaid` }));
    expect(unpaidText).toContain(`Ihre Bestellnummer: ${orderNumber}`);
    expect(unpaidText).toContain('Die Zahlung wurde abgebrochen oder beim Zahlungsanbieter ist ein Systemfehler aufgetreten.');
    expect(unpaidText).toContain('TWINT');
    expect(unpaidText).toContain('Erneut bezahlen');
    expect(unpaidText).toContain('Bestellung stornieren');

    const paidVariables = { orderId, unpaid: false };
    await fetchQuery<CheckoutSuccessPageQueryType>(visitor.environment, CheckoutSuccessPageQuery, paidVariables).toPromise();
    function Paid() {
      const data = useLazyLoadQuery<CheckoutSuccessPageQueryType>(CheckoutSuccessPageQuery, paidVariables, { fetchPolicy: 'store-only' });
      return <OrderPaidView order={data.order!} />;
    }
    const paidText = text(render(visitor, <Paid />, { urlPathname: `/checkout/success/${orderId}/paid` }));
    expect(paidText).toContain('Vielen Dank für Ihre Bestellung');
    expect(paidText).toContain(orderNumber);
    expect(paidText).toContain('Zahlung offen');
    expect(paidText).toContain('Bahnhofstrasse 1');

    // Another browser does not see the order: the page is a 404.
    const stranger = shopper();
    const hidden = await fetchQuery<CheckoutSuccessPageQueryType>(stranger.environment, CheckoutSuccessPageQuery, paidVariables).toPromise();
    expect(hidden?.order).toBeNull();
    expect(checkoutSuccessPageQuery.statusOf?.(hidden as Record<string, unknown>, {} as PageContext)).toBe(404);
  });
});
