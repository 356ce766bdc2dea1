import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf, type DocumentRow } from '../../store-api/src/domain/documents';
import { findOrder } from '../../store-api/src/domain/order';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { pdfText } from '../support/pdfText';
import { openPrivateTestShop } from '../support/shop';
import { loggedInAccount, PASSWORD } from './account-session';
import { addProduct, choosePayment, findProduct, placeOrder, registerGuest, shopper, uniqueEmail } from './checkout-fixtures';

// Issue 19 item 7 (and the mail part of item 2): the shop's mails say what is true for the order — a pickup names its
// pharmacy, hours and phone and asks for the original prescription, a delivery its dates in Swiss format — in the
// customer's language (Italian formally), signed by the shop and its operating company; and a customer hears of
// every change to their account or order: e-mail (old and new address), password, cancellation.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

interface Mail {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  template: string;
}
const mailsTo = (recipient: string): Mail[] =>
  shop.db.prepare('SELECT recipient, subject, body_text, body_html, template FROM mail_outbox WHERE recipient = ? COLLATE NOCASE ORDER BY created_at, rowid').all(recipient) as Mail[];
const orderMail = (orderId: string): Mail =>
  shop.db.prepare("SELECT recipient, subject, body_text, body_html, template FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'").get(orderId) as Mail;

/** 30.11.2026 (de-CH), as the customer reads a date; never the ISO form. */
const swissDate = (iso: string, locale = 'de-CH') => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(new Date(iso));

function prescriptionProduct(): string {
  return shop.db
    .prepare("SELECT id FROM product WHERE type = 'physical' AND click_collect_only = 1 AND prescription_required = 1 AND active = 1 AND available = 1 AND child_count = 0 AND stock > 5 ORDER BY product_number LIMIT 1")
    .pluck()
    .get() as string;
}

async function pickupOrder(language: keyof typeof LANGUAGE_ID, productId: string) {
  const s = shopper(shop.call, LANGUAGE_ID[language]);
  await registerGuest(s);
  await addProduct(s, productId);
  await choosePayment(s, 'prepayment');
  const pharmacy = shop.db.prepare('SELECT id, name, phone FROM pharmacy WHERE click_and_collect = 1 ORDER BY id LIMIT 1').get() as { id: string; name: string; phone: string };
  const placed = await s.call('POST', `/checkout/order?selectedCheckoutPharmacyId=${pharmacy.id}`, { body: { tos: true } });
  expect(placed.status, placed.text).toBe(200);
  return { order: placed.json, pharmacy };
}

describe('the order mail says what is true for the order', () => {
  it('a pickup of a prescription medicine: the pharmacy, its address, phone and hours, from when, bring the prescription — no shipping words', async () => {
    const { order, pharmacy } = await pickupOrder('de', prescriptionProduct());
    const mail = orderMail(order.id);
    const ready = order.extensions['pharmacy-shop'].expectedDelivery.earliest as string;
    expect(mail.body_text).toContain(`Abholung in ${pharmacy.name}, `);
    expect(mail.body_text).toContain(` ab ${swissDate(ready)}.`);
    expect(mail.body_text).toContain(`Telefon: ${pharmacy.phone}`);
    expect(mail.body_text).toMatch(/Öffnungszeiten: Mo \d\d:\d\d–\d\d:\d\d/);
    expect(mail.body_text).toContain('Bringen Sie das Originalrezept mit.');
    expect(mail.body_text).not.toMatch(/Versand|Lieferung/);
    expect(mail.body_html).toContain('Bringen Sie das Originalrezept mit.');
  });

  it('the invoice of a pickup names the pharmacy instead of shipping costs', async () => {
    const { order, pharmacy } = await pickupOrder('de', findProduct(shop.db, 'clickCollect').id);
    const document = shop.db.prepare('SELECT * FROM document WHERE order_id = ?').get(order.id) as DocumentRow;
    const text = await pdfText(await renderInvoicePdf(shop.db, findOrder(shop.db, order.id)!, document));
    expect(text).toContain('Abholung in der Apotheke');
    expect(text).toContain(`Abholung in ${pharmacy.name}, `);
    expect(text).not.toContain('Versandkosten');
  });

  it('in Italian: the pickup in Italian, formally', async () => {
    const { order } = await pickupOrder('it', prescriptionProduct());
    const mail = orderMail(order.id);
    expect(mail.subject).toBe(`Il vostro ordine ${order.orderNumber}`);
    expect(mail.body_text).toContain('Ritiro presso ');
    expect(mail.body_text).toContain('Portate con voi la ricetta originale.');
    expect(mail.body_text).toContain('Cordiali saluti\nLa vostra Farmacia Edelweiss');
    expect(mail.body_text).not.toMatch(/\b(tuo|tua|tuoi|tue|ti)\b/);
  });

  it('a pickup without prescription medicine does not ask for a prescription', async () => {
    const { order } = await pickupOrder('fr', findProduct(shop.db, 'clickCollect').id);
    const mail = orderMail(order.id);
    expect(mail.body_text).toContain('Retrait à ');
    expect(mail.body_text).not.toContain('ordonnance');
  });

  it('a delivery: the expected dates in Swiss format, shipping costs, signed by the shop and its operating company', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    await choosePayment(s, 'card');
    const order = (await placeOrder(s)).json;
    const { earliest, latest } = order.extensions['pharmacy-shop'].expectedDelivery;
    const mail = orderMail(order.id);
    expect(mail.body_text).toContain(`Voraussichtliche Lieferung: ${swissDate(earliest)} – ${swissDate(latest)}`);
    expect(mail.body_text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.body_text).toContain('Versandkosten: ');
    expect(mail.body_text).toContain('Freundliche Grüsse\nIhre Edelweiss Apotheke\n\nEdelweiss Apotheken AG · Bahnhofstrasse 12 · 8001 Zürich · CHE-112.457.893 MWST');
    expect(mail.body_html).toContain('Edelweiss Apotheken AG · Bahnhofstrasse 12 · 8001 Zürich · CHE-112.457.893 MWST');
  });
});

