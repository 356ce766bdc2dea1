import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MAIL_TEMPLATE, DEFAULT_SERVICE_EMAIL, serviceEmail } from '../../store-api/src/domain/contact';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { shopper, uniqueEmail } from './checkout-fixtures';

// The contact form (Shopware's POST /contact-form): stored, mailed to the shop's service address through the
// outbox (every value escaped in the HTML), validated, and limited to 5 messages in 10 minutes per client address.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());
afterEach(() => {
  delete process.env.SHOP_SERVICE_EMAIL;
});

let ipCounter = 10;
/** A client address of its own per test (the gateway passes the shopper's address in this header in process). */
function clientIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-shop-client-ip': `203.0.113.${ipCounter}` };
}

function message(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Lea', lastName: 'Frei', email: uniqueEmail('kontakt'), phone: '+41 44 123 45 67', subject: 'Lieferung', comment: 'Wann kommt meine Bestellung?', ...overrides };
}

function mailFor(email: string) {
  return shop.db
    .prepare(`SELECT recipient, subject, body_text, body_html, language_id FROM mail_outbox WHERE template = ? AND body_text LIKE ? ORDER BY rowid DESC LIMIT 1`)
    .get(CONTACT_MAIL_TEMPLATE, `%${email}%`) as { recipient: string; subject: string; body_text: string; body_html: string; language_id: string } | undefined;
}

describe('contact form', () => {
  it('stores the message and mails it to the service address', async () => {
    const s = shopper(shop.call);
    const body = message({ comment: 'Zeile 1\nZeile 2 <script>alert(1)</script>' });
    const res = await s.call('POST', '/contact-form', { body, headers: clientIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ individualSuccessMessage: '', apiAlias: 'contact_form_result' });

    const row = shop.db.prepare('SELECT first_name, last_name, phone, subject, comment FROM contact_message WHERE email = ?').get(body.email);
    expect(row).toEqual({ first_name: 'Lea', last_name: 'Frei', phone: '+41 44 123 45 67', subject: 'Lieferung', comment: 'Zeile 1\nZeile 2 <script>alert(1)</script>' });
    const mail = mailFor(body.email as string)!;
    expect(mail.recipient).toBe(DEFAULT_SERVICE_EMAIL);
    expect(mail.subject).toBe('Kontaktformular: Lieferung');
    expect(mail.body_text).toContain('Zeile 1\nZeile 2 <script>');
    expect(mail.body_html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.body_html).not.toContain('<script>');
  });

  it('uses SHOP_SERVICE_EMAIL and the shopper’s language', async () => {
    process.env.SHOP_SERVICE_EMAIL = 'kundendienst@apotheke.example';
    expect(serviceEmail()).toBe('kundendienst@apotheke.example');
    expect(serviceEmail({ SHOP_SERVICE_EMAIL: 'kein mail' })).toBe(DEFAULT_SERVICE_EMAIL);
    const s = shopper(shop.call, LANGUAGE_ID.fr);
    const body = message({ subject: 'Livraison\r\nBcc: x@example.ch' });
    expect((await s.call('POST', '/contact-form', { body, headers: clientIp() })).status).toBe(200);
    const mail = mailFor(body.email as string)!;
    expect(mail.recipient).toBe('kundendienst@apotheke.example');
    expect(mail.subject).toBe('Formulaire de contact : Livraison Bcc: x@example.ch');
    expect(mail.language_id).toBe(LANGUAGE_ID.fr);
  });

  it('validates required fields, the email, the phone and the length of the comment', async () => {
    const s = shopper(shop.call);
    const res = await s.call('POST', '/contact-form', {
      body: { firstName: ' ', email: 'lea@', phone: 'ruf mich an', subject: '', comment: 'x'.repeat(5001) },
      headers: clientIp(),
    });
    expect(res.status).toBe(400);
    const codes = Object.fromEntries(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]));
    expect(codes).toEqual({
      '/firstName': 'VIOLATION::IS_BLANK_ERROR',
      '/lastName': 'VIOLATION::IS_BLANK_ERROR',
      '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
      '/phone': 'VIOLATION::INVALID_PHONE_NUMBER',
      '/subject': 'VIOLATION::IS_BLANK_ERROR',
      '/comment': 'VIOLATION::TOO_LONG_ERROR',
    });
    expect((await s.call('POST', '/contact-form', { body: message({ comment: 'x'.repeat(5000) }), headers: clientIp() })).status).toBe(200);
  });

  it('allows 5 messages in 10 minutes per client address', async () => {
    const s = shopper(shop.call);
    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await s.call('POST', '/contact-form', { body: message(), headers: ip })).status).toBe(200);
    const body = message();
    const sixth = await s.call('POST', '/contact-form', { body, headers: ip });
    expect(sixth.status).toBe(429);
    expect(sixth.json.errors[0].meta.parameters.waitTime).toBeGreaterThan(0);
    expect(shop.db.prepare('SELECT COUNT(*) FROM contact_message WHERE email = ?').pluck().get(body.email)).toBe(0);
    // Another address is not affected.
    expect((await s.call('POST', '/contact-form', { body: message(), headers: clientIp() })).status).toBe(200);
  });
});
