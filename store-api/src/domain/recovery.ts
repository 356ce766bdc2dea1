import { createHash, randomBytes } from 'node:crypto';
import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { randomId } from '../ids';
import { prepared } from '../entities/system';
import { hashPassword, logoutOtherSessions, readNewPassword, type CustomerRow } from './customer';
import { FormChecker } from './shop-forms';
import { queueRecoveryMail } from './mail';
import { hitRateLimit, loginAccountCeiling, recoveryEmailLimit, recoveryIpLimit, resetLimit } from './rate-limit';
import { queuePasswordChangedMail } from './account-mails';

// Password recovery (SPEC §4 Password reset): a link with a random secret is mailed; only the secret's SHA-256 is
// stored (customer_recovery), valid 2 hours, good for one use, and a new request makes older links useless.
//
// Unlike Shopware (which answers success for any email), an email without an active account answers 404
// CHECKOUT__CUSTOMER_NOT_FOUND, because SPEC §5 shows "No customer found for the entered email". To keep that from
// becoming an enumeration oracle, requests are rate-limited per email (5 / 15 min) and per client address
// (10 / 15 min), known email or not: 429 FRAMEWORK__RATE_LIMIT_EXCEEDED with meta.parameters.waitTime.

export const RECOVERY_VALID_MS = 2 * 3600 * 1000;

interface RecoveryRow {
  id: string;
  customer_id: string;
  expires_at: string;
  used_at: string | null;
}

function digestOf(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}

/** The secret as it travels in links: 32 random bytes, base64url (43 characters). */
const HASH_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

/** POST /account/recovery-password { email, storefrontUrl }: mails the link `${storefrontUrl}/account/recover?hash=…`. */
export function requestRecovery(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null): void {
  const v = new FormChecker();
  const email = v.email('/email', body.email);
  const storefrontUrl = v.storefrontUrl(ctx, '/storefrontUrl', body.storefrontUrl);
  v.fail();
  hitRateLimit(ctx.db, [recoveryEmailLimit(email!), ...(clientIp ? [recoveryIpLimit(clientIp)] : [])]);

  const customer = prepared(ctx.db, 'SELECT * FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0 AND active = 1').get(email) as CustomerRow | undefined;
  if (!customer) {
    throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_NOT_FOUND', `No matching customer for the email "${email}" was found.`, { email });
  }
  const hash = randomBytes(32).toString('base64url');
  const now = new Date();
  ctx.db.transaction(() => {
    // One valid link at a time: a new request ends the older ones.
    prepared(ctx.db, 'DELETE FROM customer_recovery WHERE customer_id = ?').run(customer.id);
    prepared(ctx.db, 'INSERT INTO customer_recovery (id, customer_id, hash_digest, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      randomId(),
      customer.id,
      digestOf(hash),
      now.toISOString(),
      new Date(now.getTime() + RECOVERY_VALID_MS).toISOString(),
    );
    queueRecoveryMail(ctx.db, {
      customerId: customer.id,
      email: customer.email,
      // The language the shopper asked in (the link's storefront page is in it too).
      languageId: ctx.languageId,
      firstName: customer.first_name,
      lastName: customer.last_name,
      resetUrl: `${storefrontUrl}/account/recover?hash=${hash}`,
    });
  })();
}

type HashState = { state: 'valid'; row: RecoveryRow } | { state: 'expired'; row: RecoveryRow } | { state: 'notFound' };

function lookup(ctx: SalesChannelContext, hash: unknown, now = new Date()): HashState {
  if (typeof hash !== 'string' || !HASH_PATTERN.test(hash)) return { state: 'notFound' };
  const row = prepared(
    ctx.db,
    `SELECT r.id, r.customer_id, r.expires_at, r.used_at FROM customer_recovery r JOIN customer c ON c.id = r.customer_id
     WHERE r.hash_digest = ? AND c.guest = 0 AND c.active = 1`,
  ).get(digestOf(hash)) as RecoveryRow | undefined;
  if (!row || row.used_at) return { state: 'notFound' };
  if (Date.parse(row.expires_at) <= now.getTime()) return { state: 'expired', row };
  return { state: 'valid', row };
}

/** POST /account/recovery-password/check { hash } (shop extension): may the reset form be shown? */
export function checkRecoveryHash(ctx: SalesChannelContext, body: Record<string, unknown>): { valid: boolean; expired: boolean } {
  const found = lookup(ctx, body.hash);
  return { valid: found.state === 'valid', expired: found.state === 'expired' };
}

/**
 * POST /account/recovery-password-confirm { hash, newPassword, newPasswordConfirm }: sets the password. Password
 * rules first (400 violations), then the link: unknown or used 404 CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH, expired 400
 * CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED. Every session of the customer is logged out; the login limit of the
 * account is lifted (whoever holds the mailbox holds the account).
 */
export async function confirmRecovery(ctx: SalesChannelContext, body: Record<string, unknown>): Promise<void> {
  const v = new FormChecker();
  const hashText = v.text('/hash', body.hash, { required: true, max: 128 });
  const newPassword = readNewPassword(v, '/newPassword', body.newPassword, { pointer: '/newPasswordConfirm', value: body.newPasswordConfirm });
  v.fail();
  const found = lookup(ctx, hashText);
  if (found.state === 'notFound') {
    throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH', 'No matching customer for the hash was found.', {});
  }
  if (found.state === 'expired') {
    throw StoreApiError.of(400, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED', 'The password recovery link has expired.', {});
  }
  const passwordHash = await hashPassword(newPassword!);
  const customerId = found.row.customer_id;
  ctx.db.transaction(() => {
    // Claimed inside the transaction: two confirmations racing with one link set one password.
    const now = new Date().toISOString();
    const claimed = prepared(ctx.db, 'UPDATE customer_recovery SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, found.row.id).changes === 1;
    if (!claimed) throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH', 'No matching customer for the hash was found.', {});
    prepared(ctx.db, 'UPDATE customer SET password_hash = ?, updated_at = ? WHERE id = ?').run(passwordHash, now, customerId);
    prepared(ctx.db, 'DELETE FROM customer_recovery WHERE customer_id = ? AND id <> ?').run(customerId, found.row.id);
    logoutOtherSessions(ctx, customerId, null);
    const customer = prepared(ctx.db, 'SELECT email, first_name, last_name FROM customer WHERE id = ?').get(customerId) as { email: string; first_name: string; last_name: string };
    resetLimit(ctx.db, loginAccountCeiling(customer.email));
    queuePasswordChangedMail(ctx.db, { customerId, languageId: ctx.languageId, firstName: customer.first_name, lastName: customer.last_name }, customer.email);
  })();
}
