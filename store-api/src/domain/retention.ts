import type { Db } from '../db/connection';

// SPEC §9 Retention: guest data 2 years, inactive accounts 5 years, accounting records 10 years; plus the
// housekeeping of expired technical rows. `runRetention` works out every rule inside ONE write transaction and
// commits it only with `apply: true`; a dry run rolls the same transaction back, so its counts are exactly what
// an apply at that moment would delete. Prescription requests (health data) are never touched here, and a
// customer who has one is held back (not deleted) until their retention is decided.

export const GUEST_RETENTION_YEARS = 2;
export const ACCOUNT_RETENTION_YEARS = 5;
export const ACCOUNTING_RETENTION_YEARS = 10;
/** SPEC §9: the context cookie lasts one year; a session unused for longer can never come back. */
export const CONTEXT_TOKEN_DAYS = 365;
/** Delivered mails are kept this long for support questions ("did you send my confirmation?"). */
export const SENT_MAIL_DAYS = 90;
/** Rate-limit windows are at most a day long (store-api/src/domain/rate-limit.ts pruneRateLimits). */
export const RATE_LIMIT_HOURS = 24;

/**
 * The customer that orders of deleted customers point to: order.customer_id is NOT NULL with a foreign key
 * (migration 2), so the link is moved to this row, which holds no personal data and can never log in.
 */
export const ANONYMISED_CUSTOMER_ID = '00000000000000000000000000a00000';
/** What an anonymised order keeps instead of the shopper's email address. */
export const ANONYMISED_EMAIL = 'anonymised@invalid';

export interface RetentionRuleResult {
  rule: string;
  description: string;
  /** rows per table (deleted, or 'order (anonymised)' for kept accounting rows stripped of the customer link) */
  rows: Record<string, number>;
}

export interface RetentionReport {
  applied: boolean;
  now: string;
  rules: RetentionRuleResult[];
  /** customers past their retention kept because of a prescription request (open question, see ADR) */
  heldBack: number;
}

function yearsBefore(now: Date, years: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString();
}

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/**
 * Accounting records are kept 10 years from the end of the business (calendar) year they belong to
 * (Swiss OR art. 958f): on 2026-11-22, records of 2015 and earlier may go, those of 2016 stay.
 */
export function accountingCutoff(now: Date): string {
  return `${String(now.getUTCFullYear() - ACCOUNTING_RETENTION_YEARS).padStart(4, '0')}-01-01T00:00:00.000Z`;
}

class DryRun extends Error {
  constructor(readonly report: RetentionReport) {
    super('dry run');
  }
}

export function runRetention(db: Db, options: { apply?: boolean; now?: Date } = {}): RetentionReport {
  const now = options.now ?? new Date();
  const report: RetentionReport = { applied: options.apply === true, now: now.toISOString(), rules: [], heldBack: 0 };
  const work = db.transaction(() => {
    report.rules.push(deleteOldOrders(db, accountingCutoff(now)));
    const guests = customersPastRetention(db, 1, yearsBefore(now, GUEST_RETENTION_YEARS));
    const accounts = customersPastRetention(db, 0, yearsBefore(now, ACCOUNT_RETENTION_YEARS));
    report.heldBack = guests.heldBack + accounts.heldBack;
    report.rules.push(
      deleteCustomers(db, guests.ids, 'guests', `guest customers without any activity (created, order) for ${GUEST_RETENTION_YEARS} years`),
      deleteCustomers(db, accounts.ids, 'inactive-accounts', `accounts without login, order or registration for ${ACCOUNT_RETENTION_YEARS} years`),
      housekeeping(db, now),
    );
    if (!report.applied) throw new DryRun(report);
  });
  try {
    work.immediate();
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    throw error;
  }
  return report;
}

function count(db: Db, sql: string, ...params: unknown[]): number {
  return (db.prepare(sql).pluck().get(...params) as number | undefined) ?? 0;
}

