import type { SalesChannelContext } from '../context';
import { randomId } from '../ids';
import type { LanguageKey } from '../known-ids';
import { escapeHtml, htmlDocument, languageKeyOf, queueMail } from './mail';
import { hitRateLimit, keyOf, type RateLimit } from './rate-limit';
import { FormChecker, shown } from './shop-forms';

// The contact form (Shopware's POST /contact-form): the message is stored in contact_message and mailed to the
// shop's service address through the outbox, in the language the shopper wrote in (the staff reads de/it/fr).
// Rate limited per client address: 5 messages in 10 minutes.

export const DEFAULT_SERVICE_EMAIL = 'service@apotheke.example';
export const COMMENT_MAX_LENGTH = 5000;
export const CONTACT_MAIL_TEMPLATE = 'contact_form';

/** SHOP_SERVICE_EMAIL, else service@apotheke.example (a malformed value falls back too). */
export function serviceEmail(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.SHOP_SERVICE_EMAIL?.trim();
  return value && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/.test(value) ? value : DEFAULT_SERVICE_EMAIL;
}

/** Contact messages per client address: 5 in 10 minutes. */
export function contactIpLimit(ip: string): RateLimit {
  return { key: keyOf('contact:ip', ip), max: 5, windowSeconds: 600 };
}

const TEXT: Record<LanguageKey, { subject: (s: string) => string; intro: string; name: string; email: string; phone: string; topic: string; message: string }> = {
  de: { subject: (s) => `Kontaktformular: ${s}`, intro: 'Eine neue Nachricht über das Kontaktformular:', name: 'Name', email: 'E-Mail', phone: 'Telefon', topic: 'Betreff', message: 'Nachricht' },
  it: { subject: (s) => `Modulo di contatto: ${s}`, intro: 'Un nuovo messaggio dal modulo di contatto:', name: 'Nome', email: 'E-mail', phone: 'Telefono', topic: 'Oggetto', message: 'Messaggio' },
  fr: { subject: (s) => `Formulaire de contact : ${s}`, intro: 'Un nouveau message du formulaire de contact :', name: 'Nom', email: 'E-mail', phone: 'Téléphone', topic: 'Objet', message: 'Message' },
};

/** Line breaks and tabs stay in a message; other control characters are dropped. */
function withoutControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''); // eslint-disable-line no-control-regex
}

/** A header-safe one-liner (no line breaks in a subject). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * POST /contact-form: validates (email, subject and comment required as in Shopware; first and last name required
 * by the shop's form; comment ≤ 5000), counts against the per-address limit, stores and mails the message.
 */
export function sendContactMessage(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null, env: NodeJS.ProcessEnv = process.env): void {
  const form = new FormChecker();
  const salutationId = form.entity(ctx, '/salutationId', body.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  const firstName = form.text('/firstName', body.firstName, { required: true });
  const lastName = form.text('/lastName', body.lastName, { required: true });
  const email = form.email('/email', body.email);
  const phone = form.text('/phone', body.phone, { max: 40 });
  if (phone !== null && !/^[+0-9 ()/.-]{3,40}$/.test(phone)) {
    form.add({ pointer: '/phone', code: 'VIOLATION::INVALID_PHONE_NUMBER', detail: 'This value is not a valid phone number.', parameters: { '{{ value }}': shown(body.phone) } });
  }
  const subject = form.text('/subject', body.subject, { required: true });
  const comment = form.text('/comment', body.comment, { required: true, max: COMMENT_MAX_LENGTH });
  form.fail();

  if (clientIp) hitRateLimit(ctx.db, [contactIpLimit(clientIp)]);

  const language = languageKeyOf(ctx.languageId);
  const t = TEXT[language];
  const message = withoutControls(comment!);
  const topic = oneLine(withoutControls(subject!));
  const name = oneLine(`${firstName} ${lastName}`);
  const lines: [string, string][] = [
    [t.name, name],
    [t.email, email!],
    ...(phone ? ([[t.phone, phone]] as [string, string][]) : []),
    [t.topic, topic],
  ];
  const text = `${t.intro}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${t.message}:\n${message}\n`;
  const html = htmlDocument(
    language,
    t.subject(topic),
    `<p>${escapeHtml(t.intro)}</p><table>${lines.map(([label, value]) => `<tr><th style="text-align:left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
      `<p><strong>${escapeHtml(t.message)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
  );
  const now = new Date().toISOString();
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        `INSERT INTO contact_message (id, sales_channel_id, language_id, customer_id, salutation_id, first_name, last_name, email, phone, subject, comment, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(randomId(), ctx.salesChannel.id, ctx.languageId, ctx.customerId, salutationId, firstName, lastName, email, phone, topic, message, now);
    queueMail(ctx.db, { template: CONTACT_MAIL_TEMPLATE, to: serviceEmail(env), languageId: ctx.languageId, subject: t.subject(topic), text, html, customerId: ctx.customerId });
  })();
}
