import { useId } from 'react';
import { NAME_MIN_LENGTH } from '../../forms/fieldRules';
import { COMMENT_MAX, type Problem } from './prescriptionForms';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import styles from './PrescriptionForms.module.css';

// What both prescription forms show alike: the problems' texts, the post address, the note. Their checks and
// inputs are storefront/features/prescriptions/prescriptionForms.ts (the server's form posts use them too).

/** The texts of a problem. */
export function useProblemText() {
  const { t } = usePageTexts('medication', medicationTexts);
  return (problem: Problem | undefined): string | undefined => (problem ? t(`errors.${problem}`, { min: NAME_MIN_LENGTH, max: COMMENT_MAX }) : undefined);
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
