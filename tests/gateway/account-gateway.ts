import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { expect } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGateway } from '../../gateway/src/yoga';
import { createAccountFiles } from '../../server/account-files';
import type { GqlOptions, GqlResult, StoreCall } from '../support/gateway';
import { ORIGIN, openPrivateTestShop, type TestShopOptions } from '../support/shop';
import { browser, type Browser } from './shop-session';

// The gateway of the issue-6 account tests over the REAL embedded Store API on a private copy of the seeded
// shop, with the shop at hand: its outbox holds the mails whose links a shopper would click, and its provider
// page pays orders. Every Store API call is counted; `outage` makes paths fail like a dead network.

export type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;

export interface AccountGateway {
  shop: Shop;
  gql(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<GqlResult>;
  /** the account file routes (server/account-files.ts) on the same shop */
  files: ReturnType<typeof createAccountFiles>;
  /** the Store API target the gateway calls (counted, with outages) */
  target: ReturnType<typeof storeApiTarget>;
  calls: StoreCall[];
  /** Store API paths that fail as if the network were down */
  outage: RegExp | null;
  switzerlandId: string;
  payment: Record<string, string>;
  close(): void;
}

export async function openAccountGateway(options: TestShopOptions = {}): Promise<AccountGateway> {
  const shop = await openPrivateTestShop(options);
  const calls: StoreCall[] = [];
  const state: { outage: RegExp | null } = { outage: null };
  const app = {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
      calls.push({ method: request.method, path: url.pathname + url.search, body, headers: new Headers(request.headers) });
      if (state.outage?.test(url.pathname)) throw new TypeError('fetch failed');
      return shop.app.fetch(request);
    },
  };
  const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }, shop.config.accessKey);
  const target = storeApiTarget(config, { app, config: shop.config }, { publicOrigin: ORIGIN });
  const gateway = createGateway({ config, target, logger: pino({ level: 'silent' }) });
  const gql: AccountGateway['gql'] = async (query, variables, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...options.headers };
    if (options.cookies) headers.cookie = Object.entries(options.cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    const before = calls.length;
    const response = await gateway.fetch(new Request(options.url ?? `${ORIGIN}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }));
    return { status: response.status, body: (await response.json()) as GqlResult['body'], headers: response.headers, storeCalls: calls.length - before };
  };
  const lists = await gql('{ countries { id iso } checkout { paymentMethods { id technicalName } } }');
  const switzerlandId = (lists.body.data.countries as { id: string; iso: string }[]).find((c) => c.iso === 'CH')!.id;
  const payment = Object.fromEntries((lists.body.data.checkout.paymentMethods as { id: string; technicalName: string }[]).map((m) => [m.technicalName, m.id]));
  const result: AccountGateway = {
    shop,
    gql,
    files: createAccountFiles({ target }),
    target,
    calls,
    get outage() {
      return state.outage;
    },
    set outage(value) {
      state.outage = value;
    },
    switzerlandId,
    payment,
    close: () => shop.close(),
  };
  return result;
}

export const PASSWORD = 'Sicher-12345';

export function uniqueEmail(prefix = 'kundin'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.ch`;
}

export function swissAddress(gw: AccountGateway, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: gw.switzerlandId, ...overrides };
}

interface OutboxMail {
  template: string;
  recipient: string;
  subject: string;
  body_text: string;
}

/** The mails the shop queued for an address, oldest first. */
export function mailsTo(gw: AccountGateway, email: string, template?: string): OutboxMail[] {
  const rows = gw.shop.db.prepare('SELECT template, recipient, subject, body_text FROM mail_outbox WHERE recipient = ? ORDER BY created_at, rowid').all(email) as OutboxMail[];
  return template ? rows.filter((row) => row.template === template) : rows;
}

/** The first http(s) link of the newest mail of a template to an address. */
export function linkOf(gw: AccountGateway, email: string, template: string): URL {
  const mail = mailsTo(gw, email, template).at(-1);
  if (!mail) throw new Error(`no ${template} mail to ${email}`);
  const match = /https?:\/\/[^\s<>"]+/.exec(mail.body_text);
  if (!match) throw new Error(`no link in the ${template} mail`);
  return new URL(match[0]);
}

export const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { viewer { email active loggedIn } errors { code message field } } }`;
export const CONFIRM = `mutation ($input: ConfirmRegistrationInput!) { confirmRegistration(input: $input) { viewer { email active loggedIn } errors { code message field } } }`;
export const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { viewer { email loggedIn } errors { code message field } } }`;
export const LOGOUT = `mutation { logout { viewer { email } errors { code } } }`;

/** A browser that registered an account (German pages), confirmed it from the mail's link and is logged in. */
export async function registeredCustomer(gw: AccountGateway, options: { email?: string; password?: string } = {}): Promise<{ shopper: Browser; email: string }> {
  const email = options.email ?? uniqueEmail();
  const shopper = browser(gw);
  const registered = await shopper.gql(REGISTER, {
    input: {
      guest: false,
      email,
      password: options.password ?? PASSWORD,
      firstName: 'Anna',
      lastName: 'Muster',
      billingAddress: swissAddress(gw),
      acceptedDataProtection: true,
    },
  });
  expect(registered.body.data.register.errors).toEqual([]);
  const link = linkOf(gw, email, 'customer_register.double_opt_in');
  const confirmed = await shopper.gql(CONFIRM, { input: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } });
  expect(confirmed.body.data.confirmRegistration.errors).toEqual([]);
  expect(confirmed.body.data.confirmRegistration.viewer).toMatchObject({ email, active: true, loggedIn: true });
  return { shopper, email };
}

/** The shopper presses a button on the embedded provider page; answers where the provider sends them. */
export async function onProviderPage(gw: AccountGateway, redirectUrl: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<string> {
  const response = await gw.shop.app.fetch(
    new Request(new URL(redirectUrl, ORIGIN), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` }),
  );
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

/** The browser's cookies as a Cookie header. */
export function cookieHeader(shopper: Browser): string {
  return Object.entries(shopper.cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}

export { browser, ORIGIN, type Browser };
