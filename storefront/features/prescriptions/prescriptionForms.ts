import { checkEmail, checkName, checkPostalCode, checkRequired, type FieldProblem } from '../../forms/fieldRules';

// The prescription forms' SPEC §5 checks and mutation inputs, shared by the enhanced forms
// (storefront/features/prescriptions/PrescriptionDeliveryForm.tsx, PrescriptionPickupForm.tsx) and their posts without JavaScript
// (server/forms/content.ts), so both refuse and send exactly the same.

/** The gateway's limits (gateway/src/schema/prescription.ts). */
export const COMMENT_MAX = 2000;
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
export const PRESCRIPTIONS_MAX = 5;
/** What the file inputs offer; the server still reads the type from the content. */
export const FILE_ACCEPT = 'application/pdf,image/png';

export type Problem = FieldProblem | 'tooLong' | 'date' | 'fileType' | 'fileSize' | 'fileRequired' | 'tooMany';
export type Problems = Partial<Record<string, Problem>>;

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday: string;
  comment: string;
}

export const EMPTY_PERSON: PersonValues = { firstName: '', lastName: '', email: '', phone: '', birthday: '', comment: '' };

export function checkPerson(values: PersonValues): Problems {
  const problems: Problems = {};
  const add = (field: string, problem: Problem | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('firstName', checkName(values.firstName));
  add('lastName', checkName(values.lastName));
  add('email', checkEmail(values.email));
  add('phone', checkRequired(values.phone));
  add('comment', values.comment.trim().length > COMMENT_MAX ? 'tooLong' : undefined);
  return problems;
}

/** The person's fields as the gateway takes them (empty optional fields left out). */
export function personInput(values: PersonValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    ...(values.birthday ? { birthday: values.birthday } : {}),
    ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
  };
}

/** Date in Zurich as YYYY-MM-DD, `days` after today. */
function zurichDate(days: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last pickup dates: the next working day (Mon–Sat) up to 30 days ahead. */
export function pickupDateBounds(now = new Date()): { min: string; max: string } {
  let min = zurichDate(1, now);
  if (new Date(`${min}T12:00:00Z`).getUTCDay() === 0) min = zurichDate(2, now);
  return { min, max: zurichDate(30, now) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function checkPickupDate(value: string, now = new Date()): Problem | undefined {
  if (!value) return 'required';
  const { min, max } = pickupDateBounds(now);
  if (!ISO_DATE.test(value) || value < min || value > max || new Date(`${value}T12:00:00Z`).getUTCDay() === 0) return 'date';
  return undefined;
}

/** A courtesy check of a chosen file (the server decides by content). */
export function checkFile(file: File | undefined): Problem | undefined {
  if (!file) return 'fileRequired';
  if (file.size > FILE_MAX_BYTES) return 'fileSize';
  const type = file.type || (/\.pdf$/i.test(file.name) ? 'application/pdf' : /\.png$/i.test(file.name) ? 'image/png' : '');
  if (type !== 'application/pdf' && type !== 'image/png') return 'fileType';
  return undefined;
}

// Home delivery: the person and the address.

export const DELIVERY_FORM = 'prescription-delivery';
export type DeliveryValues = PersonValues & { street: string; zipcode: string; city: string; country: string };
export const DELIVERY_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthday', 'street', 'zipcode', 'city', 'country', 'comment'] as const;
export const EMPTY_DELIVERY: DeliveryValues = { ...EMPTY_PERSON, street: '', zipcode: '', city: '', country: 'CH' };

export function checkDelivery(values: DeliveryValues): Problems {
  const problems = checkPerson(values);
  const street = checkRequired(values.street);
  const zipcode = checkPostalCode(values.zipcode);
  const city = checkRequired(values.city);
  if (street) problems.street = street;
  if (zipcode) problems.zipcode = zipcode;
  if (city) problems.city = city;
  return problems;
}

/** requestPrescriptionDelivery's input. */
export function deliveryInputOf(values: DeliveryValues) {
  return { ...personInput(values), street: values.street.trim(), zipcode: values.zipcode.trim(), city: values.city.trim(), country: values.country };
}

// Pickup: the person, the pharmacy and date, the insurance card and 1–5 prescriptions.

export const PICKUP_FORM = 'prescription-pickup';
export type PickupValues = PersonValues & { pharmacyId: string; pickupDate: string };
export const PICKUP_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthday', 'pharmacyId', 'pickupDate', 'insuranceCard', 'prescriptions', 'comment'] as const;
export const EMPTY_PICKUP: PickupValues = { ...EMPTY_PERSON, pharmacyId: '', pickupDate: '' };

export function checkPickup(values: PickupValues, card: File | undefined, prescriptions: readonly File[]): Problems {
  const found = checkPerson(values);
  if (!values.pharmacyId) found.pharmacyId = 'required';
  const date = checkPickupDate(values.pickupDate);
  if (date) found.pickupDate = date;
  const cardProblem = checkFile(card);
  if (cardProblem) found.insuranceCard = cardProblem;
  const prescriptionProblem = prescriptions.length > PRESCRIPTIONS_MAX ? 'tooMany' : prescriptions.length === 0 ? 'fileRequired' : prescriptions.map(checkFile).find(Boolean);
  if (prescriptionProblem) found.prescriptions = prescriptionProblem;
  return found;
}

/** requestPrescriptionPickup's input (the files travel as the mutation's uploads). */
export function pickupInputOf(values: PickupValues) {
  return { ...personInput(values), pharmacyId: values.pharmacyId, pickupDate: values.pickupDate };
}

/** The files as the mutation's uploads by variable path (Relay `uploadables`): "insuranceCard", "prescriptions.0" … */
export function pickupUploadsOf(card: File, prescriptions: readonly File[]): Record<string, File> {
  const uploads: Record<string, File> = { insuranceCard: card };
  prescriptions.forEach((file, i) => (uploads[`prescriptions.${i}`] = file));
  return uploads;
}

/** The gateway names a file by its place ("prescriptions.2"); the form shows the message beside its input. */
export function pickupErrorsByInput<E extends { field?: string | null }>(errors: readonly E[] | null): E[] | null {
  return errors && errors.map((error) => ({ ...error, field: error.field?.split('.')[0] ?? null }));
}

/**
 * Where a request posted without JavaScript lands: the medications page with `?prescription=delivery|pickup`, its
 * number and (pickup) its date — shown only in their own formats, so a crafted link cannot put other text there.
 */
export const PRESCRIPTION_SENT_PARAMETER = 'prescription';

export function prescriptionSentAddress(pagePath: string, kind: 'delivery' | 'pickup', number: string, date?: string): string {
  const search = new URLSearchParams({ [PRESCRIPTION_SENT_PARAMETER]: kind, number, ...(date ? { date } : {}) });
  return `${pagePath}?${search.toString()}`;
}

export function prescriptionSentOf(search: Readonly<Record<string, string>>, kind: 'delivery' | 'pickup'): { number: string; date: string } | null {
  const number = search.number ?? '';
  const date = search.date ?? '';
  if (search[PRESCRIPTION_SENT_PARAMETER] !== kind || !/^R\d{1,12}$/.test(number)) return null;
  if (kind === 'pickup' && !ISO_DATE.test(date)) return null;
  return { number, date };
}
