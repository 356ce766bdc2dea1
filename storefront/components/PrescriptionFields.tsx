import { useId } from 'react';
import { checkEmail, checkName, checkPostalCode, checkRequired, NAME_MIN_LENGTH, type FieldProblem } from '../forms/fieldRules';
import { medicationTexts } from '../i18n/pageTexts/medication';
import { usePageTexts } from '../i18n/pageTexts';
import styles from './PrescriptionForms.module.css';

// What both prescription forms share: the browser's checks (SPEC §5), the post address, the success view.

/** The gateway's limits (gateway/src/schema/prescription.ts). */
export const COMMENT_MAX = 2000;
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
export const PRESCRIPTIONS_MAX = 5;
/** What the file inputs offer; the server still reads the type from the content. */
export const FILE_ACCEPT = 'application/pdf,image/png';

export type Problem = FieldProblem | 'tooLong' | 'date' | 'fileType' | 'fileSize' | 'fileRequired' | 'tooMany';

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday: string;
  comment: string;
}

export const EMPTY_PERSON: PersonValues = { firstName: '', lastName: '', email: '', phone: '', birthday: '', comment: '' };

export function checkPerson(values: PersonValues): Partial<Record<string, Problem>> {
  const problems: Partial<Record<string, Problem>> = {};
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

export { checkPostalCode, checkRequired };

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

/** The texts of a problem. */
export function useProblemText() {
  const { t } = usePageTexts('medication', medicationTexts);
  return (problem: Problem | undefined): string | undefined => (problem ? t(`errors.${problem}`, { min: NAME_MIN_LENGTH, max: COMMENT_MAX }) : undefined);
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

export function checkPickupDate(value: string, now = new Date()): Problem | undefined {
  if (!value) return 'required';
  const { min, max } = pickupDateBounds(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < min || value > max || new Date(`${value}T12:00:00Z`).getUTCDay() === 0) return 'date';
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

/** Where to post the original prescription, and when the medicines arrive. */
export function PrescriptionPostAddress() {
  const { t } = usePageTexts('medication', medicationTexts);
  const lines = t('postAddress.lines', { returnObjects: true }) as unknown as string[];
  return (
    <div className={styles.address}>
      <p className={styles.addressTitle}>{t('postAddress.title')}</p>
      <address>
        {lines.map((line) => (
          <span key={line} className={styles.addressLine}>
            {line}
          </span>
        ))}
      </address>
      <p>{t('deliveryTime')}</p>
    </div>
  );
}

/** The optional note, a labelled textarea with its message. */
export function PrescriptionComment({ value, onChange, message, max }: { value: string; onChange: (value: string) => void; message?: string; max: number }) {
  const { t } = usePageTexts('medication', medicationTexts);
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('fields.comment')}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        data-field="comment"
        name="comment"
        rows={4}
        maxLength={max}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {message ? (
        <p id={`${id}-message`} className={styles.problem}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the keyboard on a field of this form (both forms of the page have fields of the same names). */
export function focusFieldIn(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return;
  form.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`)?.focus();
}
