import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { Db } from '../db/connection';
import { StoreApiError } from '../errors';

// Rate limits on attempts (failed logins, password recovery and contact requests), counted per key in the
// rate_limit table (migration 4) so they hold across restarts and across the processes sharing the database.
//
// A key counts attempts in a fixed window that starts with its first attempt; once `max` attempts are in the
// window, the key is blocked until the window ends and the caller gets 429 with the seconds to wait.
// Keys never contain an email in clear: `keyOf('login:email', email)` stores its SHA-256.

export interface RateLimit {
  /** e.g. loginEmailLimit(email).key */
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

const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Failed logins per account: 10 in 15 minutes (a successful login resets it). */
export function loginEmailLimit(email: string): RateLimit {
  return { key: keyOf('login:email', email), max: 10, windowSeconds: LOGIN_WINDOW_SECONDS };
}

/** Failed logins per client address: 30 in 15 minutes. */
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

/**
 * Account registrations per client address: 20 an hour, every attempt counted (an "already in use" answer tells
 * whether an email has an account, so probing costs the same as registering). Guest registrations are not
 * limited here: each is a checkout, and 200 shoppers behind one address may check out at once.
 */
export function registrationIpLimit(ip: string): RateLimit {
  return { key: keyOf('register:ip', ip), max: 20, windowSeconds: 3600 };
}

function read(db: Db, key: string): RateLimitRow | undefined {
  return db.prepare('SELECT * FROM rate_limit WHERE key = ?').get(key) as RateLimitRow | undefined;
}

/** Seconds until the key may try again, or 0 when it is not blocked. */
export function secondsBlocked(db: Db, limit: RateLimit, now = new Date()): number {
  const row = read(db, limit.key);
  if (!row?.blocked_until) return 0;
  const wait = Math.ceil((Date.parse(row.blocked_until) - now.getTime()) / 1000);
  return wait > 0 ? wait : 0;
}

let attemptsSincePrune = 0;

/** Counts one attempt; the attempt that reaches `max` blocks the key until its window ends. */
export function recordAttempt(db: Db, limit: RateLimit, now = new Date()): void {
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
    const blockedUntil = attempts >= limit.max ? new Date(Date.parse(windowStart) + windowMs).toISOString() : null;
    db.prepare(
      `INSERT INTO rate_limit (key, attempts, window_start, blocked_until) VALUES (?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET attempts = excluded.attempts, window_start = excluded.window_start, blocked_until = excluded.blocked_until`,
    ).run(limit.key, attempts, windowStart, blockedUntil);
  })();
}

export function resetLimit(db: Db, limit: RateLimit): void {
  db.prepare('DELETE FROM rate_limit WHERE key = ?').run(limit.key);
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
