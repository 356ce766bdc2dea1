import type { Db } from '../../store-api/src/db/connection';
import type { StoreApiConfig } from '../../store-api/src/config';
import type { StoreApiCall } from '../support/shop';
import { address, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// A logged-in account (confirmed, not a guest) for the tests of the account extras: newsletter, wishlist,
// loyalty card, preferred pharmacy. Registered with double opt-in switched off for the one call, then logged in.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Account {
  s: Shopper;
  email: string;
  customer: Json;
}

export async function loggedInAccount(shop: { call: StoreApiCall; config: StoreApiConfig }, languageId?: string): Promise<Account> {
  const email = uniqueEmail('konto');
  const s = shopper(shop.call, languageId);
  shop.config.registrationDoubleOptIn = false;
  try {
    const res = await s.call('POST', '/account/register', {
      body: { email, password: 'Sicher-123', firstName: 'Lea', lastName: 'Frei', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
  } finally {
    shop.config.registrationDoubleOptIn = true;
  }
  const login = await s.call('POST', '/account/login', { body: { username: email, password: 'Sicher-123' } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const customer = (await s.call('POST', '/account/customer', { body: {} })).json;
  return { s, email, customer };
}

/** A guest session (guest registration for checkout). */
export async function guestSession(call: StoreApiCall): Promise<Shopper> {
  const s = shopper(call);
  const res = await s.call('POST', '/account/register', {
    body: { guest: true, email: uniqueEmail('gast'), firstName: 'Anna', lastName: 'Muster', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
  });
  if (res.status !== 200) throw new Error(`guest registration failed: ${res.status} ${res.text}`);
  return s;
}

/** The newest outbox row of a template for a recipient. */
export function lastMail(db: Db, recipient: string, template: string): { subject: string; body_text: string; body_html: string; language_id: string } | undefined {
  return db
    .prepare('SELECT subject, body_text, body_html, language_id FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(recipient, template) as { subject: string; body_text: string; body_html: string; language_id: string } | undefined;
}

/** The links of a plain-text mail body. */
export function linksOf(text: string): URL[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
}
