import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf, type DocumentRow } from '../../store-api/src/domain/documents';
import { lineItemOptions, lineItemOptionsText } from '../../store-api/src/domain/line-item-options';
import { findOrder } from '../../store-api/src/domain/order';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { pdfText } from '../support/pdfText';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, choosePayment, placeOrder, registerGuest, shopper } from './checkout-fixtures';

// Issue 19 item 5: the chosen variant (Grösse, Geschmack) stays on the cart line and on the order line, in
// the order's language, so every view, mail and document can name it (lineItemOptionsText).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

/** A buyable variant of P100009 and its options' names in one language, as the catalogue has them. */
function variantOf(language: string): { id: string; options: string[] } {
  const id = shop.db
    .prepare(
      `SELECT v.id FROM product v JOIN product p ON p.id = v.parent_id
       WHERE p.product_number = 'P100009' AND v.active = 1 AND v.available = 1 AND v.stock > 10 ORDER BY v.product_number LIMIT 1`,
    )
    .pluck()
    .get() as string;
  const options = shop.db
    .prepare(
      `SELECT gt.name || ': ' || ot.name FROM product_option po
       JOIN property_group_option o ON o.id = po.property_group_option_id
       JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = ?
       JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ?
       WHERE po.product_id = ?`,
    )
    .pluck()
    .all(language, language, id) as string[];
  return { id, options };
}

describe('variant options on line items', () => {
  it('the order line keeps the variant options in the order’s language', async () => {
    const italian = variantOf(LANGUAGE_ID.it);
    const german = variantOf(LANGUAGE_ID.de);
    expect(italian.options.length).toBeGreaterThan(0);
    expect(italian.options).not.toEqual(german.options);

    const s = shopper(shop.call, LANGUAGE_ID.it);
    await registerGuest(s);
    const cart = await addProduct(s, italian.id, 1);
    expect(lineItemOptionsText(cart.lineItems[0].payload).split(', ').sort()).toEqual([...italian.options].sort());
    await choosePayment(s, 'card');
    const res = await placeOrder(s);
    expect(res.status, res.text).toBe(200);
    expect(res.json.languageId).toBe(LANGUAGE_ID.it);

    const stored = shop.db.prepare('SELECT payload FROM order_line_item WHERE order_id = ? AND type = ?').pluck().get(res.json.id, 'product') as string;
    const text = lineItemOptionsText(JSON.parse(stored));
    expect(text.split(', ').sort()).toEqual([...italian.options].sort());
    for (const option of german.options.filter((o) => !italian.options.includes(o))) expect(text).not.toContain(option);
  });

  it('the order mail and the invoice name the variant beside the product', async () => {
    const german = variantOf(LANGUAGE_ID.de);
    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, german.id, 1);
    await choosePayment(s, 'invoice');
    const order = (await placeOrder(s)).json;
    const mail = shop.db.prepare("SELECT body_text FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'").pluck().get(order.id) as string;
    for (const option of german.options) expect(mail).toContain(option);
    const document = shop.db.prepare('SELECT * FROM document WHERE order_id = ?').get(order.id) as DocumentRow;
    const invoice = await pdfText(await renderInvoicePdf(shop.db, findOrder(shop.db, order.id)!, document));
    // the invoice's item column is narrow: the first option at least, beside the name
    expect(invoice).toContain(`(${german.options[0]!.split(': ')[0]}`);
  });

  it('names the options as "Group: Option, …" and leaves out what is not an option', () => {
    const payload = { options: [{ group: 'Grösse', option: '250 ml' }, { group: 'Geschmack', option: 'Orange' }, { group: '', option: 'x' }, null, 'Grösse'] };
    expect(lineItemOptionsText(payload)).toBe('Grösse: 250 ml, Geschmack: Orange');
    expect(lineItemOptions(payload)).toHaveLength(2);
    expect(lineItemOptionsText({})).toBe('');
    expect(lineItemOptionsText(null)).toBe('');
  });
});
