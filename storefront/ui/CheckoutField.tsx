import { useId, type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation';
import { problemText, type FieldProblems } from '../forms/checkoutForms';
import { useRefusalFocus } from '../forms/postedForm';
import styles from './CheckoutField.module.css';

/**
 * The message beside a checkout field: the browser's SPEC §5 check first, else the gateway's message for
 * that field as given (the gateway already writes a violation as 'field - detail', SPEC §5).
 */
export function useFieldMessages(problems: FieldProblems, serverErrors: Readonly<Record<string, string>>) {
  const { t } = useTranslation('checkout');
  return (field: string, _label: string): string | undefined => {
    const problem = problems[field];
    if (problem) {
      const { key, values } = problemText(problem, field);
      return t(key, values);
    }
    return serverErrors[field];
  };
}

/** Puts the keyboard on a checkout field by its path (after a refused submit). */
export function focusField(field: string | undefined): void {
  if (!field || typeof document === 'undefined') return;
  const element = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  element?.focus();
}

interface TextFieldProps {
  /** the field's path, as in ShopError.field ("billingAddress.zipcode") */
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  hint?: ReactNode;
}

/** A labelled input with its message beside it (aria-invalid, aria-describedby). */
export function TextField({ field, label, value, onChange, message, type = 'text', autoComplete, required = false, inputMode, maxLength, hint }: TextFieldProps) {
  const id = useId();
  const refused = useRefusalFocus(field);
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} message={message}>
      <input
        id={id}
        className={styles.input}
        data-field={field}
        name={field}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        autoFocus={refused}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, hint, message)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </LabelledField>
  );
}

/** The ids of a field's hint and message, for aria-describedby. */
function describedBy(id: string, hint: ReactNode, message: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, message ? `${id}-message` : null].filter(Boolean).join(' ') || undefined;
}

/** The label (with its required mark) above a control, and its hint and message below. */
function LabelledField({ id, label, required, hint, message, children }: { id: string; label: string; required: boolean; hint?: ReactNode; message?: string; children: ReactNode }) {
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

interface SelectFieldProps {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  message?: string;
  required?: boolean;
  autoComplete?: string;
  /** the empty choice's text; none when the field always has a value */
  placeholder?: string;
}

export function SelectField({ field, label, value, onChange, options, message, required = false, autoComplete, placeholder }: SelectFieldProps) {
  const id = useId();
  const refused = useRefusalFocus(field);
  return (
    <LabelledField id={id} label={label} required={required} message={message}>
      <select
        id={id}
        className={styles.input}
        data-field={field}
        name={field}
        value={value}
        required={required}
        autoComplete={autoComplete}
        autoFocus={refused}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, null, message)}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

interface CheckboxFieldProps {
  field: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  message?: string;
  required?: boolean;
}

/** A checkbox whose label may hold a link (terms, data protection). */
export function CheckboxField({ field, checked, onChange, children, message, required = false }: CheckboxFieldProps) {
  const id = useId();
  const refused = useRefusalFocus(field);
  return (
    <div className={styles.checkbox}>
      <input
        id={id}
        type="checkbox"
        data-field={field}
        name={field}
        checked={checked}
        required={required}
        autoFocus={refused}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{children}</label>
      {message ? (
        <p id={`${id}-message`} className={`${styles.message} ${styles.checkboxMessage}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The alert box for errors that belong to no field (announced at once). */
export function CheckoutAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className={styles.alert} role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
