import type { Db } from '../db/connection';
import type { LanguageKey } from '../known-ids';
import { dateInLanguage, escapeHtml, htmlDocument, languageKeyOf, queueMail } from './mail';
import { CUSTOMER_SERVICE_PHONE } from './customer-service';

// Mails that tell a customer about a change to their account or order they may not have made themselves (issue 19
// item 7): the e-mail address changed (to the old address and the new one), the password changed (in the account or
// by a recovery link), an order cancelled. Each says what changed and when, and whom to call if it was not them.

interface Person {
  customerId: string;
  languageId: string;
  firstName: string;
  lastName: string;
}

type Notice = { subject: string; body: string[] };

const TEXT: Record<
  LanguageKey,
  {
    greeting: (name: string) => string;
    notYou: string;
    emailChangedOld: (newEmail: string, date: string) => Notice;
    emailChangedNew: (date: string) => Notice;
    passwordChanged: (date: string) => Notice;
    orderCancelled: (orderNumber: string, date: string) => Notice;
  }
> = {
  de: {
    greeting: (name) => `Guten Tag ${name}`,
    notYou: `Waren Sie das nicht? Rufen Sie bitte sofort unseren Kundendienst an: ${CUSTOMER_SERVICE_PHONE}.`,
    emailChangedOld: (email, date) => ({
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      body: [`Die E-Mail-Adresse Ihres Kundenkontos wurde am ${date} geändert. Die neue Adresse ist ${email}.`, 'Mails zu Ihrem Konto und Ihren Bestellungen gehen ab jetzt an die neue Adresse.'],
    }),
    emailChangedNew: (date) => ({
      subject: 'Ihre neue E-Mail-Adresse',
      body: [`Diese Adresse ist seit ${date} die E-Mail-Adresse Ihres Kundenkontos. Sie melden sich ab jetzt mit ihr an.`],
    }),
    passwordChanged: (date) => ({
      subject: 'Ihr Passwort wurde geändert',
      body: [`Das Passwort Ihres Kundenkontos wurde am ${date} geändert. Alle anderen Anmeldungen wurden beendet.`],
    }),
    orderCancelled: (n, date) => ({
      subject: `Ihre Bestellung ${n} wurde storniert`,
      body: [`Ihre Bestellung ${n} wurde am ${date} storniert. Sie wurde nicht bezahlt, es wird Ihnen nichts belastet und nichts geliefert.`],
    }),
  },
  it: {
    greeting: (name) => `Buongiorno ${name}`,
    notYou: `Non siete stati voi? Chiamate subito il nostro servizio clienti: ${CUSTOMER_SERVICE_PHONE}.`,
    emailChangedOld: (email, date) => ({
      subject: 'Il vostro indirizzo e-mail è stato modificato',
      body: [`L’indirizzo e-mail del vostro conto cliente è stato modificato il ${date}. Il nuovo indirizzo è ${email}.`, 'Da ora le e-mail sul vostro conto e sui vostri ordini vanno al nuovo indirizzo.'],
    }),
    emailChangedNew: (date) => ({
      subject: 'Il vostro nuovo indirizzo e-mail',
      body: [`Dal ${date} questo è l’indirizzo e-mail del vostro conto cliente. D’ora in poi accedete con questo indirizzo.`],
    }),
    passwordChanged: (date) => ({
      subject: 'La vostra password è stata modificata',
      body: [`La password del vostro conto cliente è stata modificata il ${date}. Tutti gli altri accessi sono stati chiusi.`],
    }),
    orderCancelled: (n, date) => ({
      subject: `Il vostro ordine ${n} è stato annullato`,
      body: [`Il vostro ordine ${n} è stato annullato il ${date}. Non è stato pagato: non vi sarà addebitato né consegnato nulla.`],
    }),
  },
  fr: {
    greeting: (name) => `Bonjour ${name}`,
    notYou: `Ce n’était pas vous ? Appelez immédiatement notre service clientèle : ${CUSTOMER_SERVICE_PHONE}.`,
    emailChangedOld: (email, date) => ({
      subject: 'Votre adresse e-mail a été modifiée',
      body: [`L’adresse e-mail de votre compte client a été modifiée le ${date}. La nouvelle adresse est ${email}.`, 'Les e-mails concernant votre compte et vos commandes sont désormais envoyés à la nouvelle adresse.'],
    }),
    emailChangedNew: (date) => ({
      subject: 'Votre nouvelle adresse e-mail',
      body: [`Depuis le ${date}, cette adresse est celle de votre compte client. Vous vous connectez désormais avec elle.`],
    }),
    passwordChanged: (date) => ({
      subject: 'Votre mot de passe a été modifié',
      body: [`Le mot de passe de votre compte client a été modifié le ${date}. Toutes les autres connexions ont été fermées.`],
    }),
    orderCancelled: (n, date) => ({
      subject: `Votre commande ${n} a été annulée`,
      body: [`Votre commande ${n} a été annulée le ${date}. Elle n’a pas été payée : rien ne vous sera facturé ni livré.`],
    }),
  },
};

function queueNotice(db: Db, template: string, to: string, person: Person, notice: (t: (typeof TEXT)[LanguageKey], date: string) => Notice, orderId?: string): void {
  const language = languageKeyOf(person.languageId);
  const t = TEXT[language];
  const { subject, body } = notice(t, dateInLanguage(new Date().toISOString(), language));
  const paragraphs = [t.greeting(`${person.firstName} ${person.lastName}`), ...body, t.notYou];
  queueMail(db, {
    template,
    to,
    languageId: person.languageId,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlDocument(language, subject, paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')),
    customerId: person.customerId,
    orderId: orderId ?? null,
  });
}

/** The address changed: the old address learns where mails go now, the new one that it is the login from now on. */
export function queueEmailChangedMails(db: Db, person: Person, oldEmail: string, newEmail: string): void {
  queueNotice(db, 'customer.email_changed.old', oldEmail, person, (t, date) => t.emailChangedOld(newEmail, date));
  queueNotice(db, 'customer.email_changed.new', newEmail, person, (t, date) => t.emailChangedNew(date));
}

/** The password changed (in the account or through a recovery link). */
export function queuePasswordChangedMail(db: Db, person: Person, email: string): void {
  queueNotice(db, 'customer.password_changed', email, person, (t, date) => t.passwordChanged(date));
}

/** An unpaid order was cancelled (by the customer, or by placing a new order from its restored cart). */
export function queueOrderCancelledMail(db: Db, order: { id: string; order_number: string; customer_id: string; email: string; language_id: string; first_name: string; last_name: string }): void {
  const person = { customerId: order.customer_id, languageId: order.language_id, firstName: order.first_name, lastName: order.last_name };
  queueNotice(db, 'order.state.cancelled', order.email, person, (t, date) => t.orderCancelled(order.order_number, date), order.id);
}
