import type { Db } from '../db/connection';
import { randomId } from '../ids';
import { LANGUAGES, type LanguageKey } from '../known-ids';
import { formatIBAN, formatQRReference } from 'swissqrbill/utils';
import type { OrderRow } from './order';
import type { PaymentSlip } from './payment-slip';
import { billingCompany, shopBrand } from './shop-settings';
import { mailRecipientLimit, recordAttempt, secondsBlocked } from './rate-limit';

// The mail outbox: every mail the shop sends is rendered here in the recipient's language (de/it/fr) as plain
// text and as HTML (every value escaped) and stored in mail_outbox; a sender delivers the rows when SMTP is
// configured. Written inside the transaction of the change it reports, so no mail is lost or sent for nothing.

export function languageKeyOf(languageId: string): LanguageKey {
  return LANGUAGES.find((l) => l.id === languageId)?.key ?? 'de';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const LOCALE: Record<LanguageKey, string> = { de: 'de-CH', it: 'it-CH', fr: 'fr-CH' };

/** A date as the customer's language writes it in Switzerland (27.11.2026 · 27 nov 2026), on the shop's calendar. */
export function dateInLanguage(iso: string, language: LanguageKey): string {
  return new Intl.DateTimeFormat(LANGUAGES.find((l) => l.key === language)?.code ?? 'de-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(new Date(iso));
}

export function formatChf(amount: number, language: LanguageKey): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'CHF' }).format(amount);
}

/** One mail for the outbox: rendered texts in the recipient's language. */
export interface MailInput {
  /** e.g. 'customer.recovery.request', 'newsletter.double_opt_in' */
  template: string;
  /** the recipient's email address */
  to: string;
  languageId: string;
  subject: string;
  /** the plain-text body */
  text: string;
  /** a whole HTML document; every value in it escaped (escapeHtml, htmlDocument) */
  html: string;
  customerId?: string | null;
  orderId?: string | null;
  /** files made when the mail is sent (the sender renders them): an order's invoice with its QR-bill */
  attachments?: MailAttachment[];
}

/** A file of a mail, named by what it is; the sender renders it from the database when it sends the mail. */
export type MailAttachment = { kind: 'invoice'; documentId: string };

/** Called after a mail is queued (the SMTP sender of store-api/src/mail-sender.ts registers one per database). */
const queuedListeners = new WeakMap<Db, () => void>();

/** The sender's hook: `listener` runs after every queued mail, once the writing transaction is over. */
export function onMailQueued(db: Db, listener: (() => void) | null): void {
  if (listener) queuedListeners.set(db, listener);
  else queuedListeners.delete(db);
}

/** Mails to the shop's own inbox (the contact form's, contact.ts CONTACT_MAIL_TEMPLATE): not limited per recipient. */
const MAILS_TO_THE_SHOP = new Set(['contact_form']);

/** The recipient as logged: its first character and domain (the address itself stays out of the logs). */
function maskedRecipient(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…';
}

/**
 * Puts a mail into the outbox (mail_outbox) and wakes the sender. Call it inside the transaction of the change the
 * mail reports: the row is written with it or not at all, and the sender, woken on the next turn of the event
 * loop, finds it committed. Never blocks on SMTP. Answers the outbox row's id, or null when the recipient has had
 * its mails for the hour (rate-limit.ts mailRecipientLimit): that mail is dropped, not queued, and logged, so the
 * shop's name cannot be used to flood an inbox; the change it reports goes through all the same.
 */