/** Orders whose last record (order date, last state change) is in a business year that ended 10+ years ago. */
function deleteOldOrders(db: Db, cutoff: string): RetentionRuleResult {
  db.exec('DROP TABLE IF EXISTS temp.retention_order');
  db.exec('CREATE TEMP TABLE retention_order (id TEXT PRIMARY KEY)');
  db.prepare(
    `INSERT INTO temp.retention_order (id)
     SELECT o.id FROM "order" o
     WHERE o.order_date_time < ? AND o.id <> ''
       AND NOT EXISTS (SELECT 1 FROM state_history h WHERE h.order_id = o.id AND h.created_at >= ?)`,
  ).run(cutoff, cutoff);
  const inSet = 'IN (SELECT id FROM temp.retention_order)';
  const rows: Record<string, number> = {
    order: count(db, `SELECT COUNT(*) FROM temp.retention_order`),
    order_line_item: count(db, `SELECT COUNT(*) FROM order_line_item WHERE order_id ${inSet}`),
    order_address: count(db, `SELECT COUNT(*) FROM order_address WHERE order_id ${inSet}`),
    order_delivery: count(db, `SELECT COUNT(*) FROM order_delivery WHERE order_id ${inSet}`),
    order_transaction: count(db, `SELECT COUNT(*) FROM order_transaction WHERE order_id ${inSet}`),
    document: count(db, `SELECT COUNT(*) FROM document WHERE order_id ${inSet}`),
    state_history: count(db, `SELECT COUNT(*) FROM state_history WHERE order_id ${inSet}`),
    payment_session: count(db, `SELECT COUNT(*) FROM payment_session WHERE order_id ${inSet}`),
    mail_outbox: count(db, `SELECT COUNT(*) FROM mail_outbox WHERE order_id ${inSet}`),
  };
  // Children without ON DELETE CASCADE first; the rest (line items, addresses, deliveries, transactions,
  // documents, downloads, order requests) cascade with the order.
  db.exec(`DELETE FROM payment_session WHERE order_id ${inSet}`);
  db.exec(`DELETE FROM state_history WHERE order_id ${inSet}`);
  db.exec(`DELETE FROM mail_outbox WHERE order_id ${inSet}`);
  db.exec(`DELETE FROM "order" WHERE id ${inSet}`);
  db.exec('DROP TABLE temp.retention_order');
  return { rule: 'accounting-records', description: `orders, their line items, transactions and documents of business years ended ${ACCOUNTING_RETENTION_YEARS}+ years ago`, rows };
}

/**
 * Customers (guest = 1 or 0) whose last activity is before the cutoff: registration/creation, last login
 * (accounts), last order. Customers with a prescription request are counted as held back, not returned.
 */
function customersPastRetention(db: Db, guest: 0 | 1, cutoff: string): { ids: string[]; heldBack: number } {
  const candidates = db
    .prepare(
      `SELECT c.id, EXISTS (SELECT 1 FROM prescription_request p WHERE p.customer_id = c.id) AS prescription
       FROM customer c
       WHERE c.guest = ? AND c.id <> ?
         AND c.created_at < ?
         AND COALESCE(c.last_login, '') < ?
         AND NOT EXISTS (SELECT 1 FROM "order" o WHERE o.customer_id = c.id AND o.order_date_time >= ?)`,
    )
    .all(guest, ANONYMISED_CUSTOMER_ID, cutoff, cutoff, cutoff) as Array<{ id: string; prescription: number }>;
  return { ids: candidates.filter((c) => !c.prescription).map((c) => c.id), heldBack: candidates.filter((c) => c.prescription).length };
}

/**
 * Deletes customers with everything personal that hangs on them; their orders stay for the accounting period,
 * linked to the anonymised customer and stripped of what accounting does not need (email, phone numbers,
 * customer number, comment, campaign codes). Name and addresses on the order stay: they are the invoice's.
 */
function deleteCustomers(db: Db, ids: string[], rule: string, description: string): RetentionRuleResult {
  db.exec('DROP TABLE IF EXISTS temp.retention_customer');
  db.exec('CREATE TEMP TABLE retention_customer (id TEXT PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO temp.retention_customer (id) VALUES (?)');
  for (const id of ids) insert.run(id);
  const inSet = 'IN (SELECT id FROM temp.retention_customer)';
  // Sessions of those customers (their context tokens) and the carts of those sessions.
  db.exec('DROP TABLE IF EXISTS temp.retention_token');
  db.exec(
    `CREATE TEMP TABLE retention_token AS SELECT token FROM context_token
     WHERE json_valid(payload) AND json_extract(payload, '$.customerId') ${inSet}`,
  );
  const tokens = 'IN (SELECT token FROM temp.retention_token)';
  const rows: Record<string, number> = {
    customer: ids.length,
    customer_address: count(db, `SELECT COUNT(*) FROM customer_address WHERE customer_id ${inSet}`),
    customer_wishlist: count(db, `SELECT COUNT(*) FROM customer_wishlist WHERE customer_id ${inSet}`),
    customer_recovery: count(db, `SELECT COUNT(*) FROM customer_recovery WHERE customer_id ${inSet}`),
    customer_insurance: count(db, `SELECT COUNT(*) FROM customer_insurance WHERE customer_id ${inSet}`),
    newsletter_recipient: count(db, `SELECT COUNT(*) FROM newsletter_recipient WHERE customer_id ${inSet} AND status NOT IN ('optIn', 'direct')`),
    loyalty_card: count(db, `SELECT COUNT(*) FROM loyalty_card WHERE customer_id ${inSet}`),
    contact_message: count(db, `SELECT COUNT(*) FROM contact_message WHERE customer_id ${inSet}`),
    contest_entry: count(db, `SELECT COUNT(*) FROM contest_entry WHERE customer_id ${inSet}`),
    mail_outbox: count(db, `SELECT COUNT(*) FROM mail_outbox WHERE customer_id ${inSet}`),
    context_token: count(db, `SELECT COUNT(*) FROM temp.retention_token`),
    cart: count(db, `SELECT COUNT(*) FROM cart WHERE token ${tokens}`),
    'order (anonymised)': count(db, `SELECT COUNT(*) FROM "order" WHERE customer_id ${inSet}`),
  };
  if ((rows['order (anonymised)'] ?? 0) > 0) {
    // The anonymised customer borrows group, language and channel of a removed customer (all NOT NULL).
    db.prepare(
      `INSERT OR IGNORE INTO customer (id, customer_number, sales_channel_id, customer_group_id, language_id, first_name, last_name,
         email, guest, active, created_at)
       SELECT ?, 'ANONYMISED', sales_channel_id, customer_group_id, language_id, '-', '-', ?, 1, 0, ?
       FROM customer WHERE id ${inSet} LIMIT 1`,
    ).run(ANONYMISED_CUSTOMER_ID, ANONYMISED_EMAIL, new Date(0).toISOString());
    db.exec(
      `UPDATE order_address SET phone_number = NULL
       WHERE order_id IN (SELECT id FROM "order" WHERE customer_id ${inSet})`,
    );
    db.prepare(
      `UPDATE "order" SET customer_id = ?, email = ?, customer_number = NULL, customer_comment = NULL,
         affiliate_code = NULL, campaign_code = NULL
       WHERE customer_id ${inSet}`,
    ).run(ANONYMISED_CUSTOMER_ID, ANONYMISED_EMAIL);
  }
  db.exec(`DELETE FROM cart WHERE token ${tokens}`);
  db.exec(`DELETE FROM context_token WHERE token ${tokens}`);
  // An active newsletter subscription is a consent of its own: it stays, only its link to the customer goes
  // (ON DELETE SET NULL); pending or revoked ones go with the customer.
  db.exec(`DELETE FROM newsletter_recipient WHERE customer_id ${inSet} AND status NOT IN ('optIn', 'direct')`);
  db.exec(`DELETE FROM loyalty_card WHERE customer_id ${inSet}`);
  db.exec(`DELETE FROM contact_message WHERE customer_id ${inSet}`);
  db.exec(`DELETE FROM contest_entry WHERE customer_id ${inSet}`);
  db.exec(`DELETE FROM mail_outbox WHERE customer_id ${inSet}`);
  // addresses, wishlists, recovery links and insurance data cascade with the customer
  db.exec(`DELETE FROM customer WHERE id ${inSet}`);
  db.exec('DROP TABLE temp.retention_token');
  db.exec('DROP TABLE temp.retention_customer');
  return { rule, description, rows };
}

