import { useId, type ReactNode } from 'react';
import styles from './ChoiceGroup.module.css';

interface ChoiceGroupProps {
  /** the controls' name, as the form posts it */
  name: string;
  legend: ReactNode;
  type?: 'radio' | 'checkbox';
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  /** the values chosen (one for a radio group) */
  chosen: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  required?: boolean;
  message?: string | null;
  /** the message is announced at once (a refusal of the whole form shown under its only question) */
  announce?: boolean;
  /** without a frame: the group is the form's only question */
  plain?: boolean;
  /** the first control's `autoFocus` (the form kit's refusal focus) */
  autoFocus?: boolean;
  /** the first control's data-field, so a refused submit can put the keyboard on the group */
  field?: string;
}

/** Radio buttons or checkboxes in a fieldset with its legend, the message below (aria-describedby). */
export function ChoiceGroup({ name, legend, type = 'radio', options, chosen, onChange, required = false, message, announce = false, plain = false, autoFocus, field }: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset className={plain ? styles.plain : styles.group} aria-describedby={message ? `${id}-message` : undefined}>
      <legend className={styles.legend}>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((option, index) => (
        <div key={option.value} className={styles.option}>
          <input
            id={`${id}-${index}`}
            type={type}
            name={name}
            value={option.value}
            data-field={index === 0 ? field : undefined}
            checked={chosen.includes(option.value)}
            required={required && type === 'radio'}
            autoFocus={index === 0 && autoFocus}
            aria-invalid={message ? true : undefined}
            onChange={(event) => onChange(option.value, event.target.checked)}
          />
          <label htmlFor={`${id}-${index}`}>{option.label}</label>
        </div>
      ))}
      {message ? (
        <p id={`${id}-message`} className={styles.message} role={announce ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
