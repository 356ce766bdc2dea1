import { join, resolve } from 'node:path';
import { readShopOrigins, type ShopOrigins } from './shop-origins';
import { readAbuseLimits, type AbuseLimits } from './domain/rate-limit';
import { readCorsOrigins } from './cors';

/** The embedded sales channel's access key unless STORE_API_ACCESS_KEY says otherwise. */
export const DEFAULT_ACCESS_KEY = 'SWSCPHARMACYCH0000000000001';

export interface StoreApiConfig {
  dataDir: string;
  databaseFile: string;
  mediaDir: string;
  accessKey: string;
  /** Criteria `limit` above this is refused with 400, as Shopware does for its configured max. */
  maxLimit: number;
  /**
   * FREE_SHIPPING_THRESHOLD_CHF: delivery costs nothing from this position price (CHF incl. VAT, after
   * promotions; the exact amount counts). SPEC §9 gives no amount; the default is CHF 50.
   */
  freeShippingThresholdChf: number;
  /** REGISTRATION_ENABLED=false closes POST /account/register ("Registration is not active!", SPEC §4). Default true. */
  registrationEnabled: boolean;
  /** New accounts confirm their email by a link before they can log in (SPEC §4 Registration). Default true. */
  registrationDoubleOptIn: boolean;
  /**
   * SMTP_URL (e.g. smtp://user:pass@mail.example:587 or smtps://…:465): when set, the mail outbox is delivered
   * through it (nodemailer); unset, mails stay in the outbox (readable at /dev/mailbox in development).
   */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every shop mail. Default "Apotheke <shop@apotheke.example>". */
  mailFrom: string;
  /** GET /dev/mailbox shows the outbox; only when NODE_ENV is not "production". */
  devMailbox: boolean;
  /** CONTEST_ENDS_AT (ISO date-time): entries to the contest are refused after it. Default 2026-12-31T23:59:59+01:00. */
  contestEndsAt: string;
  /**
   * The sales channel's domains (PUBLIC_ORIGIN, STOREFRONT_ORIGINS; ADR 0022): media URLs, mail links and the payment
   * page are built on `primary`; a storefrontUrl or a payment return URL must be one of `all`. Never the request's Host.
   */
  origins: ShopOrigins;
  /** STORE_API_CORS_ORIGINS: pages on these origins may call the Store API from a browser (cors.ts); default `origins.all`. */
  corsOrigins: readonly string[];
  /** Guest checkouts, registrations and mails per address, e-mail and recipient an hour (domain/rate-limit.ts, ADR 0022). */
  abuseLimits: AbuseLimits;
  /**
   * PAYMENT_SIMULATION: the embedded payment provider page (/payment-provider/{session}) pays, fails or cancels with a
   * click, no money moves. Default on for a local shop, off on a public host (PUBLIC_ORIGIN https): there a click
   * would mark orders paid and unlock downloads for free (issue 17). `true` turns it on anyway (logged as a warning,
   * the page shows a test-payment banner).
   */
  paymentSimulation: boolean;
  /**
   * Behave like a stock Shopware 6.7 without the shop plugin (ADR 0027): the plugin's routes answer 404 and the
   * plugin's extras on Shopware routes (Idempotency-Key and selectedCheckoutPharmacyId at the order) are ignored.
   * Only the tests set it (tests/support/stockShopware.ts), to prove the gateway holds the SPEC's rules on a real Shopware.
   */
  stockShopware: boolean;
}

export function readStoreApiConfig(env: NodeJS.ProcessEnv = process.env): StoreApiConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    dataDir,
    databaseFile: join(dataDir, 'shop.sqlite'),
    mediaDir: dataDir,
    accessKey: env.STORE_API_ACCESS_KEY || DEFAULT_ACCESS_KEY,
    maxLimit: 500,
    freeShippingThresholdChf: readFreeShippingThreshold(env.FREE_SHIPPING_THRESHOLD_CHF),
    registrationEnabled: env.REGISTRATION_ENABLED !== 'false' && env.REGISTRATION_ENABLED !== '0',
    registrationDoubleOptIn: env.REGISTRATION_DOUBLE_OPT_IN !== 'false' && env.REGISTRATION_DOUBLE_OPT_IN !== '0',
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    devMailbox: env.NODE_ENV !== 'production',
    contestEndsAt: readContestEndsAt(env.CONTEST_ENDS_AT),
    origins: readShopOrigins(env),
    corsOrigins: readCorsOrigins(env, readShopOrigins(env)),
    abuseLimits: readAbuseLimits(env),
    paymentSimulation: readPaymentSimulation(env.PAYMENT_SIMULATION, readShopOrigins(env).publicHost),

    stockShopware: false,
  };
}

/** true or false, or unset: then on for a local shop and off on a public host; anything else stops the start. */
function readPaymentSimulation(value: string | undefined, publicHost: boolean): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return !publicHost;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`PAYMENT_SIMULATION must be true or false, got "${value}"`);
}

/** The shop's default free-shipping threshold in CHF when FREE_SHIPPING_THRESHOLD_CHF is not set. */
export const DEFAULT_FREE_SHIPPING_THRESHOLD_CHF = 50;

/** A non-negative amount in CHF, or the default when unset; anything else stops the start with a clear message. */
function readFreeShippingThreshold(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_FREE_SHIPPING_THRESHOLD_CHF;
  const amount = Number(value.trim());
  if (!Number.isFinite(amount) || amount < 0) {
    throw new Error(`FREE_SHIPPING_THRESHOLD_CHF must be a non-negative amount in CHF (e.g. 50 or 49.90), got "${value}"`);
  }
  return Math.round(amount * 100) / 100;
}

export const DEFAULT_MAIL_FROM = 'Apotheke <shop@apotheke.example>';

/** An smtp:// or smtps:// URL, or null when unset; anything else stops the start with a clear message. */
function readSmtpUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let protocol: string;
  try {
    protocol = new URL(value.trim()).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // The value may hold a password: it is not repeated in the message.
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.ch:587');
  }
  return value.trim();
}

export const DEFAULT_CONTEST_ENDS_AT = '2026-12-31T23:59:59+01:00';

/** An ISO date-time (as UTC ISO string), or the default when unset; anything else stops the start with a clear message. */
function readContestEndsAt(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return new Date(DEFAULT_CONTEST_ENDS_AT).toISOString();
  const text = value.trim();
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(time)) throw new Error(`CONTEST_ENDS_AT must be an ISO date-time (e.g. 2026-12-31T23:59:59+01:00), got "${value}"`);
  return new Date(time).toISOString();
}