export function queueMail(target: Db | { db: Db }, mail: MailInput): string | null {
  const db = 'prepare' in target ? target : target.db;
  if (!MAILS_TO_THE_SHOP.has(mail.template)) {
    const limit = mailRecipientLimit(db, mail.to);
    if (secondsBlocked(db, limit) > 0) {
      console.warn(`store-api: mail ${mail.template} to ${maskedRecipient(mail.to)} not sent: over ${limit.max} mails to this recipient in an hour`);
      return null;
    }
    recordAttempt(db, limit);
  }
  const id = randomId();
  // Every mail to a customer is signed by the shop: its name in the mail's language and the operating company.
  const signed = MAILS_TO_THE_SHOP.has(mail.template) ? mail : withSignature(db, mail);
  db.prepare(
    `INSERT INTO mail_outbox (id, template, recipient, language_id, subject, body_text, body_html, customer_id, order_id, created_at, attachments)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    mail.template,
    mail.to,
    mail.languageId,
    mail.subject,
    signed.text,
    signed.html,
    mail.customerId ?? null,
    mail.orderId ?? null,
    new Date().toISOString(),
    JSON.stringify(mail.attachments ?? []),
  );
  const listener = queuedListeners.get(db);
  if (listener) setImmediate(listener);
  return id;
}

const CLOSING: Record<LanguageKey, { regards: string; from: (brand: string) => string }> = {
  de: { regards: 'Freundliche Grüsse', from: (brand) => `Ihre ${brand}` },
  it: { regards: 'Cordiali saluti', from: (brand) => `La vostra ${brand}` },
  fr: { regards: 'Meilleures salutations', from: (brand) => `Votre ${brand}` },
};

/** The closing and signature under a customer's mail: regards, the shop's name, the operating company's address and UID. */
function withSignature(db: Db, mail: MailInput): Pick<MailInput, 'text' | 'html'> {
  const language = languageKeyOf(mail.languageId);
  const closing = CLOSING[language];
  const company = billingCompany(db);
  const brand = shopBrand(db, language) || company.companyName;
  const imprint = [company.companyName, `${company.street} ${company.buildingNumber}`.trim(), `${company.zipcode} ${company.city}`.trim(), company.vatId].filter(Boolean).join(' · ');
  const lines = [closing.regards, closing.from(brand)];
  return {
    text: `${mail.text.replace(/\n+$/, '')}\n\n${lines.join('\n')}\n\n${imprint}\n`,
    html: mail.html.replace(
      '</body>',
      `<p>${lines.map(escapeHtml).join('<br>')}</p><p style="font-size:12px;color:#5b6672">${escapeHtml(imprint)}</p></body>`,
    ),
  };
}

/** A whole HTML mail: lang, charset, escaped title; `body` must already be escaped HTML. */
export function htmlDocument(language: LanguageKey, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;color:#1d2733">${body}</body></html>`;
}

// --- registration ------------------------------------------------------------------------------------

const REGISTRATION_TEXT: Record<LanguageKey, { subject: string; greeting: (name: string) => string; body: string; button: string; ignore: string }> = {
  de: {
    subject: 'Bitte bestätigen Sie Ihre Registrierung',
    greeting: (name) => `Guten Tag ${name}`,
    body: 'Vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:',
    button: 'Registrierung bestätigen',
    ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  },
  it: {
    subject: 'Confermate la vostra registrazione',
    greeting: (name) => `Buongiorno ${name}`,
    body: 'Grazie per la registrazione. Confermate il vostro indirizzo e-mail con questo link:',
    button: 'Conferma registrazione',
    ignore: 'Se non vi siete registrati, potete ignorare questa e-mail.',
  },
  fr: {
    subject: 'Veuillez confirmer votre inscription',
    greeting: (name) => `Bonjour ${name}`,
    body: 'Merci pour votre inscription. Veuillez confirmer votre adresse e-mail avec ce lien :',
    button: 'Confirmer l’inscription',
    ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.',
  },
};

export function queueRegistrationMail(
  db: Db,
  input: { customerId: string; email: string; languageId: string; firstName: string; lastName: string; confirmUrl: string },
): void {
  const language = languageKeyOf(input.languageId);
  const t = REGISTRATION_TEXT[language];
  const name = `${input.firstName} ${input.lastName}`;
  const text = `${t.greeting(name)}\n\n${t.body}\n${input.confirmUrl}\n\n${t.ignore}\n`;
  const html = htmlDocument(
    language,
    t.subject,
    `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(input.confirmUrl)}">${escapeHtml(t.button)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  );
  queueMail(db, { template: 'customer_register.double_opt_in', to: input.email, languageId: input.languageId, subject: t.subject, text, html, customerId: input.customerId });
}

// --- password recovery ------------------------------------------------------------------------------

const RECOVERY_TEXT: Record<LanguageKey, { subject: string; greeting: (name: string) => string; body: string; button: string; expiry: string; ignore: string }> = {
  de: {
    subject: 'Passwort zurücksetzen',
    greeting: (name) => `Guten Tag ${name}`,
    body: 'Sie haben ein neues Passwort für Ihr Kundenkonto angefordert. Über diesen Link können Sie es festlegen:',
    button: 'Neues Passwort festlegen',
    expiry: 'Der Link ist 2 Stunden gültig und kann einmal verwendet werden.',
    ignore: 'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
  it: {
    subject: 'Reimpostare la password',
    greeting: (name) => `Buongiorno ${name}`,
    body: 'Avete richiesto una nuova password per il vostro conto cliente. Potete impostarla con questo link:',
    button: 'Imposta una nuova password',
    expiry: 'Il link è valido 2 ore e può essere usato una sola volta.',
    ignore: 'Se non avete richiesto una nuova password, potete ignorare questa e-mail; la vostra password resta invariata.',
  },
  fr: {
    subject: 'Réinitialiser le mot de passe',
    greeting: (name) => `Bonjour ${name}`,
    body: 'Vous avez demandé un nouveau mot de passe pour votre compte client. Vous pouvez le définir avec ce lien :',
    button: 'Définir un nouveau mot de passe',
    expiry: 'Le lien est valable 2 heures et ne peut être utilisé qu’une seule fois.',
    ignore: 'Si vous n’avez pas demandé de nouveau mot de passe, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.',
  },
};

/** The password recovery mail with its one-use link (Shopware's template customer.recovery.request). */
export function queueRecoveryMail(
  db: Db,
  input: { customerId: string; email: string; languageId: string; firstName: string; lastName: string; resetUrl: string },
): void {
  const language = languageKeyOf(input.languageId);
  const t = RECOVERY_TEXT[language];
  const name = `${input.firstName} ${input.lastName}`;
  const text = `${t.greeting(name)}\n\n${t.body}\n${input.resetUrl}\n\n${t.expiry}\n${t.ignore}\n`;
  const html = htmlDocument(
    language,
    t.subject,
    `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(input.resetUrl)}">${escapeHtml(t.button)}</a></p>` +
      `<p>${escapeHtml(t.expiry)}</p><p>${escapeHtml(t.ignore)}</p>`,
  );
  queueMail(db, { template: 'customer.recovery.request', to: input.email, languageId: input.languageId, subject: t.subject, text, html, customerId: input.customerId });
}

