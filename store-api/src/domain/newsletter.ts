import { createHash, randomBytes } from 'node:crypto';
import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { prepared } from '../entities/system';
import { languageExists } from '../context';
import { randomId } from '../ids';
import { emailHash, type CustomerRow } from './customer';
import { queueNewsletterConfirmationMail } from './newsletter-mail';
import { hitRateLimit, keyOf, type RateLimit } from './rate-limit';
import { FormChecker } from './shop-forms';

// The newsletter (SPEC §4 "Newsletter"): double opt-in. subscribe puts the recipient at notSet and mails a
// confirmation link `${storefrontUrl}/newsletter-subscribe?em=<sha1(email)>&hash=<secret>`; confirm moves it to
// optIn; unsubscribe (by email as Shopware, or by the secret of the link /newsletter-unsubscribe/{secret}) to
// optOut. The secret is 24 random bytes (base64url); only its SHA-256 is stored (column `hash`), so a copy of the
// database holds no working links. A confirmed or unsubscribed recipient's confirmation link is used up
// (404), while the same secret keeps working as the unsubscribe link until a new subscription replaces it.

export type NewsletterStatus = 'notSet' | 'optIn' | 'optOut' | 'direct';

interface RecipientRow {
  id: string;
  email: string;
  sales_channel_id: string;
  language_id: string;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  status: NewsletterStatus;
  hash: string;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string | null;
}

/** Confirmation mails per email address: 5 an hour (the form cannot be used to flood a mailbox). */
export function newsletterEmailLimit(email: string): RateLimit {
  return { key: keyOf('newsletter:email', email), max: 5, windowSeconds: 3600 };
}

/** Subscriptions per client address: 20 in 10 minutes. */
export function newsletterIpLimit(ip: string): RateLimit {
  return { key: keyOf('newsletter:ip', ip), max: 20, windowSeconds: 600 };
}

function notFound(): StoreApiError {
  return StoreApiError.notFound('CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND', 'The newsletter recipient was not found.');
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function byEmail(ctx: SalesChannelContext, email: string): RecipientRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM newsletter_recipient WHERE email = ? COLLATE NOCASE AND sales_channel_id = ?').get(email, ctx.salesChannel.id) as
    | RecipientRow
    | undefined;
}

function bySecret(ctx: SalesChannelContext, secret: string): RecipientRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM newsletter_recipient WHERE hash = ? AND sales_channel_id = ?').get(digest(secret), ctx.salesChannel.id) as
    | RecipientRow
    | undefined;
}

/** The account with this email (guests are not accounts), to link the recipient to. */
function accountIdOf(ctx: SalesChannelContext, email: string): string | null {
  const row = prepared(ctx.db, 'SELECT id FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0').get(email) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Whether the session's logged-in account (not a guest, confirmed) has this email. */
function ownEmail(ctx: SalesChannelContext, email: string): boolean {
  if (!ctx.customerId) return false;
  return prepared(ctx.db, 'SELECT 1 FROM customer WHERE id = ? AND email = ? COLLATE NOCASE AND guest = 0 AND active = 1').get(ctx.customerId, email) !== undefined;
}

/** A link secret from the request (bounded, URL-safe characters), or null. */
function secretOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value.trim()) ? value.trim() : null;
}

/**
 * POST /newsletter/subscribe {email, option, storefrontUrl, firstName?, lastName?, salutationId?, languageId?}.
 * option "subscribe": double opt-in (an already confirmed recipient stays optIn, no mail, and only its logged-in owner
 * is told so); "unsubscribe" as
 * /newsletter/unsubscribe. "direct" and "confirmSubscribe" are refused: the shop always asks for confirmation
 * (SPEC §4). Answers the recipient's status (Shopware 6.7: {success, status}).
 */
