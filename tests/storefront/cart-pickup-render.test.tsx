import type { ReactNode } from 'react';
import { useLazyLoadQuery } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { CartPageView } from '../../storefront/features/cart/CartPageView';
import { NotificationsProvider } from '../../storefront/shell/Notifications';
import type { CartPageQuery as CartPageQueryType } from '../../storefront/pages/cart/__generated__/CartPageQuery.graphql';
import { CartPageQuery } from '../../storefront/pages/cart/CartPage.query';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { gatewayShopper, renderShopperPage, textOf, type GatewayShopper } from '../support/shopperPage';
import { openTestShop } from '../support/shop';

// Issue 19 item 2: the cart of a pickup says what is true for it — ready at the pharmacy from a day, the pharmacy's
// address, phone and hours, bring the original prescription — and never speaks of a delivery. Rendered on the server
// from the real gateway over a private copy of the seeded shop; a shopper's session is a cookie jar.

let shop: TestGateway;
let products: { prescription: string; clickAndCollect: string };

beforeAll(async () => {
  shop = await openTestGateway({ privateShop: true, plugins: [usePersistedOperations('persisted_queries.json')] });
  const seeded = await openTestShop();
  try {
    const base = `SELECT id FROM product WHERE active = 1 AND available = 1 AND child_count = 0 AND stock > 20 AND min_purchase = 1
      AND click_collect_only = 1 AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = product.id)`;
    const one = (sql: string) => (seeded.db.prepare(`${base} AND ${sql} ORDER BY product_number LIMIT 1`).get() as { id: string } | undefined)?.id;
    products = { prescription: one('prescription_required = 1')!, clickAndCollect: one('prescription_required = 0')! };
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
  return renderShopperPage(visitor, children, { urlPathname: '/checkout/cart', urlOriginal: 'http://shop.test/checkout/cart', ...pageContext });
}

async function renderCart(visitor: Shopper): Promise<string> {
  return text(await renderCartHtml(visitor));
}

async function renderCartHtml(visitor: Shopper): Promise<string> {
  const variables = { locale: 'DE' } as const;
  await fetchQuery<CartPageQueryType>(visitor.environment, CartPageQuery, variables).toPromise();
  function Cart() {
    const data = useLazyLoadQuery<CartPageQueryType>(CartPageQuery, variables, { fetchPolicy: 'store-only' });
    return (
      <NotificationsProvider>
        <CartPageView cart={data.cart} query={data} notice={{ error: null, conflict: null }} loggedIn={data.viewer?.loggedIn === true} />
      </NotificationsProvider>
    );
  }
  return render(visitor, <Cart />);
}

const text = textOf;

async function choosePharmacy(visitor: Shopper): Promise<{ name: string; phone: string }> {
  const { pharmacies } = await visitor.gql<{ pharmacies: { pharmacyId: string; name: string; phone: string }[] }>('{ pharmacies(first: 1) { pharmacyId name phone } }');
  const pharmacy = pharmacies[0]!;
  const chosen = await visitor.gql<{ selectPharmacy: { errors: unknown[] } }>('mutation ($id: ID!) { selectPharmacy(input: { pharmacyId: $id }) { errors { code } } }', { id: pharmacy.pharmacyId });
  expect(chosen.selectPharmacy.errors).toEqual([]);
  return pharmacy;
}

describe('the cart of a pickup', () => {
  it('no pharmacy chosen yet: no alarm, the way to the checkout open, and the pharmacy to choose here or there (issue 19 item 1)', async () => {
    const visitor = shopper();
    await addToCart(visitor, products.clickAndCollect);
    const html = await renderCartHtml(visitor);
    const shown = text(html);
    expect(html).toContain('data-testid="to-checkout"');
    expect(html).not.toContain('data-testid="cart-errors"');
    expect(shown).toContain('Es wurde keine Apotheke ausgewählt.');
    expect(shown).toContain('Wählen Sie die Apotheke für die Abholung hier oder an der Kasse.');
    // a visitor reads how to order (SPEC §6)
    expect(shown).toContain('Zum Bestellen melden Sie sich mit Ihrem Kundenkonto an oder bestellen als Gast');
    // without scripts "Apotheke wählen" leads to the checkout's list of pharmacies
    expect(html).toMatch(/href="\/checkout\?pharmacy-search="[^>]*>Apotheke wählen</);
  });

  it('a prescription medicine for pickup: ready at the pharmacy from a day, its phone and hours, bring the prescription; no delivery words', async () => {
    const visitor = shopper();
    await addToCart(visitor, products.prescription);
    const pharmacy = await choosePharmacy(visitor);
    const shown = await renderCart(visitor);
    expect(shown).toMatch(/Abholbereit in der Apotheke ab \S+ \d{1,2}\.\d{1,2}\.\d{4}/);
    // the pharmacy box, as in the checkout: name, phone, hours, and "change"
    expect(shown).toContain(`Abholung in der Apotheke ${pharmacy.name}`);
    expect(shown).toContain(pharmacy.phone);
    expect(shown).toMatch(/Mo \d\d:\d\d/);
    expect(shown).toContain('Apotheke ändern');
    expect(shown).toContain('Bringen Sie das Originalrezept mit.');
    expect(shown).not.toMatch(/Lieferung|Versand heute/);
  });

  it('a pickup of a non-prescription item does not ask for a prescription', async () => {
    const visitor = shopper();
    await addToCart(visitor, products.clickAndCollect);
    await choosePharmacy(visitor);
    const shown = await renderCart(visitor);
    expect(shown).toMatch(/Abholbereit in der Apotheke ab \S+ \d{1,2}\.\d{1,2}\.\d{4}/);
    expect(shown).not.toContain('Originalrezept');
  });
});
