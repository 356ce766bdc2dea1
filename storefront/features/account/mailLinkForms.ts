// The links mailed to a shopper (registration and newsletter confirmation, newsletter unsubscribe) as kit forms
// (ADR 0023): the page renders a form with the link's parameters in hidden fields and one button; with scripts it is
// sent on load as before, without them the button posts it (server/forms/account.ts). A GET alone changes nothing, so
// a mail scanner opening the link confirms nothing.

export const MAIL_LINK_FORMS = {
  registration: 'registration-confirm',
  newsletterConfirm: 'newsletter-confirm',
  newsletterUnsubscribe: 'newsletter-unsubscribe',
} as const;

/** A link parameter (em, hash) as the shop mails it; anything else is not one of its links. */
const LINK_PARAMETER = /^[A-Za-z0-9_-]{1,200}$/;

export function isLinkParameter(value: string | null | undefined): value is string {
  return typeof value === 'string' && LINK_PARAMETER.test(value);
}

/** The confirmation link's em and hash as a form post sends them (hidden fields), or null when they are no link's. */
export function confirmLinkOf(fields: URLSearchParams): { em: string; hash: string } | null {
  const em = fields.get('em');
  const hash = fields.get('hash');
  return isLinkParameter(em) && isLinkParameter(hash) ? { em, hash } : null;
}

/** /newsletter-subscribe?subscribed=confirmed after the confirmation was posted without scripts. */
export const NEWSLETTER_CONFIRMED = 'confirmed';

/** /newsletter-unsubscribe/{hash}?done=1 after the unsubscription was posted without scripts. */
export const UNSUBSCRIBED_PARAMETER = 'done';
