import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, linkIn, loggedIn, mailsTo, PASSWORD, violations } from './account-session';
import { shopper, uniqueEmail } from './checkout-fixtures';

// Password recovery (SPEC §4 Password reset, §5) end to end on the Store API: the mail with its one-use link in
// the shopper's language, the link checked and redeemed, and the bad inputs: unknown email, expired link, reused
// link, older links after a new request, foreign storefront URL, passwords that do not match, too many requests.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const TEMPLATE = 'customer.recovery.request';

async function requestRecovery(email: string, options: { storefrontUrl?: string; languageId?: string; ip?: string } = {}) {
  return shopper(shop.call, options.languageId).call('POST', '/account/recovery-password', {
    body: { email, storefrontUrl: options.storefrontUrl ?? 'http://shop.test' },
    headers: options.ip ? { 'x-shop-client-ip': options.ip } : {},
  });
}

function lastRecoveryHash(email: string): string {
  const mails = mailsTo(shop.db, email, TEMPLATE);
  const hash = linkIn(mails.at(-1)!).searchParams.get('hash');
  if (!hash) throw new Error('no hash in the recovery link');
  return hash;
}

async function confirm(hash: string, newPassword = 'Neu-Sicher-456', newPasswordConfirm = newPassword) {
  return shopper(shop.call).call('POST', '/account/recovery-password-confirm', { body: { hash, newPassword, newPasswordConfirm } });
}

async function check(hash: string) {
  return (await shopper(shop.call).call('POST', '/account/recovery-password/check', { body: { hash } })).json;
}

describe('password recovery', () => {
  it('mails a one-use link; the new password works, the old one not, and the link cannot be used again', async () => {
    const email = await activeAccount(shop);
    const other = await loggedIn(shop, email);
    const res = await requestRecovery(email.toUpperCase(), { storefrontUrl: 'http://shop.test/fr' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true });

    const [mail] = mailsTo(shop.db, email, TEMPLATE);
    expect(mail).toBeDefined();
    const link = linkIn(mail!);
    expect(`${link.origin}${link.pathname}`).toBe('http://shop.test/fr/account/recover');
    const hash = link.searchParams.get('hash')!;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.body_html).toContain(`href="http://shop.test/fr/account/recover?hash=${hash}"`);
    // Only the SHA-256 of the secret is stored; it expires two hours after the request.
    const row = shop.db.prepare('SELECT r.* FROM customer_recovery r JOIN customer c ON c.id = r.customer_id WHERE c.email = ?').get(email) as {
      hash_digest: string;
      created_at: string;
      expires_at: string;
    };
    expect(row.hash_digest).toBe(createHash('sha256').update(hash).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(hash);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(2 * 3600 * 1000);

    expect(await check(hash)).toMatchObject({ valid: true, expired: false });
    const confirmed = await confirm(hash);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ success: true });

    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: PASSWORD } })).status).toBe(401);
    await loggedIn(shop, email, 'Neu-Sicher-456');
    // Sessions logged in before the reset are logged out.
    expect((await other.call('POST', '/account/customer', { body: {} })).status).toBe(403);

    // Reused link.
    expect(await check(hash)).toMatchObject({ valid: false, expired: false });
    const reused = await confirm(hash, 'Noch-Neuer-789');
    expect(reused.status).toBe(404);
    expect(reused.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH');
    await loggedIn(shop, email, 'Neu-Sicher-456');
  });

  it('refuses an expired link', async () => {
    const email = await activeAccount(shop);
    await requestRecovery(email);
    const hash = lastRecoveryHash(email);
    shop.db
      .prepare("UPDATE customer_recovery SET expires_at = ? WHERE customer_id = (SELECT id FROM customer WHERE email = ?)")
      .run(new Date(Date.now() - 1000).toISOString(), email);
    expect(await check(hash)).toMatchObject({ valid: false, expired: true });
    const res = await confirm(hash);
    expect(res.status).toBe(400);
    expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED');
    await loggedIn(shop, email, PASSWORD);
  });

  it('makes older links useless when a new one is requested', async () => {
    const email = await activeAccount(shop);
    await requestRecovery(email);
    const first = lastRecoveryHash(email);
    await requestRecovery(email);
    const second = lastRecoveryHash(email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(404);
    expect((await confirm(second)).status).toBe(200);
  });

  it('answers 404 CHECKOUT__CUSTOMER_NOT_FOUND for an email without an active account, and mails nothing', async () => {
    const unknown = uniqueEmail('niemand');
    const res = await requestRecovery(unknown);
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_FOUND');
    expect(mailsTo(shop.db, unknown)).toEqual([]);
  });

  it('validates the request and the new password', async () => {
    const email = await activeAccount(shop);
    const bad = await requestRecovery('keine-email', { storefrontUrl: 'https://evil.example' });
    expect(bad.status).toBe(400);
    expect(violations(bad.json)).toEqual(['/email VIOLATION::INVALID_EMAIL_FORMAT_ERROR', '/storefrontUrl VIOLATION::NO_SUCH_CHOICE_ERROR']);

    await requestRecovery(email);
    const hash = lastRecoveryHash(email);
    const mismatch = await confirm(hash, 'Neu-Sicher-456', 'Neu-Sicher-457');
    expect(mismatch.status).toBe(400);
    expect(violations(mismatch.json)).toEqual(['/newPasswordConfirm VIOLATION::EQUAL_TO_ERROR']);
    expect(violations((await confirm(hash, 'kurz')).json)).toEqual(['/newPassword VIOLATION::TOO_SHORT_ERROR']);
    const unknownHash = await confirm('A'.repeat(43));
    expect(unknownHash.status).toBe(404);
    expect(unknownHash.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH');
    expect(await check('<script>')).toMatchObject({ valid: false });
    // The link still works after the refused attempts.
    expect((await confirm(hash)).status).toBe(200);
  });

  it('writes the mail in the language of the request (de, it, fr)', async () => {
    const subjects: Record<string, string> = {};
    for (const [key, languageId] of Object.entries(LANGUAGE_ID)) {
      const email = await activeAccount(shop);
      expect((await requestRecovery(email, { languageId })).status).toBe(200);
      const [mail] = mailsTo(shop.db, email, TEMPLATE);
      expect(mail!.language_id).toBe(languageId);
      expect(mail!.body_html).toContain(`<html lang="${key}">`);
      subjects[key] = mail!.subject;
    }
    expect(subjects).toEqual({ de: 'Passwort zurücksetzen', it: 'Reimpostare la password', fr: 'Réinitialiser le mot de passe' });
  });

  it('limits requests per email and per client address (429 with the seconds to wait)', async () => {
    const email = await activeAccount(shop);
    for (let i = 0; i < 5; i += 1) expect((await requestRecovery(email)).status).toBe(200);
    const sixth = await requestRecovery(email);
    expect(sixth.status).toBe(429);
    expect(sixth.json.errors[0]).toMatchObject({ code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED', status: '429' });
    expect(sixth.json.errors[0].meta.parameters.waitTime).toBeGreaterThan(800);
    expect(mailsTo(shop.db, email, TEMPLATE)).toHaveLength(5);

    // Probing many emails from one address: unknown ones count too.
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i += 1) expect((await requestRecovery(uniqueEmail('probe'), { ip })).status).toBe(404);
    expect((await requestRecovery(uniqueEmail('probe'), { ip })).status).toBe(429);
    expect((await requestRecovery(uniqueEmail('probe'), { ip: '203.0.113.78' })).status).toBe(404);
  });
});
