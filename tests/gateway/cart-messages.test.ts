import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountGateway, registeredCustomer, type AccountGateway } from './account-gateway';
import { browser } from './shop-session';

// Issue 19 item 8 through the gateway over the real embedded Store API: the cart says what the shopper needs
// to know — a code below its minimum waits with one message (never "eingelöst" beside it), a quantity above
// the maximum is corrected with a message, and a loyalty voucher needs its customer account.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const CART = 'cart { totalPrice lineItems { id type quantity quantityMax } errors { key messageKey level message } } errors { code message field }';
const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { ${CART} } }`;
const UPDATE = `mutation ($input: UpdateCartItemInput!) { updateCartItem(input: $input) { ${CART} } }`;
const PROMOTION = `mutation ($input: ApplyPromotionCodeInput!) { applyPromotionCode(input: $input) { ${CART} } }`;
const APPLY_CARD = `mutation ($input: LoyaltyApplicationInput!) { applyForLoyaltyCard(input: $input) { errors { code } } }`;

const locale = (l: 'de' | 'it' | 'fr') => ({ 'x-shop-locale': l });

/** An in-stock delivery product between CHF 10 and 20 without its own maximum (so 100 per order). */
function cheapProduct(): { id: string; name: string } {
  return gw.shop.db
    .prepare(
      `SELECT p.id, t.name FROM product p JOIN product_translation t ON t.product_id = p.id AND t.language_id = (SELECT id FROM language WHERE short_code = 'de')
       WHERE p.active = 1 AND p.available = 1 AND p.child_count = 0 AND p.type = 'physical' AND p.click_collect_only = 0 AND p.prescription_required = 0
         AND p.is_closeout = 0 AND p.stock > 200 AND p.min_purchase = 1 AND p.purchase_steps = 1 AND p.max_purchase IS NULL AND p.price BETWEEN 10 AND 20
         AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)
       ORDER BY p.product_number LIMIT 1`,
    )
    .get() as { id: string; name: string };
}

describe('cart messages', () => {
  it('a code below its minimum: one message saying it applies from CHF 30, then it applies (de)', async () => {
    const product = cheapProduct();
    const shopper = browser(gw);
    await shopper.gql(ADD, { input: { productId: product.id, quantity: 1 } }, locale('de'));
    const applied = (await shopper.gql(PROMOTION, { input: { code: 'WILLKOMMEN5' } }, locale('de'))).body.data.applyPromotionCode;
    expect(applied.errors).toEqual([]);
    const promotionMessages = applied.cart.errors.filter((e: { messageKey: string }) => e.messageKey.startsWith('promotion-'));
    expect(promotionMessages).toEqual([
      {
        key: 'promotion-not-eligible-WILLKOMMEN5',
        messageKey: 'promotion-not-eligible',
        level: 'WARNING',
        message: 'Der Aktionscode WILLKOMMEN5 gilt ab einem Bestellwert von CHF\u00a030.00. Er wird angewendet, sobald der Mindestbestellwert erreicht ist.',
      },
    ]);
    expect(applied.cart.lineItems.filter((l: { type: string }) => l.type === 'PROMOTION')).toEqual([]);

    const line = applied.cart.lineItems[0];
    const raised = (await shopper.gql(UPDATE, { input: { lineItemId: line.id, quantity: 3 } }, locale('de'))).body.data.updateCartItem;
    expect(raised.cart.lineItems.filter((l: { type: string }) => l.type === 'PROMOTION')).toHaveLength(1);
    expect(raised.cart.errors.map((e: { messageKey: string }) => e.messageKey)).not.toContain('promotion-not-eligible');
  });

  it('the waiting code says so in French too, on every read of the cart', async () => {
    const shopper = browser(gw);
    await shopper.gql(ADD, { input: { productId: cheapProduct().id, quantity: 1 } }, locale('fr'));
    await shopper.gql(PROMOTION, { input: { code: 'willkommen5' } }, locale('fr'));
    const read = (await shopper.gql('{ cart { errors { messageKey message } } }', {}, locale('fr'))).body.data.cart;
    expect(read.errors).toEqual([
      {
        messageKey: 'promotion-not-eligible',
        message: 'Le code promotionnel WILLKOMMEN5 est valable dès une valeur de commande de 30.00\u00a0CHF. Il sera appliqué dès que la valeur minimale de commande sera atteinte.',
      },
    ]);
  });

  it('a quantity above the maximum is corrected to 100 with a message (de, it)', async () => {
    const product = cheapProduct();
    const shopper = browser(gw);
    const added = (await shopper.gql(ADD, { input: { productId: product.id, quantity: 1 } }, locale('de'))).body.data.addToCart;
    const line = added.cart.lineItems[0];
    expect(line.quantityMax).toBe(100);

    const de = (await shopper.gql(UPDATE, { input: { lineItemId: line.id, quantity: 150 } }, locale('de'))).body.data.updateCartItem;
    expect(de.cart.lineItems[0].quantity).toBe(100);
    expect(de.cart.errors.map((e: { message: string }) => e.message)).toEqual([
      `Von ${product.name} können höchstens 100 Stück pro Bestellung gekauft werden. Die Menge wurde auf 100 angepasst.`,
    ]);

    const it = (await shopper.gql(UPDATE, { input: { lineItemId: line.id, quantity: 120 } }, locale('it'))).body.data.updateCartItem;
    expect(it.cart.lineItems[0].quantity).toBe(100);
    expect(it.cart.errors).toHaveLength(1);
    expect(it.cart.errors[0].message).toMatch(/^Di .+ si possono acquistare al massimo 100 pezzi per ordine\. La quantità è stata adattata a 100\.$/);
  });

  it('a loyalty voucher tried without logging in: it needs the customer account (de, fr); its owner redeems it', async () => {
    const { shopper: owner, email } = await registeredCustomer(gw);
    const card = await owner.gql(APPLY_CARD, {
      input: { firstName: 'Anna', lastName: 'Muster', birthday: '1980-05-17', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', email: 'anna@example.ch' },
    });
    expect(card.body.data.applyForLoyaltyCard.errors).toEqual([]);
    gw.shop.db.prepare('UPDATE loyalty_card SET points = 500 WHERE customer_id = (SELECT id FROM customer WHERE email = ?)').run(email);
    const [voucher] = (await owner.gql('{ viewer { loyaltyCard { vouchers { code } } } }')).body.data.viewer.loyaltyCard.vouchers;

    const visitor = browser(gw);
    await visitor.gql(ADD, { input: { productId: cheapProduct().id, quantity: 2 } });
    const de = (await visitor.gql(PROMOTION, { input: { code: voucher.code } }, locale('de'))).body.data.applyPromotionCode;
    expect(de.errors).toEqual([
      { code: 'VOUCHER_LOGIN_REQUIRED', field: 'code', message: 'Dieser Gutschein gehört zu einem Kundenkonto. Bitte melden Sie sich an, um ihn einzulösen.' },
    ]);
    const fr = (await visitor.gql(PROMOTION, { input: { code: voucher.code } }, locale('fr'))).body.data.applyPromotionCode;
    expect(fr.errors).toEqual([{ code: 'VOUCHER_LOGIN_REQUIRED', field: 'code', message: 'Ce bon appartient à un compte client. Veuillez vous connecter pour l’utiliser.' }]);

    await owner.gql(ADD, { input: { productId: cheapProduct().id, quantity: 2 } });
    expect((await owner.gql(PROMOTION, { input: { code: voucher.code } })).body.data.applyPromotionCode.errors).toEqual([]);
  });
});
