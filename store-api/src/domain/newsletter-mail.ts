import type { Db } from '../db/connection';
import type { LanguageKey } from '../known-ids';
import { escapeHtml, htmlDocument, languageKeyOf, queueMail } from './mail';

// The newsletter's double opt-in mail (Shopware's template newsletterDoubleOptIn) in the recipient's language:
// the confirmation link, and the unsubscribe link that stays valid once subscribed.

export const NEWSLETTER_MAIL_TEMPLATE = 'newsletter.double_opt_in';

const TEXT: Record<LanguageKey, { subject: string; greeting: (name: string | null) => string; body: string; button: string; unsubscribe: string; ignore: string }> = {
  de: {
    subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung',
    greeting: (name) => (name ? `Guten Tag ${name}` : 'Guten Tag'),
    body: 'Vielen Dank für Ihr Interesse an unserem Newsletter. Bitte bestätigen Sie Ihre Anmeldung über diesen Link:',
    button: 'Anmeldung bestätigen',
    unsubscribe: 'Sie können den Newsletter jederzeit über diesen Link abbestellen:',
    ignore: 'Wenn Sie sich nicht angemeldet haben, können Sie diese E-Mail ignorieren; Sie erhalten dann keinen Newsletter.',
  },
  it: {
    subject: 'Confermate la vostra iscrizione alla newsletter',
    greeting: (name) => (name ? `Buongiorno ${name}` : 'Buongiorno'),
    body: 'Grazie per l’interesse per la nostra newsletter. Confermate la vostra iscrizione con questo link:',
    button: 'Conferma iscrizione',
    unsubscribe: 'Potete annullare l’iscrizione alla newsletter in qualsiasi momento con questo link:',
    ignore: 'Se non vi siete iscritti, potete ignorare questa e-mail; non riceverete la newsletter.',
  },
  fr: {
    subject: 'Veuillez confirmer votre inscription à la newsletter',
    greeting: (name) => (name ? `Bonjour ${name}` : 'Bonjour'),
    body: 'Merci de l’intérêt que vous portez à notre newsletter. Veuillez confirmer votre inscription avec ce lien :',
    button: 'Confirmer l’inscription',
    unsubscribe: 'Vous pouvez vous désinscrire de la newsletter à tout moment avec ce lien :',
    ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail ; vous ne recevrez pas de newsletter.',
  },
};

export interface NewsletterMailInput {
  email: string;
  languageId: string;
  firstName: string | null;
  lastName: string | null;
  customerId: string | null;
  /** `${storefrontUrl}/newsletter-subscribe?em=…&hash=…` */
  confirmUrl: string;
  /** `${storefrontUrl}/newsletter-unsubscribe/{hash}` */
  unsubscribeUrl: string;
}

/** Queues the confirmation mail (inside the caller's transaction). */
export function queueNewsletterConfirmationMail(db: Db, input: NewsletterMailInput): void {
  const language = languageKeyOf(input.languageId);
  const t = TEXT[language];
  const name = [input.firstName, input.lastName].filter(Boolean).join(' ') || null;
  const text = `${t.greeting(name)}\n\n${t.body}\n${input.confirmUrl}\n\n${t.unsubscribe}\n${input.unsubscribeUrl}\n\n${t.ignore}\n`;
  const html = htmlDocument(
    language,
    t.subject,
    `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(input.confirmUrl)}">${escapeHtml(t.button)}</a></p>` +
      `<p>${escapeHtml(t.unsubscribe)}<br><a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(input.unsubscribeUrl)}</a></p>` +
      `<p>${escapeHtml(t.ignore)}</p>`,
  );
  queueMail(db, {
    template: NEWSLETTER_MAIL_TEMPLATE,
    to: input.email,
    languageId: input.languageId,
    subject: t.subject,
    text,
    html,
    customerId: input.customerId,
  });
}