describe('a customer hears of every change to their account', () => {
  it('a new e-mail address: the old address is told where mails go now, the new one that it is the login', async () => {
    const { s, email } = await loggedInAccount(shop);
    const newEmail = uniqueEmail('neu');
    const changed = await s.call('POST', '/account/change-email', { body: { email: newEmail, emailConfirmation: newEmail, password: PASSWORD } });
    expect(changed.status, changed.text).toBe(200);
    const [toOld] = mailsTo(email).filter((mail) => mail.template === 'customer.email_changed.old');
    expect(toOld?.subject).toBe('Ihre E-Mail-Adresse wurde geändert');
    expect(toOld?.body_text).toContain(`Die neue Adresse ist ${newEmail}.`);
    expect(toOld?.body_text).toContain('Waren Sie das nicht? Rufen Sie bitte sofort unseren Kundendienst an: 0800 100 200.');
    expect(mailsTo(newEmail).map((mail) => mail.subject)).toEqual(['Ihre neue E-Mail-Adresse']);
  });

  it('a new password, in the account or by a recovery link, is told in the page’s language', async () => {
    const { s, email } = await loggedInAccount(shop, LANGUAGE_ID.fr);
    const changed = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'Neues-Pass-42', newPasswordConfirm: 'Neues-Pass-42' } });
    expect(changed.status, changed.text).toBe(200);
    expect(mailsTo(email).filter((mail) => mail.template === 'customer.password_changed').map((mail) => mail.subject)).toEqual(['Votre mot de passe a été modifié']);
    // a refused change tells nothing
    await s.call('POST', '/account/change-password', { body: { password: 'Falsch-0000', newPassword: 'Anderes-Pass-1', newPasswordConfirm: 'Anderes-Pass-1' } });
    expect(mailsTo(email).filter((mail) => mail.template === 'customer.password_changed')).toHaveLength(1);
  });

  it('a cancelled order is confirmed by mail', async () => {
    const s = shopper(shop.call);
    const guest = await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    await choosePayment(s, 'invoice');
    const order = (await placeOrder(s)).json;
    expect((await s.call('POST', '/order/state/cancel', { body: { orderId: order.id } })).status).toBe(200);
    const cancelled = mailsTo(guest.email).filter((mail) => mail.template === 'order.state.cancelled');
    expect(cancelled.map((mail) => mail.subject)).toEqual([`Ihre Bestellung ${order.orderNumber} wurde storniert`]);
    expect(cancelled[0]!.body_text).toContain(`wurde am ${swissDate(new Date().toISOString())} storniert`);
  });
});
