import { useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { PostedFormFields, type PostedFormState } from '../../forms/postedForm';
import styles from './CheckoutSteps.module.css';

/** False on the server and while the page hydrates; true once its scripts run it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

interface CheckoutChoiceFormProps {
  /** the form's name (`_form`, `data-form`) */
  form: string;
  /** where it posts (the checkout, its own query string included) */
  action: string;
  posted: Omit<PostedFormState, 'form'> | null;
  /** the button that sends the choice until the page's scripts take over (they send each choice as it is made) */
  apply: string;
  /** the enhanced page's handling of a submit (Enter in the list): the choice was sent already */
  onSubmit?: () => void;
  label?: string;
  children: ReactNode;
}

/**
 * A checkout choice (shipping, payment, pharmacy) as a kit form (ADR 0023): without scripts, or before they
 * arrive, the shopper ticks a radio and sends it with the apply button; hydrated, a radio's change sends it at
 * once and the button goes away.
 */
export function CheckoutChoiceForm({ form, action, posted, apply, onSubmit, label, children }: CheckoutChoiceFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      className={styles.form}
      method="post"
      action={action}
      data-form={form}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <PostedFormFields form={form} posted={posted} />
      {children}
      {hydrated ? null : (
        <button type="submit" className={styles.secondaryButton}>
          {apply}
        </button>
      )}
    </form>
  );
}

/**
 * The shipping address's fields under "the shipping address differs": hydrated, there only while the box is ticked;
 * before (or without scripts) always in the form and shown by the box alone (CSS), so a tick reveals them.
 */
export function DifferentShippingAddress({ ticked, children }: { ticked: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated && !ticked) return null;
  return <div className={styles.differentShipping}>{children}</div>;
}

interface InPlaceButtonProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'role'> {
  /** the page that shows the same thing without scripts (the form opened, the list shown) */
  href: string;
  /** hydrated: what the button does in place instead */
  onOpen: () => void;
}

/**
 * A button that opens something in place (a form, a dialog) once the page runs, and before that is a link to the
 * page that shows it; Space presses it as it would a button.
 */
export function InPlaceButton({ href, onOpen, children, ...attributes }: InPlaceButtonProps) {
  return (
    <a
      {...attributes}
      href={href}
      // Vike's router follows every link click, prevented or not: this one opens in place once the page runs
      data-vike="false"
      role="button"
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
