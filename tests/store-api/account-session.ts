import type { Db } from '../../store-api/src/db/connection';
import type { StoreApiConfig } from '../../store-api/src/config';
import type { StoreApiCall } from '../support/shop';
import { address, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// Shared steps of the issue-6 account tests: an active account (registered without the confirmation link), a
// logged-in session of it, and the mails of a recipient in the outbox.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const PASSWORD = 'Sicher-123';

interface TestShop {
  call: StoreApiCall;
  config: StoreApiConfig;
}

/** Registers an active account (double opt-in switched off for the call); answers its email. */
export async function activeAccount(shop: TestShop, options: { email?: string; password?: string; languageId?: string; extra?: Record<string, unknown> } = {}): Promise<string> {
  const email = options.email ?? uniqueEmail('konto');
  const previous = shop.config.registrationDoubleOptIn;
  shop.config.registrationDoubleOptIn = false;
  try {
    const res = await shopper(shop.call, options.languageId).call('POST', '/account/register', {
      body: {
        email,
        password: options.password ?? PASSWORD,
        firstName: 'Beat',
        lastName: 'Keller',
        acceptedDataProtection: true,
        storefrontUrl: 'http://shop.test',
        billingAddress: address(),
        ...options.extra,
      },
    });
    if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
    return email;
  } finally {
    shop.config.registrationDoubleOptIn = previous;
  }
}

/** A session logged in as the account. */
export async function loggedIn(shop: TestShop, email: string, password = PASSWORD, languageId?: string): Promise<Shopper> {
  const s = shopper(shop.call, languageId);
  const res = await s.call('POST', '/account/login', { body: { username: email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return s;
}

/** A session logged in as a new active account (Lea Frei), with the account's `/account/customer` answer. */
export async function loggedInAccount(shop: TestShop, languageId?: string): Promise<{ s: Shopper; email: string; customer: Json }> {
  const email = await activeAccount(shop, { languageId, extra: { firstName: 'Lea', lastName: 'Frei' } });
  const s = await loggedIn(shop, email, PASSWORD, languageId);
  const customer = (await s.call('POST', '/account/customer', { body: {} })).json;
  return { s, email, customer };
}

export interface OutboxMail {
  id: string;
  template: string;
  recipient: string;
  language_id: string;
  subject: string;
  body_text: string;
  body_html: string;
  created_at: string;
  sent_at: string | null;
  send_error: string | null;
  attempts: number;
  next_attempt_at: string | null;
}

export function mailsTo(db: Db, email: string, template?: string): OutboxMail[] {
  return (
    template
      ? db.prepare('SELECT * FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at, rowid').all(email, template)
      : db.prepare('SELECT * FROM mail_outbox WHERE recipient = ? ORDER BY created_at, rowid').all(email)
  ) as OutboxMail[];
}

/** The http(s) links of a plain-text mail body. */
export function linksOf(text: string): URL[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
}

/** The first http(s) link of a mail's text. */
export function linkIn(mail: OutboxMail): URL {
  const link = linksOf(mail.body_text)[0];
  if (!link) throw new Error(`no link in mail ${mail.id}`);
  return link;
}

/** Violations of a 400 answer as "pointer code" strings, sorted. */
export function violations(json: { errors?: { code: string; source?: { pointer: string } }[] }): string[] {
  return (json.errors ?? []).map((e) => `${e.source?.pointer ?? ''} ${e.code}`).sort();
}