export function subscribeNewsletter(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null): NewsletterStatus {
  const form = new FormChecker();
  const option = form.choice('/option', body.option, ['subscribe', 'unsubscribe'] as const);
  const email = form.email('/email', body.email);
  if (option === 'unsubscribe') {
    form.fail();
    return unsubscribeNewsletter(ctx, { email });
  }
  const storefrontUrl = form.storefrontUrl(ctx, '/storefrontUrl', body.storefrontUrl, { required: true });
  const firstName = form.text('/firstName', body.firstName);
  const lastName = form.text('/lastName', body.lastName);
  form.entity(ctx, '/salutationId', body.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  let languageId = ctx.languageId;
  if (body.languageId !== undefined && body.languageId !== null && body.languageId !== '') {
    if (typeof body.languageId === 'string' && languageExists(ctx.db, body.languageId)) languageId = body.languageId;
    else form.entity(ctx, '/languageId', body.languageId, 'language', 'SELECT 1 FROM language WHERE id = ?');
  }
  form.fail();

  const existing = byEmail(ctx, email!);
  if (existing && (existing.status === 'optIn' || existing.status === 'direct')) {
    // Whether an address is subscribed is told only to its logged-in owner; anyone else gets the answer of a
    // new subscription (the owner gets no mail: nothing changes for them).
    return ownEmail(ctx, email!) ? existing.status : 'notSet';
  }

  hitRateLimit(ctx.db, [newsletterEmailLimit(email!), ...(clientIp ? [newsletterIpLimit(clientIp)] : [])]);
  const secret = randomBytes(24).toString('base64url');
  const now = new Date().toISOString();
  const customerId = accountIdOf(ctx, email!);
  ctx.db.transaction(() => {
    if (existing) {
      prepared(
        ctx.db,
        `UPDATE newsletter_recipient SET status = 'notSet', hash = ?, language_id = ?, customer_id = COALESCE(?, customer_id),
           first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name), confirmed_at = NULL, updated_at = ? WHERE id = ?`,
      ).run(digest(secret), languageId, customerId, firstName, lastName, now, existing.id);
    } else {
      prepared(
        ctx.db,
        `INSERT INTO newsletter_recipient (id, email, sales_channel_id, language_id, customer_id, first_name, last_name, status, hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'notSet', ?, ?)`,
      ).run(randomId(), email, ctx.salesChannel.id, languageId, customerId, firstName, lastName, digest(secret), now);
    }
    queueNewsletterConfirmationMail(ctx.db, {
      email: email!,
      languageId,
      firstName: firstName ?? existing?.first_name ?? null,
      lastName: lastName ?? existing?.last_name ?? null,
      customerId,
      confirmUrl: `${storefrontUrl}/newsletter-subscribe?em=${emailHash(email!)}&hash=${secret}`,
      unsubscribeUrl: `${storefrontUrl}/newsletter-unsubscribe/${secret}`,
    });
  })();
  return 'notSet';
}

/** POST /newsletter/confirm {hash, em}: notSet → optIn. An unknown, foreign (em) or used link answers 404. */
export function confirmNewsletter(ctx: SalesChannelContext, body: Record<string, unknown>): void {
  const form = new FormChecker();
  form.text('/hash', body.hash, { required: true, max: 128 });
  form.text('/em', body.em, { required: true, max: 64 });
  form.fail();
  const secret = secretOf(body.hash);
  const recipient = secret ? bySecret(ctx, secret) : undefined;
  if (!recipient || recipient.status !== 'notSet' || typeof body.em !== 'string' || emailHash(recipient.email) !== body.em.trim().toLowerCase()) {
    throw notFound();
  }
  const now = new Date().toISOString();
  prepared(ctx.db, "UPDATE newsletter_recipient SET status = 'optIn', confirmed_at = ?, updated_at = ? WHERE id = ?").run(now, now, recipient.id);
}

/**
 * POST /newsletter/unsubscribe {email} (Shopware) or {hash} (the shop's unsubscribe link): → optOut, also when
 * already unsubscribed. An unknown email or hash answers 404.
 */
export function unsubscribeNewsletter(ctx: SalesChannelContext, body: Record<string, unknown>): NewsletterStatus {
  let recipient: RecipientRow | undefined;
  if (body.hash !== undefined && body.hash !== null && body.hash !== '') {
    const form = new FormChecker();
    form.text('/hash', body.hash, { required: true, max: 128 });
    form.fail();
    const secret = secretOf(body.hash);
    recipient = secret ? bySecret(ctx, secret) : undefined;
  } else {
    const form = new FormChecker();
    const email = form.email('/email', body.email);
    form.fail();
    recipient = byEmail(ctx, email!);
  }
  if (!recipient) throw notFound();
  if (recipient.status !== 'optOut') {
    prepared(ctx.db, "UPDATE newsletter_recipient SET status = 'optOut', updated_at = ? WHERE id = ?").run(new Date().toISOString(), recipient.id);
  }
  return 'optOut';
}

/** POST /account/newsletter-recipient: the status of the customer's email; "undefined" without a recipient. */
export function newsletterStatusOf(ctx: SalesChannelContext, customer: CustomerRow): NewsletterStatus | 'undefined' {
  return byEmail(ctx, customer.email)?.status ?? 'undefined';
}
