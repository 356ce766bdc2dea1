import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { cachedStatement } from '../dal/statements';
import type { Db } from '../db/connection';
import { StoreApiError } from '../errors';

// Rate limits on attempts (failed logins, password recovery and contact requests), counted per key in the
// rate_limit table (migration 4) so they hold across restarts and across the processes sharing the database.
//
// A key counts attempts in a fixed window that starts with its first attempt; once `max` attempts are in the
// window, the key is blocked until the window ends and the caller gets 429 with the seconds to wait.
// Keys never contain an email in clear: `keyOf('login:email', email)` stores its SHA-256.

export interface RateLimit {
  /** e.g. loginIpLimit(ip).key */
  key: string;
  /** attempts allowed in the window */
  max: number;
  windowSeconds: number;
}

interface RateLimitRow {
  key: string;
  attempts: number;
  window_start: string;
  blocked_until: string | null;
}

/** A key for a subject (email, IP address) that keeps the subject itself out of the table. */
export function keyOf(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject.trim().toLowerCase()).digest('hex')}`;
}

/**
 * A limit whose block grows instead of lasting the rest of the window: the first `max` − 1 failures are free, the
 * `max`-th makes the key wait `firstDelaySeconds`, every further one twice as long as the one before, up to
 * `maxDelaySeconds`. The count lasts `windowSeconds` from the first failure (a successful login resets it).
 */
export interface GrowingDelayLimit extends RateLimit {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

const LOGIN_WINDOW_SECONDS = 15 * 60;

// Failed logins (issue 17 item 7). A limit per account alone lets anybody lock any account by typing wrong
// passwords (it used to: 10 in 15 minutes locked the owner out too). So:
// - per (client address, account) pair, growing delays: 4 free failures, then 30 s, 60 s, 120 s … up to 15 min.
//   The attacker's address slows down on that account; the owner's other addresses never see its count.
// - per client address over all accounts: 30 in 15 minutes, against one address spraying passwords over many accounts.
// - per account only a high ceiling (100 failures an hour, more than 10 addresses' worth of pair delays): past it,
//   only addresses that have not failed on the account get their password checked (the owner's phone or office),
//   so a botnet cannot guess on and cannot lock the owner out either.

/** Failed logins per client address and account: the 5th failure waits 30 s, each further one twice as long (max 15 min). */
export function loginPairLimit(ip: string | null, email: string): GrowingDelayLimit {
  return { key: keyOf('login:pair', `${ip ?? 'unknown'} ${email}`), max: 5, windowSeconds: 3600, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60 };
}

/** Failed logins per account over all addresses: a ceiling of 100 an hour (see above: it blocks only failing addresses). */
export function loginAccountCeiling(email: string): RateLimit {
  return { key: keyOf('login:email', email), max: 100, windowSeconds: 3600 };
}

/** Failed logins per client address over all accounts: 30 in 15 minutes. */
export function loginIpLimit(ip: string): RateLimit {
  return { key: keyOf('login:ip', ip), max: 30, windowSeconds: LOGIN_WINDOW_SECONDS };
}

/** Password recovery requests per email: 5 in 15 minutes (known or not, so probing costs the same). */
export function recoveryEmailLimit(email: string): RateLimit {
  return { key: keyOf('recovery:email', email), max: 5, windowSeconds: 15 * 60 };
}

/** Password recovery requests per client address: 10 in 15 minutes, against probing many emails. */
export function recoveryIpLimit(ip: string): RateLimit {
  return { key: keyOf('recovery:ip', ip), max: 10, windowSeconds: 15 * 60 };
}

/** Registration links mailed again per email: 3 in 15 minutes (known or not, so probing costs the same). */
export function optInResendEmailLimit(email: string): RateLimit {
  return { key: keyOf('optin-resend:email', email), max: 3, windowSeconds: 15 * 60 };
}

/** Registration links mailed again per client address: 10 in 15 minutes, against probing many emails. */
export function optInResendIpLimit(ip: string): RateLimit {
  return { key: keyOf('optin-resend:ip', ip), max: 10, windowSeconds: 15 * 60 };
}

/**
 * Account registrations per client address: 20 an hour by default (ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR), every
 * attempt counted (an "already in use" answer tells whether an email has an account, so probing costs the same as
 * registering). Guest registrations have their own, higher limit (guestRegistrationIpLimit): each is a checkout, and
 * 200 shoppers behind one address may check out at once.
 */
export function registrationIpLimit(db: Db, ip: string): RateLimit {
  return { key: keyOf('register:ip', ip), max: abuseLimitsOf(db).accountRegistrationsPerAddress, windowSeconds: 3600 };
}

// --- guest checkouts and shop mails (issue 17 item 6) --------------------------------------------------

/**
 * Limits against order and mail floods (one client placed 1,589 guest orders in 30 s, each mailing a shop-branded
 * confirmation with its own name text to any address). Counted per hour; env settings (README, Configuration).
 *
 * Per client address: 300. `npm run bench` places 200 guest checkouts at once from 127.0.0.1, the Playwright suite
 * some dozens more, and a company or mobile network puts many shoppers behind one address; 300 leaves them all
 * room while a flood stops after 300 orders instead of ~190,000 an hour. Per e-mail: 10 — nobody checks out as
 * the same guest ten times an hour, and a stranger's inbox gets at most 10 orders' mails from one address.
 * Per mail recipient: 10 mails an hour over all the shop's mails to shoppers (registration, recovery, newsletter,
 * orders, contest, prescriptions); the ones over it are not written (logged) — the change itself goes through.
 */
export interface AbuseLimits {
  /** GUEST_CHECKOUTS_PER_ADDRESS_PER_HOUR: guest registrations, and guest orders, per client address (each counted apart) */
  guestCheckoutsPerAddress: number;
  /** CHECKOUTS_PER_EMAIL_PER_HOUR: guest orders, guest registrations and account registrations per e-mail */
  checkoutsPerEmail: number;
  /** MAILS_PER_RECIPIENT_PER_HOUR: mails the shop writes to one address */
  mailsPerRecipient: number;
  /** ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR: account registrations per client address */
  accountRegistrationsPerAddress: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { guestCheckoutsPerAddress: 300, checkoutsPerEmail: 10, mailsPerRecipient: 10, accountRegistrationsPerAddress: 20 };

/** The limits from the environment; a value that is not a whole number ≥ 1 stops the start with a clear message. */
export function readAbuseLimits(env: NodeJS.ProcessEnv): AbuseLimits {
  const read = (name: string, fallback: number): number => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a whole number of at least 1, got "${env[name]}"`);
    return Number(value);
  };
  return {
    guestCheckoutsPerAddress: read('GUEST_CHECKOUTS_PER_ADDRESS_PER_HOUR', DEFAULT_ABUSE_LIMITS.guestCheckoutsPerAddress),
    checkoutsPerEmail: read('CHECKOUTS_PER_EMAIL_PER_HOUR', DEFAULT_ABUSE_LIMITS.checkoutsPerEmail),
    mailsPerRecipient: read('MAILS_PER_RECIPIENT_PER_HOUR', DEFAULT_ABUSE_LIMITS.mailsPerRecipient),
    accountRegistrationsPerAddress: read('ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR', DEFAULT_ABUSE_LIMITS.accountRegistrationsPerAddress),
  };
}

