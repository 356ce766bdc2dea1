import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** The class of a field's control (input, select, textarea): one look, red when aria-invalid. */
export const fieldControlClass = styles.control;

/** The ids of a field's hint and message, for its control's aria-describedby. */
export function fieldDescribedBy(id: string, hint: ReactNode, message: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean).join(' ') || undefined;
}

interface FieldProps {
  /** the control's id: the label points at it, the hint and message ids are made from it */
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  message?: string;
  /** the control itself, with `aria-describedby={fieldDescribedBy(id, hint, message)}` and `aria-invalid` */
  children: ReactNode;
}

/** A labelled control: the label (with its required mark) above, the hint and the message below. */
export function Field({ id, label, required = false, hint, message, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-message`} className={styles.message}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