/** Expired technical rows: old sessions and their carts, rate-limit windows, delivered mails, recovery links. */
function housekeeping(db: Db, now: Date): RetentionRuleResult {
  const tokenCutoff = daysBefore(now, CONTEXT_TOKEN_DAYS);
  const mailCutoff = daysBefore(now, SENT_MAIL_DAYS);
  const rateCutoff = new Date(now.getTime() - RATE_LIMIT_HOURS * 3_600_000).toISOString();
  const nowIso = now.toISOString();
  const rows: Record<string, number> = {};
  // A session is stale when neither it nor its cart changed within the cookie's lifetime.
  const staleTokens = `SELECT t.token FROM context_token t
    WHERE t.updated_at < @cut AND NOT EXISTS (SELECT 1 FROM cart c WHERE c.token = t.token AND c.updated_at >= @cut)`;
  rows.cart = db.prepare(`DELETE FROM cart WHERE updated_at < @cut AND (token IN (${staleTokens}) OR token NOT IN (SELECT token FROM context_token))`).run({ cut: tokenCutoff }).changes;
  rows.context_token = db.prepare(`DELETE FROM context_token WHERE token IN (${staleTokens})`).run({ cut: tokenCutoff }).changes;
  rows.rate_limit = db
    .prepare('DELETE FROM rate_limit WHERE window_start < ? AND (blocked_until IS NULL OR blocked_until < ?)')
    .run(rateCutoff, nowIso).changes;
  rows.mail_outbox = db.prepare('DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < ?').run(mailCutoff).changes;
  rows.customer_recovery = db.prepare('DELETE FROM customer_recovery WHERE expires_at < ?').run(nowIso).changes;
  return {
    rule: 'housekeeping',
    description: `sessions unused for ${CONTEXT_TOKEN_DAYS} days and their carts, rate-limit windows older than ${RATE_LIMIT_HOURS} h, mails delivered ${SENT_MAIL_DAYS}+ days ago, expired password-recovery links`,
    rows,
  };
}

/** The report as lines for the command line. */
export function formatRetentionReport(report: RetentionReport): string {
  const lines = [`Retention ${report.applied ? 'APPLIED' : 'dry run (nothing changed; --apply to delete)'} at ${report.now}`];
  for (const rule of report.rules) {
    const total = Object.values(rule.rows).reduce((sum, n) => sum + n, 0);
    lines.push(`- ${rule.rule}: ${rule.description}: ${total} row(s)`);
    for (const [table, n] of Object.entries(rule.rows)) if (n > 0) lines.push(`    ${table}: ${n}`);
  }
  if (report.heldBack > 0) lines.push(`- held back: ${report.heldBack} customer(s) past retention with a prescription request (not deleted)`);
  return lines.join('\n');
}