// --- order confirmation --------------------------------------------------------------------------------

const ORDER_TEXT: Record<
  LanguageKey,
  {
    subject: (n: string) => string;
    greeting: (name: string) => string;
    intro: (n: string) => string;
    quantity: string;
    shipping: string;
    total: string;
    vat: string;
    payment: string;
    delivery: string;
    download: string;
    pickupAt: (pharmacy: string, date: string) => string;
    pickupCost: string;
    phone: string;
    hours: string;
    bringPrescription: string;
    weekdays: readonly string[];
    transfer: (amount: string, due: string) => string;
    creditor: string;
    iban: string;
    reference: string;
    attached: string;
  }
> = {
  de: {
    subject: (n) => `Ihre Bestellung ${n}`,
    greeting: (name) => `Guten Tag ${name}`,
    intro: (n) => `Vielen Dank für Ihre Bestellung ${n}. Wir haben folgende Artikel erhalten:`,
    quantity: 'Menge',
    shipping: 'Versandkosten',
    total: 'Gesamtbetrag inkl. MwSt.',
    vat: 'davon MwSt.',
    payment: 'Zahlungsart',
    delivery: 'Voraussichtliche Lieferung',
    download: 'Ihre Downloads stehen nach der Zahlung in Ihrem Kundenkonto bereit.',
    pickupAt: (pharmacy, date) => `Abholung in ${pharmacy} ab ${date}`,
    pickupCost: 'Abholung in der Apotheke',
    phone: 'Telefon',
    hours: 'Öffnungszeiten',
    bringPrescription: 'Bringen Sie das Originalrezept mit.',
    weekdays: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
    transfer: (amount, due) => `Bitte überweisen Sie ${amount} bis ${due} mit dieser Referenz:`,
    creditor: 'Zahlbar an',
    iban: 'Konto / IBAN',
    reference: 'Referenz',
    attached: 'Die Rechnung mit dem QR-Zahlteil finden Sie im Anhang.',
  },
  it: {
    subject: (n) => `Il vostro ordine ${n}`,
    greeting: (name) => `Buongiorno ${name}`,
    intro: (n) => `Grazie per il vostro ordine ${n}. Abbiamo ricevuto i seguenti articoli:`,
    quantity: 'Quantità',
    shipping: 'Spese di spedizione',
    total: 'Totale IVA incl.',
    vat: 'di cui IVA',
    payment: 'Metodo di pagamento',
    delivery: 'Consegna prevista',
    download: 'I vostri download sono disponibili nel vostro conto cliente dopo il pagamento.',
    pickupAt: (pharmacy, date) => `Ritiro presso ${pharmacy} a partire dal ${date}`,
    pickupCost: 'Ritiro in farmacia',
    phone: 'Telefono',
    hours: 'Orari di apertura',
    bringPrescription: 'Portate con voi la ricetta originale.',
    weekdays: ['lu', 'ma', 'me', 'gi', 've', 'sa', 'do'],
    transfer: (amount, due) => `Vi preghiamo di versare ${amount} entro il ${due} con questo riferimento:`,
    creditor: 'Pagabile a',
    iban: 'Conto / IBAN',
    reference: 'Riferimento',
    attached: 'In allegato trovate la fattura con la sezione pagamento QR.',
  },
  fr: {
    subject: (n) => `Votre commande ${n}`,
    greeting: (name) => `Bonjour ${name}`,
    intro: (n) => `Merci pour votre commande ${n}. Nous avons reçu les articles suivants :`,
    quantity: 'Quantité',
    shipping: 'Frais de port',
    total: 'Total TVA incl.',
    vat: 'dont TVA',
    payment: 'Mode de paiement',
    delivery: 'Livraison prévue',
    download: 'Vos téléchargements sont disponibles dans votre compte client après le paiement.',
    pickupAt: (pharmacy, date) => `Retrait à ${pharmacy} dès le ${date}`,
    pickupCost: 'Retrait en pharmacie',
    phone: 'Téléphone',
    hours: 'Heures d’ouverture',
    bringPrescription: 'Apportez l’ordonnance originale.',
    weekdays: ['lu', 'ma', 'me', 'je', 've', 'sa', 'di'],
    transfer: (amount, due) => `Veuillez virer ${amount} d’ici au ${due} avec cette référence :`,
    creditor: 'Payable à',
    iban: 'Compte / IBAN',
    reference: 'Référence',
    attached: 'Vous trouverez en annexe la facture avec la section paiement QR.',
  },
};

