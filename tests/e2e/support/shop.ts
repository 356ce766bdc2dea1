import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Helpers shared by the e2e journeys: the shop's /graphql, its SQLite database (read-only; production mode
// has no /dev/mailbox, so mails are read from the outbox), React's hydration and accounts made through the
// Store API.

export const ACCESS_KEY = 'SWSCPHARMACYCH0000000000001';

/** Sends a query to the shop's /graphql; answers its data, failing the test on an HTTP or GraphQL error. */
export async function graph<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

export interface FoundProduct {
  productId: string;
  name: string;
  url: string;
  available: boolean;
  availableStock: number;
  minPurchase: number;
  clickAndCollectOnly: boolean;
  prescriptionRequired: boolean;
  isDownload: boolean;
  variants: { productId: string }[];
}

/** The graph's search for a term (up to 100 products), with what the journeys need to pick one. */
export async function searchProducts(request: APIRequestContext, term: string): Promise<FoundProduct[]> {
  const data = await graph<{ search: { nodes: FoundProduct[] } }>(
    request,
    `query ($term: String!) { search(term: $term, limit: 100) { nodes {
      productId name url available availableStock minPurchase clickAndCollectOnly prescriptionRequired isDownload variants { productId }
    } } }`,
    { term },
  );
  return data.search.nodes;
}

/** In stock (at least two, and the minimum purchase) and without variants to choose. */
export const isBuyable = (product: FoundProduct) => product.available && product.availableStock >= Math.max(2, product.minPurchase) && product.variants.length === 0;

/** Sent by post: neither Click & Collect only, nor on prescription, nor a download. */
export const isDelivery = (product: FoundProduct) => !product.clickAndCollectOnly && !product.prescriptionRequired && !product.isDownload;

const SEARCH_TERMS = ['Vitamin', 'Tabletten', 'Kapseln', 'Creme', 'Tropfen', 'Spray', 'Salbe', 'Tee', 'Sirup', 'Pflaster', 'Gel', 'Lutschtabletten'];

/** As many different buyable products of the kind asked for as wanted, from the graph's search (never hard-coded). */
export async function findProducts(request: APIRequestContext, wanted: (product: FoundProduct) => boolean, count = 1): Promise<FoundProduct[]> {
  const found = new Map<string, FoundProduct>();
  for (const term of SEARCH_TERMS) {
    for (const product of await searchProducts(request, term)) {
      if (isBuyable(product) && wanted(product)) found.set(product.productId, product);
      if (found.size === count) return [...found.values()];
    }
  }
  throw new Error(`fewer than ${count} such products in the seeded catalogue`);
}

/** Reads the server's SQLite database (read-only). */
export function readShop<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'shop.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The text of the newest mail of a template to an address, once it is in the outbox. */
export async function mailTo(recipient: string, template: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      () => {
        const [row] = readShop<{ body: string }>('SELECT body_text AS body FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at DESC, rowid DESC LIMIT 1', recipient, template);
        body = row?.body ?? '';
        return body;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return body;
}

/** The first link of a mail whose path contains `path`, as path and query on this server (the mail carries the shop's public origin). */
export function linkIn(body: string, path: string): string {
  const url = body.match(/https?:\/\/[^\s"<>]+/g)?.map((found) => new URL(found)).find((found) => found.pathname.includes(path));
  expect(url, `no link to ${path} in the mail:\n${body}`).toBeTruthy();
  return `${url!.pathname}${url!.search}`;
}

/** The link to `path` in the newest mail of a template to an address, once it is in the outbox. */
export const mailedLink = async (recipient: string, template: string, path: string) => linkIn(await mailTo(recipient, template), path);

/** Waits until React has taken over the server's HTML of the element (handlers attached). */
export async function hydrated(page: Page, selector = '#root'): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return !!element && Object.keys(element).some((key) => key.startsWith('__react'));
  }, selector);
}

interface AccountData {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** An account registered through the Store API, waiting for its confirmation link (double opt-in). */
export async function registeredAccount(request: APIRequestContext, { email, password, firstName, lastName }: AccountData): Promise<void> {
  const { countries } = await graph<{ countries: { id: string; iso: string }[] }>(request, '{ countries { id iso } }');
  const countryId = countries.find((country) => country.iso === 'CH')!.id;
  const registered = await request.post('/store-api/account/register', {
    headers: { 'sw-access-key': ACCESS_KEY },
    data: {
      email,
      password,
      firstName,
      lastName,
      acceptedDataProtection: true,
      billingAddress: { firstName, lastName, street: 'Marktgasse 5', zipcode: '3011', city: 'Bern', countryId },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
}

/** An active account, registered and confirmed through the Store API as the confirmation link would. */
export async function confirmedAccount(request: APIRequestContext, account: AccountData): Promise<void> {
  const { email } = account;
  await registeredAccount(request, account);
  const [row] = readShop<{ hash: string | null }>('SELECT double_opt_in_hash AS hash FROM customer WHERE email = ? AND guest = 0', email);
  expect(row?.hash).toBeTruthy();
  const confirmed = await request.post('/store-api/account/register-confirm', {
    headers: { 'sw-access-key': ACCESS_KEY },
    data: { hash: row!.hash, em: createHash('sha1').update(email.toLowerCase()).digest('hex') },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/**
 * A shopper who already answered the consent banner (only the necessary cookies, or the categories given): the
 * banner (ADR 0029) stays closed and does not push the page down or take the first Tab.
 */
export async function consentGiven(page: Page, origin: string, granted: readonly ('statistics' | 'marketing' | 'externalMedia')[] = []): Promise<void> {
  await page.context().addCookies([{ name: 'cookie_consent', value: granted.length ? granted.join('.') : 'none', url: origin }]);
}
