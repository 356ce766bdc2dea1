import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary';

/** The class of a shop button, also for a link that looks like one (it works without scripts, a button may not). */
export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`;
}

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  variant?: ButtonVariant;
  /** a request is running: the button is disabled and says so (aria-busy) */
  busy?: boolean;
}

/** The shop's button; a submit by default, as most of them send a form. */
export function Button({ variant = 'primary', busy = false, type = 'submit', disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass(variant)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