const abuseLimitsByDb = new WeakMap<Db, AbuseLimits>();

/** Binds the Store API's configured limits to its database (routes/cart.ts, for every request). */
export function configureAbuseLimits(db: Db, limits: AbuseLimits): void {
  abuseLimitsByDb.set(db, limits);
}

export function abuseLimitsOf(db: Db): AbuseLimits {
  return abuseLimitsByDb.get(db) ?? DEFAULT_ABUSE_LIMITS;
}

const HOUR = 3600;

/** Guest registrations per client address. */
export function guestRegistrationIpLimit(db: Db, ip: string): RateLimit {
  return { key: keyOf('register:guest-ip', ip), max: abuseLimitsOf(db).guestCheckoutsPerAddress, windowSeconds: HOUR };
}

/** Registrations (guest or account) per e-mail. */
export function registrationEmailLimit(db: Db, email: string): RateLimit {
  return { key: keyOf('register:email', email), max: abuseLimitsOf(db).checkoutsPerEmail, windowSeconds: HOUR };
}

/** Guest orders placed per client address. */
export function guestOrderIpLimit(db: Db, ip: string): RateLimit {
  return { key: keyOf('order:guest-ip', ip), max: abuseLimitsOf(db).guestCheckoutsPerAddress, windowSeconds: HOUR };
}

/** Guest orders placed per e-mail. */
export function guestOrderEmailLimit(db: Db, email: string): RateLimit {
  return { key: keyOf('order:guest-email', email), max: abuseLimitsOf(db).checkoutsPerEmail, windowSeconds: HOUR };
}

/** Mails written to one recipient. */
export function mailRecipientLimit(db: Db, email: string): RateLimit {
  return { key: keyOf('mail:recipient', email), max: abuseLimitsOf(db).mailsPerRecipient, windowSeconds: HOUR };
}

function read(db: Db, key: string): RateLimitRow | undefined {
  return cachedStatement(db, 'SELECT * FROM rate_limit WHERE key = ?').get(key) as RateLimitRow | undefined;
}

/** Seconds until the key may try again, or 0 when it is not blocked. */
export function secondsBlocked(db: Db, limit: RateLimit, now = new Date()): number {
  const row = read(db, limit.key);
  if (!row?.blocked_until) return 0;
  const wait = Math.ceil((Date.parse(row.blocked_until) - now.getTime()) / 1000);
  return wait > 0 ? wait : 0;
}

let attemptsSincePrune = 0;

/** Attempts counted for the key in its current window (0 when none or the window is over). */
export function attemptsOf(db: Db, limit: RateLimit, now = new Date()): number {
  const row = read(db, limit.key);
  return row && now.getTime() - Date.parse(row.window_start) < limit.windowSeconds * 1000 ? row.attempts : 0;
}

