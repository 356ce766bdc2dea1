import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../store-api/src/ids';
import { accountingCutoff, ANONYMISED_CUSTOMER_ID, ANONYMISED_EMAIL, runRetention } from '../../store-api/src/domain/retention';
import { openPrivateTestShop } from '../support/shop';

// SPEC §9 Retention on a private shop with BACKDATED rows: guest data 2 years, inactive accounts 5 years,
// accounting records 10 years (from the end of their business year), plus expired housekeeping rows.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
const NOW = new Date('2026-06-15T12:00:00.000Z');

function ago(days: number): string {
  return new Date(NOW.getTime() - days * 86_400_000).toISOString();
}
const YEAR = 365;

let seq = 0;
let refs: { salesChannelId: string; groupId: string; languageId: string; countryId: string; paymentMethodId: string };

function customer(options: { guest: boolean; createdDaysAgo: number; lastLoginDaysAgo?: number }): string {
  const id = randomId();
  seq += 1;
  shop.db
    .prepare(
      `INSERT INTO customer (id, customer_number, sales_channel_id, customer_group_id, language_id, first_name, last_name, email,
         guest, active, last_login, created_at) VALUES (?, ?, ?, ?, ?, 'Anna', 'Muster', ?, ?, 1, ?, ?)`,
    )
    .run(
      id, `R${seq}`, refs.salesChannelId, refs.groupId, refs.languageId, `retention-${seq}@example.ch`, options.guest ? 1 : 0,
      options.lastLoginDaysAgo === undefined ? null : ago(options.lastLoginDaysAgo), ago(options.createdDaysAgo),
    );
  shop.db
    .prepare(
      `INSERT INTO customer_address (id, customer_id, first_name, last_name, street, zipcode, city, country_id, created_at)
       VALUES (?, ?, 'Anna', 'Muster', 'Bahnhofstrasse 1', '8001', 'Zürich', ?, ?)`,
    )
    .run(randomId(), id, refs.countryId, ago(options.createdDaysAgo));
  // a session of that customer with a cart
  const token = `tok-${seq}-${randomId().slice(0, 8)}`;
  shop.db
    .prepare('INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(token, refs.salesChannelId, JSON.stringify({ customerId: id }), ago(options.createdDaysAgo), ago(0));
  shop.db
    .prepare('INSERT INTO cart (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(token, refs.salesChannelId, '{}', ago(0), ago(0));
  return id;
}

function order(customerId: string, daysAgo: number, date?: string): string {
  const id = randomId();
  seq += 1;
  const at = date ?? ago(daysAgo);
  const billingId = randomId();
  shop.db
    .prepare(
      `INSERT INTO "order" (id, order_number, sales_channel_id, customer_id, language_id, currency_id, order_date_time, state,
         amount_total, amount_net, position_price, shipping_total, tax_status, price, shipping_costs, billing_address_id,
         deep_link_code, email, first_name, last_name, customer_number, customer_comment, created_at)
       VALUES (?, ?, ?, ?, ?, 'chf', ?, 'completed', 20, 18.5, 12.3, 7.7, 'gross', '{}', '{}', ?, ?, 'anna@example.ch', 'Anna', 'Muster', 'C1', 'Bitte klingeln', ?)`,
    )
    .run(id, `O-R${seq}`, refs.salesChannelId, customerId, refs.languageId, at, billingId, randomId(), at);
  shop.db
    .prepare(
      `INSERT INTO order_address (id, order_id, first_name, last_name, street, zipcode, city, country_id, phone_number)
       VALUES (?, ?, 'Anna', 'Muster', 'Bahnhofstrasse 1', '8001', 'Zürich', ?, '044 000 00 00')`,
    )
    .run(billingId, id, refs.countryId);
  shop.db
    .prepare(
      `INSERT INTO order_line_item (id, order_id, position, identifier, type, label, quantity, unit_price, total_price, price)
       VALUES (?, ?, 1, 'x', 'product', 'Dafalgan 500 mg', 1, 12.3, 12.3, '{}')`,
    )
    .run(randomId(), id);
  shop.db
    .prepare(`INSERT INTO order_transaction (id, order_id, payment_method_id, amount, state, created_at) VALUES (?, ?, ?, '{}', 'paid', ?)`)
    .run(randomId(), id, refs.paymentMethodId, at);
  shop.db
    .prepare(`INSERT INTO document (id, order_id, type, document_number, deep_link_code, created_at) VALUES (?, ?, 'invoice', ?, 'x', ?)`)
    .run(randomId(), id, `INV-R${seq}`, at);
  shop.db
    .prepare(`INSERT INTO state_history (id, entity, entity_id, order_id, from_state, to_state, created_at) VALUES (?, 'order', ?, ?, 'open', 'completed', ?)`)
    .run(randomId(), id, id, at);
  return id;
}

function exists(table: string, column: string, value: string): boolean {
  return shop.db.prepare(`SELECT 1 FROM "${table}" WHERE ${column} = ?`).get(value) !== undefined;
}

function counts(): Record<string, number> {
  const tables = shop.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, shop.db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number]));
}