export interface OrderMailInput {
  orderId: string;
  orderNumber: string;
  customerId: string;
  email: string;
  languageId: string;
  firstName: string;
  lastName: string;
  lines: { label: string; quantity: number; totalPrice: number }[];
  shippingCosts: number;
  totalPrice: number;
  taxes: { taxRate: number; tax: number }[];
  paymentMethodName: string;
  expectedDelivery: { kind: string; earliest: string; latest: string } | null;
  /** Click & Collect: the pharmacy the order is picked up at (opening hours as stored: {mon: [["08:00","18:30"]], …}) */
  pickup: { name: string; street: string; zipcode: string; city: string; phone: string; openingHours: Record<string, string[][]> } | null;
  /** whether a line is a prescription medicine (the pickup needs the original prescription) */
  prescription: boolean;
  /** how to pay by transfer (invoice, prepayment): the QR-bill's account, reference and amount, its due date and invoice */
  transfer: { slip: PaymentSlip; dueDate: string; invoiceDocumentId: string } | null;
}

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A pharmacy's week in one line: "Mo 08:00–18:30 · Di 08:00–18:30 · … · Sa 08:00–16:00" (closed days left out). */
function openingHoursText(hours: Record<string, string[][]>, weekdays: readonly string[]): string {
  return WEEK.flatMap((day, index) => {
    const ranges = (hours[day] ?? []).filter((range) => range.length === 2).map(([from, to]) => `${from}–${to}`);
    return ranges.length ? [`${weekdays[index]} ${ranges.join(', ')}`] : [];
  }).join(' · ');
}

