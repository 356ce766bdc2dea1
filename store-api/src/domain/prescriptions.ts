import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { randomId } from '../ids';
import { COUNTRY_CH_ID, COUNTRY_LI_ID, type LanguageKey } from '../known-ids';
import { escapeHtml, htmlDocument, languageKeyOf, queueMail } from './mail';
import { hitRateLimit, keyOf, type RateLimit } from './rate-limit';
import { FormChecker, shown } from './shop-forms';
import { CUSTOMER_SERVICE_PHONE } from './customer-service';

// The prescription services (SPEC §4): "home delivery" (the shopper fills the form and posts the original
// prescription; the medicines arrive 2–3 days after its receipt, SPEC §9) and "pickup" (the shopper uploads the
// insurance card and 1–5 prescriptions as PDF or PNG, SPEC §5, picks a pharmacy and a date; the pharmacy calls
// when the medicines are ready). Each request is a prescription_request row with a number of its own range and
// a confirmation mail in the request's language.
//
// Uploads are health data: the type is read from the bytes (never the name or declared type), each file is at
// most 5 MB, the files live under DATA_DIR/private/prescriptions/<requestId>/ (outside the public media
// folders; no route serves them) and the row, its files' rows and the mail are written in one transaction.

/** Where the original prescriptions are posted to (delivery service). */
export const PRESCRIPTION_POST_ADDRESS = ['Edelweiss Apotheken AG', 'Rezeptservice', 'Postfach', '8021 Zürich'] as const;

export const PRESCRIPTION_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const PRESCRIPTION_FILES_MAX = 5;
/** The whole multipart request: 1 insurance card + 5 prescriptions at 5 MB, plus the form fields. */
export const PICKUP_REQUEST_MAX_BYTES = (PRESCRIPTION_FILES_MAX + 1) * PRESCRIPTION_FILE_MAX_BYTES + 256 * 1024;
export const PICKUP_DAYS_AHEAD = 30;
export const COMMENT_MAX = 2000;
const NAME_MIN = 3;
const NUMBER_RANGE = 'prescription_request';
const FIRST_NUMBER = 50000;

/** Requests per client address and service: 10 per hour. */
export function prescriptionIpLimit(kind: 'delivery' | 'pickup', ip: string): RateLimit {
  return { key: keyOf(`prescription-${kind}:ip`, ip), max: 10, windowSeconds: 3600 };
}

/** The folder of one request's files (absolute), inside DATA_DIR/private. */
export function prescriptionFolder(dataDir: string, requestId: string): string {
  return join(resolve(dataDir), 'private', 'prescriptions', requestId);
}

// --- file types by content ------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** 'pdf' | 'png' from the first bytes, or null for anything else (text, SVG, HTML, JPEG, …). */
export function fileTypeOf(bytes: Uint8Array): 'pdf' | 'png' | null {
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  if (
    bytes.length >= 16 &&
    PNG_SIGNATURE.every((b, i) => bytes[i] === b) &&
    // the first chunk is IHDR with its 13 data bytes
    bytes[8] === 0 && bytes[9] === 0 && bytes[10] === 0 && bytes[11] === 13 &&
    Buffer.from(bytes.subarray(12, 16)).toString('latin1') === 'IHDR'
  ) {
    return 'png';
  }
  return null;
}

const MIME: Record<'pdf' | 'png', string> = { pdf: 'application/pdf', png: 'image/png' };

// --- dates ------------------------------------------------------------------------------------------------

/** Today's date in Zurich as YYYY-MM-DD. */
export function zurichToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The first and last allowed pickup dates: from the next working day (Mon–Sat) up to 30 days ahead. */
export function pickupDateRange(now = new Date()): { first: string; last: string } {
  const today = zurichToday(now);
  let first = addDays(today, 1);
  if (weekday(first) === 0) first = addDays(first, 1);
  return { first, last: addDays(today, PICKUP_DAYS_AHEAD) };
}