const rows = {} as Record<string, string>;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const db = shop.db;
  refs = {
    salesChannelId: db.prepare('SELECT id FROM sales_channel LIMIT 1').pluck().get() as string,
    groupId: db.prepare('SELECT id FROM customer_group LIMIT 1').pluck().get() as string,
    languageId: db.prepare('SELECT id FROM language LIMIT 1').pluck().get() as string,
    countryId: db.prepare('SELECT id FROM country LIMIT 1').pluck().get() as string,
    paymentMethodId: db.prepare('SELECT id FROM payment_method LIMIT 1').pluck().get() as string,
  };
  // Guests: 2 years.
  rows.oldGuest = customer({ guest: true, createdDaysAgo: 3 * YEAR });
  rows.oldGuestOrder = order(rows.oldGuest, 3 * YEAR);
  rows.recentGuest = customer({ guest: true, createdDaysAgo: 3 * YEAR });
  order(rows.recentGuest, YEAR); // ordered again a year ago
  rows.newGuest = customer({ guest: true, createdDaysAgo: 30 });
  rows.prescriptionGuest = customer({ guest: true, createdDaysAgo: 3 * YEAR });
  db.prepare(
    `INSERT INTO prescription_request (id, request_number, kind, sales_channel_id, language_id, customer_id, first_name, last_name, email, phone, created_at)
     VALUES (?, 'RX-1', 'delivery', ?, ?, ?, 'Anna', 'Muster', 'rx@example.ch', '044', ?)`,
  ).run(randomId(), refs.salesChannelId, refs.languageId, rows.prescriptionGuest, ago(3 * YEAR));
  // Accounts: 5 years without login, order or registration.
  rows.inactiveAccount = customer({ guest: false, createdDaysAgo: 8 * YEAR, lastLoginDaysAgo: 6 * YEAR });
  rows.inactiveAccountOrder = order(rows.inactiveAccount, 7 * YEAR);
  db.prepare(`INSERT INTO customer_recovery (id, customer_id, hash_digest, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`).run(
    randomId(), rows.inactiveAccount, randomId(), ago(6 * YEAR), ago(6 * YEAR),
  );
  db.prepare(
    `INSERT INTO newsletter_recipient (id, email, sales_channel_id, language_id, customer_id, status, hash, created_at) VALUES (?, 'nl-old@example.ch', ?, ?, ?, 'notSet', ?, ?)`,
  ).run(randomId(), refs.salesChannelId, refs.languageId, rows.inactiveAccount, randomId(), ago(6 * YEAR));
  rows.loggedInAccount = customer({ guest: false, createdDaysAgo: 8 * YEAR, lastLoginDaysAgo: YEAR });
  rows.orderingAccount = customer({ guest: false, createdDaysAgo: 8 * YEAR });
  order(rows.orderingAccount, 4 * YEAR);
  // Accounting: 10 years from the end of the business year.
  rows.loyalCustomer = customer({ guest: false, createdDaysAgo: 20 * YEAR, lastLoginDaysAgo: 10 });
  rows.ancientOrder = order(rows.loyalCustomer, 0, '2015-12-31T10:00:00.000Z');
  rows.keptOrder = order(rows.loyalCustomer, 0, '2016-01-02T10:00:00.000Z');
  // Housekeeping.
  db.prepare('INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    'stale-token', refs.salesChannelId, '{}', ago(2 * YEAR), ago(400),
  );
  db.prepare('INSERT INTO cart (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    'stale-token', refs.salesChannelId, '{}', ago(2 * YEAR), ago(400),
  );
  db.prepare('INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    'fresh-token', refs.salesChannelId, '{}', ago(2 * YEAR), ago(20),
  );
  db.prepare('INSERT INTO rate_limit (key, attempts, window_start) VALUES (?, 3, ?)').run('login:old', ago(2));
  db.prepare('INSERT INTO rate_limit (key, attempts, window_start) VALUES (?, 3, ?)').run('login:fresh', new Date(NOW.getTime() - 60_000).toISOString());
  const mail = db.prepare(
    `INSERT INTO mail_outbox (id, template, recipient, language_id, subject, body_text, body_html, created_at, sent_at) VALUES (?, 't', 'x@example.ch', ?, 's', 'b', 'b', ?, ?)`,
  );
  mail.run('mail-old-sent', refs.languageId, ago(100), ago(100));
  mail.run('mail-new-sent', refs.languageId, ago(10), ago(10));
  mail.run('mail-old-unsent', refs.languageId, ago(100), null);
});
afterAll(() => shop?.close());