/**
 * Counts one attempt; the attempt that reaches `max` blocks the key until its window ends — or, for a
 * GrowingDelayLimit, for its growing delay from now.
 */
export function recordAttempt(db: Db, limit: RateLimit | GrowingDelayLimit, now = new Date()): void {
  attemptsSincePrune += 1;
  if (attemptsSincePrune >= 1000) {
    attemptsSincePrune = 0;
    pruneRateLimits(db, undefined, now);
  }
  db.transaction(() => {
    const row = read(db, limit.key);
    const windowMs = limit.windowSeconds * 1000;
    const expired = !row || now.getTime() - Date.parse(row.window_start) >= windowMs;
    const windowStart = expired ? now.toISOString() : row.window_start;
    const attempts = expired ? 1 : row.attempts + 1;
    let blockedUntil = attempts >= limit.max ? new Date(Date.parse(windowStart) + windowMs).toISOString() : null;
    if ('firstDelaySeconds' in limit && attempts >= limit.max) {
      const delay = Math.min(limit.maxDelaySeconds, limit.firstDelaySeconds * 2 ** Math.min(30, attempts - limit.max));
      blockedUntil = new Date(now.getTime() + delay * 1000).toISOString();
    }
    cachedStatement(
      db,
      `INSERT INTO rate_limit (key, attempts, window_start, blocked_until) VALUES (?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET attempts = excluded.attempts, window_start = excluded.window_start, blocked_until = excluded.blocked_until`,
    ).run(limit.key, attempts, windowStart, blockedUntil);
  })();
}

export function resetLimit(db: Db, limit: RateLimit): void {
  cachedStatement(db, 'DELETE FROM rate_limit WHERE key = ?').run(limit.key);
}

/** The error of a blocked key: 429 with the seconds to wait in meta.parameters (waitTime and seconds). */
export function throttled(code: string, waitTime: number): StoreApiError {
  const detail =
    code === 'CHECKOUT__CUSTOMER_AUTH_THROTTLED' ? `Customer auth throttled for ${waitTime} seconds.` : `Too many requests, try again in ${waitTime} seconds.`;
  return StoreApiError.of(429, code, detail, { waitTime, seconds: waitTime });
}

/** Throws 429 when any of the limits is blocked (the longest wait is answered). */
export function assertNotBlocked(db: Db, limits: RateLimit[], code: string, now = new Date()): void {
  const wait = Math.max(0, ...limits.map((limit) => secondsBlocked(db, limit, now)));
  if (wait > 0) throw throttled(code, wait);
}

/**
 * For requests that count whether they succeed or not (recovery mails, contact form): refuses a blocked key,
 * else counts this request. J2's contact form: `hitRateLimit(ctx.db, [{ key: keyOf('contact:ip', ip), max: 5,
 * windowSeconds: 600 }])`, skipped when the client address is unknown.
 */
export function hitRateLimit(db: Db, limits: RateLimit[], code = 'FRAMEWORK__RATE_LIMIT_EXCEEDED', now = new Date()): void {
  assertNotBlocked(db, limits, code, now);
  for (const limit of limits) recordAttempt(db, limit, now);
}

/** Old rows are of no use once their window and block are over; removed now and then. */
export function pruneRateLimits(db: Db, olderThanSeconds = 24 * 3600, now = new Date()): void {
  const before = new Date(now.getTime() - olderThanSeconds * 1000).toISOString();
  db.prepare('DELETE FROM rate_limit WHERE window_start < ? AND (blocked_until IS NULL OR blocked_until < ?)').run(before, now.toISOString());
}

// --- the client's address -------------------------------------------------------------------------------

/**
 * The Store API's env binding with the shopper's address, set by the embedded back end (store-api/src/embedded.ts):
 * the socket's remote address for requests that came over TCP, the `x-shop-client-ip` header only for requests
 * handed to the embedded app's own `fetch` in process (the gateway's calls) — a header arriving over TCP is
 * never believed.
 */
export const CLIENT_IP_BINDING = 'shopClientIp';

/** The header the gateway sets on its in-process calls with the shopper's address. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/** A syntactically valid IPv4/IPv6 address (an IPv4-mapped IPv6 address is answered as IPv4), or null. */
export function normaliseIp(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let ip = value.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) ip = ip.slice(7);
  return isIP(ip) ? ip.toLowerCase() : null;
}

/**
 * The request's client address as the embedded back end determined it, or — when the Store API app is served
 * by @hono/node-server directly — the socket's. null when unknown (a test calling the Store API app in
 * process without an address): the per-address limits are then skipped; the per-account ones still hold.
 */
export function clientIpOf(c: Context): string | null {
  const env = (c.env ?? {}) as Record<string, unknown> & { incoming?: { socket?: { remoteAddress?: string } } };
  if (typeof env[CLIENT_IP_BINDING] === 'string') return normaliseIp(env[CLIENT_IP_BINDING]);
  return normaliseIp(env.incoming?.socket?.remoteAddress);
}