export function queueOrderConfirmationMail(db: Db, input: OrderMailInput): void {
  const language = languageKeyOf(input.languageId);
  const t = ORDER_TEXT[language];
  const money = (n: number) => formatChf(n, language);
  const name = `${input.firstName} ${input.lastName}`;
  const expected = input.expectedDelivery;
  const dates = expected ? [...new Set([expected.earliest, expected.latest])].map((date) => dateInLanguage(date, language)).join(' – ') : null;
  // What happens after the order, as true for it: picked up at a pharmacy, a download, or delivered by post.
  const pickup = input.pickup;
  const fulfilment: string[] = pickup
    ? [
        `${t.pickupAt(`${pickup.name}, ${pickup.street}, ${pickup.zipcode} ${pickup.city}`, expected ? dateInLanguage(expected.earliest, language) : '')}.`,
        `${t.phone}: ${pickup.phone}`,
        `${t.hours}: ${openingHoursText(pickup.openingHours, t.weekdays)}`,
        ...(input.prescription ? [t.bringPrescription] : []),
      ]
    : expected?.kind === 'download'
      ? [t.download]
      : dates
        ? [`${t.delivery}: ${dates}`]
        : [];
  const costLabel = pickup ? t.pickupCost : t.shipping;
  const lines = input.lines.map((l) => `${l.quantity} × ${l.label}: ${money(l.totalPrice)}`);
  const taxLines = input.taxes.map((tax) => `${t.vat} ${tax.taxRate} %: ${money(tax.tax)}`);
  // Paid by transfer: what to transfer, to whom, by when and with which reference (the attached invoice's QR-bill).
  const slip = input.transfer?.slip;
  const transferLines = input.transfer && slip
    ? [
        t.transfer(money(slip.amount), dateInLanguage(input.transfer.dueDate, language)),
        `${t.creditor}: ${slip.creditor.name}, ${slip.creditor.street} ${slip.creditor.buildingNumber}, ${slip.creditor.zipcode} ${slip.creditor.city}`,
        `${t.iban}: ${formatIBAN(slip.iban)}`,
        `${t.reference}: ${formatQRReference(slip.reference)}`,
        t.attached,
      ]
    : [];
  const text = [
    t.greeting(name),
    '',
    t.intro(input.orderNumber),
    ...lines,
    `${costLabel}: ${money(input.shippingCosts)}`,
    `${t.total}: ${money(input.totalPrice)}`,
    ...taxLines,
    `${t.payment}: ${input.paymentMethodName}`,
    ...fulfilment,
    ...(transferLines.length ? ['', ...transferLines] : []),
    '',
  ].join('\n');
  const rows = input.lines
    .map((l) => `<tr><td>${escapeHtml(l.label)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${escapeHtml(money(l.totalPrice))}</td></tr>`)
    .join('');
  const html = htmlDocument(
    language,
    t.subject(input.orderNumber),
    `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.intro(input.orderNumber))}</p>` +
      `<table><thead><tr><th></th><th>${escapeHtml(t.quantity)}</th><th></th></tr></thead><tbody>${rows}</tbody></table>` +
      `<p>${escapeHtml(costLabel)}: ${escapeHtml(money(input.shippingCosts))}<br><strong>${escapeHtml(t.total)}: ${escapeHtml(money(input.totalPrice))}</strong><br>` +
      taxLines.map(escapeHtml).join('<br>') +
      `</p><p>${[`${t.payment}: ${input.paymentMethodName}`, ...fulfilment].map(escapeHtml).join('<br>')}</p>` +
      (transferLines.length ? `<p>${transferLines.map(escapeHtml).join('<br>')}</p>` : ''),
  );
  queueMail(db, {
    template: 'order_confirmation_mail',
    to: input.email,
    languageId: input.languageId,
    subject: t.subject(input.orderNumber),
    text,
    html,
    customerId: input.customerId,
    orderId: input.orderId,
    attachments: input.transfer ? [{ kind: 'invoice', documentId: input.transfer.invoiceDocumentId }] : [],
  });
}

// --- payment received (a transfer matched by the camt.054 import) -----------------------------------------

const PAYMENT_RECEIVED_TEXT: Record<LanguageKey, { subject: (n: string) => string; greeting: (name: string) => string; body: (amount: string, n: string) => string }> = {
  de: {
    subject: (n) => `Zahlung erhalten – Bestellung ${n}`,
    greeting: (name) => `Guten Tag ${name}`,
    body: (amount, n) => `Wir haben Ihre Zahlung von ${amount} für Ihre Bestellung ${n} erhalten. Vielen Dank.`,
  },
  it: {
    subject: (n) => `Pagamento ricevuto – ordine ${n}`,
    greeting: (name) => `Buongiorno ${name}`,
    body: (amount, n) => `Abbiamo ricevuto il vostro pagamento di ${amount} per l’ordine ${n}. Grazie.`,
  },
  fr: {
    subject: (n) => `Paiement reçu – commande ${n}`,
    greeting: (name) => `Bonjour ${name}`,
    body: (amount, n) => `Nous avons bien reçu votre paiement de ${amount} pour votre commande ${n}. Merci.`,
  },
};

/** Tells the customer their transfer arrived and the order is paid (the order's language). */
export function queuePaymentReceivedMail(db: Db, order: Pick<OrderRow, 'id' | 'order_number' | 'customer_id' | 'email' | 'language_id' | 'first_name' | 'last_name' | 'amount_total'>): void {
  const language = languageKeyOf(order.language_id);
  const t = PAYMENT_RECEIVED_TEXT[language];
  const name = `${order.first_name} ${order.last_name}`;
  const body = t.body(formatChf(order.amount_total, language), order.order_number);
  queueMail(db, {
    template: 'order_payment_received',
    to: order.email,
    languageId: order.language_id,
    subject: t.subject(order.order_number),
    text: [t.greeting(name), '', body, ''].join('\n'),
    html: htmlDocument(language, t.subject(order.order_number), `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(body)}</p>`),
    customerId: order.customer_id,
    orderId: order.id,
  });
}
