import { useId, type ChangeEvent, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { Field, fieldControlClass, fieldDescribedBy } from '../ui/Field';
import { useRefusalFocus } from './postedForm';
import styles from './ShopForm.module.css';

// The form kit's controls: the UI kit's Field with a control named as the form posts it (`field`, also its
// data-field for a refused submit's focus) that takes the keyboard when a refused post names it (RefusalFocus).

/**
 * What every kit control carries: its id, its name (the form post's) and data-field (a refused submit's focus),
 * `autofocus` when a refused post names it, and its message's and hint's aria. Spread onto the control.
 */
export function useFieldControl(field: string, message: string | undefined, hint?: ReactNode) {
  const id = useId();
  const refused = useRefusalFocus(field);
  return {
    id,
    'data-field': field,
    name: field,
    autoFocus: refused,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, hint, message),
  } as const;
}

interface TextFieldProps {
  /** the field's path, as in ShopError.field ("billingAddress.zipcode") and the form post's name */
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
  /** a date's bounds */
  min?: string;
  max?: string;
}

/** A labelled input with its hint and message (aria-invalid, aria-describedby). */
export function TextField({ field, label, value, onChange, message, type = 'text', autoComplete, required = false, inputMode, maxLength, hint, min, max }: TextFieldProps) {
  const control = useFieldControl(field, message, hint);
  return (
    <Field id={control.id} label={label} required={required} hint={hint} message={message}>
      <input
        {...control}
        className={fieldControlClass}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        required={required}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </Field>
  );
}

interface TextAreaFieldProps {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: string;
  required?: boolean;
  maxLength?: number;
  rows?: number;
}

/** A labelled textarea (a message, a note) with its message. */
export function TextAreaField({ field, label, value, onChange, message, required = false, maxLength, rows = 4 }: TextAreaFieldProps) {
  const control = useFieldControl(field, message);
  return (
    <Field id={control.id} label={label} required={required} message={message}>
      <textarea {...control} className={fieldControlClass} rows={rows} required={required} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
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
  const control = useFieldControl(field, message);
  return (
    <Field id={control.id} label={label} required={required} message={message}>
      <select {...control} className={fieldControlClass} value={value} required={required} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
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
  const control = useFieldControl(field, message);
  return (
    <div className={styles.checkbox}>
      <input {...control} type="checkbox" checked={checked} required={required} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={control.id}>{children}</label>
      {message ? (
        <p id={`${control.id}-message`} className={styles.checkboxMessage}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