/** Whether `date` (YYYY-MM-DD) is an allowed pickup date. */
export function isPickupDate(date: string, now = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`)) || new Date(`${date}T12:00:00Z`).toISOString().slice(0, 10) !== date) return false;
  const { first, last } = pickupDateRange(now);
  return date >= first && date <= last && weekday(date) !== 0;
}

// --- the form ---------------------------------------------------------------------------------------------

interface Person {
  salutationId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  countryId: string | null;
  comment: string | null;
}

function checkPerson(ctx: SalesChannelContext, form: FormChecker, body: Record<string, unknown>, addressRequired: boolean): Person {
  const salutationId = form.entity(ctx, '/salutationId', body.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  const name = (pointer: string, value: unknown): string | null => {
    const text = form.text(pointer, value, { required: true, max: 255 });
    if (text !== null && text.length < NAME_MIN) {
      form.add({ pointer, code: 'VIOLATION::TOO_SHORT_ERROR', detail: `This value is too short. It should have ${NAME_MIN} characters or more.`, parameters: { '{{ value }}': shown(value), '{{ limit }}': NAME_MIN } });
      return null;
    }
    return text;
  };
  const firstName = name('/firstName', body.firstName);
  const lastName = name('/lastName', body.lastName);
  const email = form.email('/email', body.email);
  const phone = form.text('/phone', body.phone, { required: true, max: 40 });
  if (phone !== null && !/^[+0-9 ()/.-]{6,40}$/.test(phone)) {
    form.add({ pointer: '/phone', code: 'VIOLATION::INVALID_PHONE_NUMBER', detail: 'This value is not a valid phone number.', parameters: { '{{ value }}': shown(body.phone) } });
  }
  const birthday = form.text('/birthday', body.birthday, { max: 10 });
  if (birthday !== null) {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(birthday) && !Number.isNaN(Date.parse(`${birthday}T00:00:00Z`)) && birthday < zurichToday() && birthday >= '1900-01-01';
    if (!valid) form.add({ pointer: '/birthday', code: 'VIOLATION::INVALID_DATE_ERROR', detail: 'This value is not a valid date.', parameters: { '{{ value }}': shown(body.birthday) } });
  }
  const street = form.text('/street', body.street, { required: addressRequired, max: 255 });
  const zipcode = form.text('/zipcode', body.zipcode, { required: addressRequired, max: 10 });
  if (zipcode !== null && !/^\d{4}$/.test(zipcode)) {
    form.add({ pointer: '/zipcode', code: 'VIOLATION::ZIP_CODE_INVALID', detail: 'This value is not a valid Swiss postal code (4 digits).', parameters: { '{{ value }}': shown(body.zipcode) } });
  }
  const city = form.text('/city', body.city, { required: addressRequired, max: 255 });
  let countryId: string | null = null;
  if (addressRequired || (body.country !== undefined && body.country !== null && body.country !== '')) {
    const iso = form.choice('/country', typeof body.country === 'string' ? body.country.toUpperCase() : body.country, ['CH', 'LI'] as const);
    countryId = iso === 'CH' ? COUNTRY_CH_ID : iso === 'LI' ? COUNTRY_LI_ID : null;
  }
  const comment = form.text('/comment', body.comment, { max: COMMENT_MAX });
  return { salutationId, firstName: firstName!, lastName: lastName!, email: email!, phone: phone!, birthday, street, zipcode, city, countryId, comment };
}

function nextRequestNumber(ctx: SalesChannelContext): string {
  const row = ctx.db
    .prepare(
      `INSERT INTO number_range (name, last_value) VALUES (?, ?)
       ON CONFLICT(name) DO UPDATE SET last_value = last_value + 1
       RETURNING last_value`,
    )
    .get(NUMBER_RANGE, FIRST_NUMBER) as { last_value: number };
  return `R${row.last_value}`;
}

function insertRequest(ctx: SalesChannelContext, row: { id: string; number: string; kind: 'delivery' | 'pickup'; person: Person; pharmacyId: string | null; pickupDate: string | null; now: string }): void {
  const p = row.person;
  ctx.db
    .prepare(
      `INSERT INTO prescription_request (id, request_number, kind, sales_channel_id, language_id, customer_id, salutation_id, first_name, last_name, email, phone,
         birthday, street, zipcode, city, country_id, pharmacy_id, pickup_date, comment, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'received', ?)`,
    )
    .run(row.id, row.number, row.kind, ctx.salesChannel.id, ctx.languageId, ctx.customerId, p.salutationId, p.firstName, p.lastName, p.email, p.phone,
      p.birthday, p.street, p.zipcode, p.city, p.countryId, row.pharmacyId, row.pickupDate, p.comment, row.now);
}

export interface PrescriptionRequestResult {
  id: string;
  requestNumber: string;
  kind: 'delivery' | 'pickup';
  pickupDate: string | null;
  pharmacyId: string | null;
  createdAt: string;
  apiAlias: 'prescription_request';
}

// --- mails ------------------------------------------------------------------------------------------------

const MAIL_TEXT: Record<
  LanguageKey,
  {
    deliverySubject: (n: string) => string;
    pickupSubject: (n: string) => string;
    greeting: (name: string) => string;
    deliveryIntro: (n: string) => string;
    postTo: string;
    deliveryTime: string;
    pickupIntro: (n: string) => string;
    pickupAt: (pharmacy: string, date: string) => string;
    pickupCall: string;
    questions: string;
  }
> = {
  de: {
    deliverySubject: (n) => `Ihre Rezeptbestellung ${n}`,
    pickupSubject: (n) => `Ihre Rezeptabholung ${n}`,
    greeting: (name) => `Guten Tag ${name}`,
    deliveryIntro: (n) => `Vielen Dank für Ihre Rezeptbestellung ${n} mit Lieferung nach Hause.`,
    postTo: 'Bitte senden Sie das Originalrezept per Post an:',
    deliveryTime: 'Sobald das Rezept bei uns eingetroffen ist, erhalten Sie Ihre Medikamente innerhalb von 2 bis 3 Tagen.',
    pickupIntro: (n) => `Vielen Dank für Ihre Rezeptabholung ${n}. Wir haben Ihre Versichertenkarte und Ihre Rezepte erhalten.`,
    pickupAt: (pharmacy, date) => `Abholung: ${pharmacy}, ab ${date}.`,
    pickupCall: 'Die Apotheke ruft Sie an, sobald Ihre Medikamente bereitliegen.',
    questions: `Bei Fragen erreichen Sie unseren Kundendienst unter ${CUSTOMER_SERVICE_PHONE}.`,
  },
  it: {
    deliverySubject: (n) => `La vostra richiesta di ricetta ${n}`,
    pickupSubject: (n) => `Il vostro ritiro con ricetta ${n}`,
    greeting: (name) => `Buongiorno ${name}`,
    deliveryIntro: (n) => `Grazie per la vostra richiesta di ricetta ${n} con consegna a domicilio.`,
    postTo: 'Inviate la ricetta originale per posta a:',
    deliveryTime: 'Non appena riceviamo la ricetta, riceverete i vostri medicamenti entro 2-3 giorni.',
    pickupIntro: (n) => `Grazie per la vostra richiesta di ritiro ${n}. Abbiamo ricevuto la vostra tessera d’assicurato e le vostre ricette.`,
    pickupAt: (pharmacy, date) => `Ritiro: ${pharmacy}, a partire dal ${date}.`,
    pickupCall: 'La farmacia vi chiamerà non appena i vostri medicamenti saranno pronti.',
    questions: `Per domande il nostro servizio clienti è raggiungibile al numero ${CUSTOMER_SERVICE_PHONE}.`,
  },
  fr: {
    deliverySubject: (n) => `Votre demande d’ordonnance ${n}`,
    pickupSubject: (n) => `Votre retrait sur ordonnance ${n}`,
    greeting: (name) => `Bonjour ${name}`,
    deliveryIntro: (n) => `Merci pour votre demande d’ordonnance ${n} avec livraison à domicile.`,
    postTo: 'Veuillez envoyer l’ordonnance originale par la poste à :',
    deliveryTime: 'Dès réception de l’ordonnance, vous recevrez vos médicaments dans un délai de 2 à 3 jours.',
    pickupIntro: (n) => `Merci pour votre demande de retrait ${n}. Nous avons bien reçu votre carte d’assuré et vos ordonnances.`,
    pickupAt: (pharmacy, date) => `Retrait : ${pharmacy}, à partir du ${date}.`,
    pickupCall: 'La pharmacie vous appellera dès que vos médicaments seront prêts.',
    questions: `Pour toute question, notre service clientèle est joignable au ${CUSTOMER_SERVICE_PHONE}.`,
  },
};

const DATE_LOCALE: Record<LanguageKey, string> = { de: 'de-CH', it: 'it-CH', fr: 'fr-CH' };

function shownDate(date: string, language: LanguageKey): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
}

function queueConfirmation(ctx: SalesChannelContext, kind: 'delivery' | 'pickup', number: string, person: Person, pickup?: { pharmacy: string; date: string }): void {
  const language = languageKeyOf(ctx.languageId);
  const t = MAIL_TEXT[language];
  const name = `${person.firstName} ${person.lastName}`;
  const subject = kind === 'delivery' ? t.deliverySubject(number) : t.pickupSubject(number);
  const paragraphs: string[][] =
    kind === 'delivery'
      ? [[t.greeting(name)], [t.deliveryIntro(number)], [t.postTo, ...PRESCRIPTION_POST_ADDRESS], [t.deliveryTime], [t.questions]]
      : [[t.greeting(name)], [t.pickupIntro(number)], [t.pickupAt(pickup!.pharmacy, shownDate(pickup!.date, language))], [t.pickupCall], [t.questions]];
  const text = `${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}\n`;
  const html = htmlDocument(language, subject, paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join(''));
  queueMail(ctx.db, { template: `prescription.${kind}`, to: person.email, languageId: ctx.languageId, subject, text, html, customerId: ctx.customerId });
}

// --- the services -----------------------------------------------------------------------------------------

/** POST /prescription/delivery (JSON). */
export function requestPrescriptionDelivery(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null): PrescriptionRequestResult {
  const form = new FormChecker();
  const person = checkPerson(ctx, form, body, true);
  form.fail();
  if (clientIp) hitRateLimit(ctx.db, [prescriptionIpLimit('delivery', clientIp)]);
  const id = randomId();
  const now = new Date().toISOString();
  let number = '';
  ctx.db.transaction(() => {
    number = nextRequestNumber(ctx);
    insertRequest(ctx, { id, number, kind: 'delivery', person, pharmacyId: null, pickupDate: null, now });
    queueConfirmation(ctx, 'delivery', number, person);
  })();
  return { id, requestNumber: number, kind: 'delivery', pickupDate: null, pharmacyId: null, createdAt: now, apiAlias: 'prescription_request' };
}

/** The files of a pickup request as the route read them from the multipart body. */
export interface UploadedFile {
  /** the JSON pointer of the part, e.g. /insuranceCard or /prescriptions/0 */
  pointer: string;
  role: 'insurance_card' | 'prescription';
  bytes: Uint8Array;
}

function fileTooLarge(pointer: string, size: number): StoreApiError {
  return StoreApiError.violation(pointer, 'PRESCRIPTION__FILE_TOO_LARGE', `The file is larger than ${PRESCRIPTION_FILE_MAX_BYTES} bytes (5 MB).`, {
    size,
    maxBytes: PRESCRIPTION_FILE_MAX_BYTES,
    maxMegabytes: PRESCRIPTION_FILE_MAX_BYTES / (1024 * 1024),
  });
}

/** Refuses a part that is too large before it is read (the route calls it with each part's size). */
export function checkUploadSize(pointer: string, size: number): void {
  if (size > PRESCRIPTION_FILE_MAX_BYTES) throw fileTooLarge(pointer, size);
}

/** The pickup request's client address limit, counted before the body is read. */
export function countPickupAttempt(ctx: SalesChannelContext, clientIp: string | null): void {
  if (clientIp) hitRateLimit(ctx.db, [prescriptionIpLimit('pickup', clientIp)]);
}

/** POST /prescription/pickup (multipart/form-data): fields in `body`, files already read (each ≤ 5 MB). */
export function requestPrescriptionPickup(ctx: SalesChannelContext, dataDir: string, body: Record<string, unknown>, files: UploadedFile[], now = new Date()): PrescriptionRequestResult {
  const form = new FormChecker();
  const person = checkPerson(ctx, form, body, false);
  const pharmacyId = form.text('/pharmacyId', body.pharmacyId, { required: true, max: 64 });
  let pharmacy: { name: string } | undefined;
  if (pharmacyId !== null) {
    pharmacy = ctx.db.prepare('SELECT name FROM pharmacy WHERE id = ?').get(pharmacyId.toLowerCase()) as { name: string } | undefined;
    if (!pharmacy) form.add({ pointer: '/pharmacyId', code: 'PRESCRIPTION__PHARMACY_NOT_FOUND', detail: `The pharmacy ${shown(pharmacyId)} does not exist.`, parameters: { '{{ id }}': shown(pharmacyId) } });
  }
  const pickupDate = form.text('/pickupDate', body.pickupDate, { required: true, max: 10 });
  if (pickupDate !== null && !isPickupDate(pickupDate, now)) {
    const range = pickupDateRange(now);
    form.add({
      pointer: '/pickupDate',
      code: 'PRESCRIPTION__PICKUP_DATE_INVALID',
      detail: `The pickup date must be a working day (Monday to Saturday) from ${range.first} to ${range.last}.`,
      parameters: { '{{ value }}': shown(body.pickupDate), first: range.first, last: range.last },
    });
  }
  const cards = files.filter((f) => f.role === 'insurance_card');
  const prescriptions = files.filter((f) => f.role === 'prescription');
  if (cards.length !== 1) {
    form.add({ pointer: '/insuranceCard', code: 'PRESCRIPTION__FILE_REQUIRED', detail: 'Exactly one file of the insurance card is required.', parameters: { count: cards.length } });
  }
  if (prescriptions.length < 1 || prescriptions.length > PRESCRIPTION_FILES_MAX) {
    form.add({ pointer: '/prescriptions', code: 'PRESCRIPTION__FILE_REQUIRED', detail: `Between 1 and ${PRESCRIPTION_FILES_MAX} prescription files are required.`, parameters: { count: prescriptions.length, max: PRESCRIPTION_FILES_MAX } });
  }
  const typed = files.map((file) => {
    if (file.bytes.length > PRESCRIPTION_FILE_MAX_BYTES) form.add({ pointer: file.pointer, code: 'PRESCRIPTION__FILE_TOO_LARGE', detail: fileTooLarge(file.pointer, file.bytes.length).message, parameters: { maxBytes: PRESCRIPTION_FILE_MAX_BYTES, maxMegabytes: 5 } });
    const type = fileTypeOf(file.bytes);
    if (!type) form.add({ pointer: file.pointer, code: 'PRESCRIPTION__FILE_TYPE_NOT_ALLOWED', detail: 'Only PDF and PNG files are accepted (the type is read from the content).', parameters: { allowed: 'application/pdf, image/png' } });
    return { ...file, type };
  });
  form.fail();

  const id = randomId();
  const folder = prescriptionFolder(dataDir, id);
  const createdAt = now.toISOString();
  const stored = typed.map((file) => {
    const fileId = randomId();
    const path = join(folder, `${fileId}.${file.type}`);
    return { fileId, path, relative: `prescriptions/${id}/${fileId}.${file.type}`, file, sha256: createHash('sha256').update(file.bytes).digest('hex') };
  });
  // Files first; the rows after them in one transaction; a failed insert removes the files again.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let number = '';
  try {
    for (const s of stored) writeFileSync(s.path, s.file.bytes, { mode: 0o600 });
    ctx.db.transaction(() => {
      number = nextRequestNumber(ctx);
      insertRequest(ctx, { id, number, kind: 'pickup', person, pharmacyId: pharmacyId!.toLowerCase(), pickupDate, now: createdAt });
      const insert = ctx.db.prepare(
        `INSERT INTO prescription_file (id, request_id, role, mime_type, size, sha256, storage_path, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const s of stored) insert.run(s.fileId, id, s.file.role, MIME[s.file.type!], s.file.bytes.length, s.sha256, s.relative, createdAt);
      queueConfirmation(ctx, 'pickup', number, person, { pharmacy: pharmacy!.name, date: pickupDate! });
    })();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { id, requestNumber: number, kind: 'pickup', pickupDate, pharmacyId: pharmacyId!.toLowerCase(), createdAt, apiAlias: 'prescription_request' };
}