describe('retention (SPEC §9)', () => {
  it('dry run reports per rule and changes nothing', () => {
    const before = counts();
    const report = runRetention(shop.db, { now: NOW });
    expect(report.applied).toBe(false);
    expect(counts()).toEqual(before);
    const byRule = Object.fromEntries(report.rules.map((rule) => [rule.rule, rule.rows]));
    expect(byRule['accounting-records']).toMatchObject({ order: 1, order_line_item: 1, document: 1 });
    expect(byRule.guests).toMatchObject({ customer: 1, customer_address: 1, 'order (anonymised)': 1 });
    expect(byRule['inactive-accounts']).toMatchObject({ customer: 1, customer_recovery: 1, newsletter_recipient: 1, 'order (anonymised)': 1 });
    expect(byRule.housekeeping).toMatchObject({ context_token: 1, cart: 1, rate_limit: 1, mail_outbox: 1 });
    expect(report.heldBack).toBe(1);
  });

  it('--apply deletes exactly the old rows and keeps the fresh ones', () => {
    const report = runRetention(shop.db, { now: NOW, apply: true });
    expect(report.applied).toBe(true);

    // guests after 2 years; a guest who ordered within 2 years, a new guest and one with a prescription stay
    expect(exists('customer', 'id', rows.oldGuest!)).toBe(false);
    expect(exists('customer_address', 'customer_id', rows.oldGuest!)).toBe(false);
    expect(shop.db.prepare("SELECT COUNT(*) FROM context_token WHERE json_extract(payload, '$.customerId') = ?").pluck().get(rows.oldGuest)).toBe(0);
    expect(exists('customer', 'id', rows.recentGuest!)).toBe(true);
    expect(exists('customer', 'id', rows.newGuest!)).toBe(true);
    expect(exists('customer', 'id', rows.prescriptionGuest!)).toBe(true);
    expect(exists('prescription_request', 'customer_id', rows.prescriptionGuest!)).toBe(true);

    // inactive accounts after 5 years; a recent login or a recent order keeps the account
    expect(exists('customer', 'id', rows.inactiveAccount!)).toBe(false);
    expect(exists('customer_recovery', 'customer_id', rows.inactiveAccount!)).toBe(false);
    expect(exists('newsletter_recipient', 'email', 'nl-old@example.ch')).toBe(false);
    expect(exists('customer', 'id', rows.loggedInAccount!)).toBe(true);
    expect(exists('customer', 'id', rows.orderingAccount!)).toBe(true);

    // accounting rows under 10 years stay, also for deleted customers: unlinked and without contact data
    for (const orderId of [rows.oldGuestOrder!, rows.inactiveAccountOrder!]) {
      const kept = shop.db.prepare('SELECT customer_id, email, customer_number, customer_comment, first_name, amount_total FROM "order" WHERE id = ?').get(orderId);
      expect(kept).toEqual({ customer_id: ANONYMISED_CUSTOMER_ID, email: ANONYMISED_EMAIL, customer_number: null, customer_comment: null, first_name: 'Anna', amount_total: 20 });
      expect(exists('order_line_item', 'order_id', orderId)).toBe(true);
      expect(exists('order_transaction', 'order_id', orderId)).toBe(true);
      expect(exists('document', 'order_id', orderId)).toBe(true);
      expect(shop.db.prepare('SELECT street, phone_number FROM order_address WHERE order_id = ?').get(orderId)).toEqual({ street: 'Bahnhofstrasse 1', phone_number: null });
    }
    const anonymised = shop.db.prepare('SELECT first_name, last_name, email, password_hash, active FROM customer WHERE id = ?').get(ANONYMISED_CUSTOMER_ID);
    expect(anonymised).toEqual({ first_name: '-', last_name: '-', email: ANONYMISED_EMAIL, password_hash: null, active: 0 });

    // orders of business years ended 10+ years ago go with all their records; the next year's stay
    expect(accountingCutoff(NOW)).toBe('2016-01-01T00:00:00.000Z');
    expect(exists('order', 'id', rows.ancientOrder!)).toBe(false);
    for (const table of ['order_line_item', 'order_address', 'order_transaction', 'document', 'state_history']) {
      expect(exists(table, 'order_id', rows.ancientOrder!)).toBe(false);
    }
    expect(exists('order', 'id', rows.keptOrder!)).toBe(true);
    expect(exists('document', 'order_id', rows.keptOrder!)).toBe(true);
    expect(exists('customer', 'id', rows.loyalCustomer!)).toBe(true);

    // housekeeping
    expect(exists('context_token', 'token', 'stale-token')).toBe(false);
    expect(exists('cart', 'token', 'stale-token')).toBe(false);
    expect(exists('context_token', 'token', 'fresh-token')).toBe(true);
    expect(exists('rate_limit', 'key', 'login:old')).toBe(false);
    expect(exists('rate_limit', 'key', 'login:fresh')).toBe(true);
    expect(exists('mail_outbox', 'id', 'mail-old-sent')).toBe(false);
    expect(exists('mail_outbox', 'id', 'mail-new-sent')).toBe(true);
    expect(exists('mail_outbox', 'id', 'mail-old-unsent')).toBe(true);
  });

  it('a second run finds nothing more to delete', () => {
    const report = runRetention(shop.db, { now: NOW, apply: true });
    for (const rule of report.rules) for (const n of Object.values(rule.rows)) expect(n).toBe(0);
    expect(report.heldBack).toBe(1);
  });
});
