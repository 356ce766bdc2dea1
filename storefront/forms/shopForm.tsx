import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClass } from '../ui/Button';
import { Notice } from '../ui/Notice';
import type { ShopErrorData } from './checkoutForms';
import { PostedFormFields, RefusalFocus, refusedFieldOf, usePostedForm } from './postedForm';
import { refusalShown } from './refusalShown';
import { useValidationText, type FormTextVariant } from './validationTexts';
import styles from './ShopForm.module.css';

// The form kit's one state for a shop form (ADR 0023): its values from usePostedForm (a refused post's answer, what
// was typed before hydration), the SPEC §5 problems with their texts from the one 'forms' namespace, the gateway's
// refusal beside the fields or in the form's alert, and the keyboard on the first wrong field.

/** The gateway's refusal as a form shows it: messages by field, the others in the alert. */
export type Refusal = { byField: Record<string, string>; general: string[] };

interface ShopFormOptions<V> {
  /** the form's name (its `_form` field, FORM_POSTS) */
  form: string;
  empty: V;
  /** the fields in the order the keyboard visits them: a refused submit focuses the first wrong one */
  fields: readonly string[];
  /** the browser's SPEC §5 checks (the same the server's form post runs) */
  check: (values: V) => Readonly<Record<string, string | undefined>>;
  /** the message when the gateway could not be reached */
  unavailable: string;
  /** how the gateway's errors are shown; by default those naming one of `fields` beside it */
  sortRefusal?: (errors: readonly ShopErrorData[] | null, unavailable: string) => Refusal;
  /** the form's own wording of the validation texts (forms.json `byForm`) */
  texts?: FormTextVariant;
  /** a field's length limit, for the 'tooLong' text */
  maxima?: Readonly<Record<string, number>>;
}

export function useShopForm<V extends { [K in keyof V]: string }>({ form, empty, fields, check, unavailable, sortRefusal, texts, maxima }: ShopFormOptions<V>) {
  const sort = sortRefusal ?? ((errors: readonly ShopErrorData[] | null, generic: string) => refusalShown(errors, fields, generic));
  const posted = usePostedForm<V>(form, empty);
  const [first] = useState(() => sort(posted.errors, unavailable));
  const [values, setValues] = useState<V>(posted.values);
  const [problems, setProblems] = useState<Readonly<Record<string, string | undefined>>>(posted.problems);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>(first.byField);
  const [alert, setAlert] = useState<string[]>(first.general);
  const formRef = useRef<HTMLFormElement>(null);
  const text = useValidationText(texts, maxima);

  /** Puts the keyboard on a field of this form (two forms of a page may have fields of the same name), else on its alert. */
  const focus = (field: string | undefined) => {
    const target = field ? `[data-field="${CSS.escape(field)}"]` : '[role="alert"]';
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  };

  return {
    /** the refused post's answer (null when nothing was posted), for the form's hidden state */
    posted: posted.posted,
    values,
    setValues,
    alert,
    /** the message beside a field: the browser's check first, else the gateway's */
    messageOf: (field: string): string | undefined => {
      const problem = problems[field];
      return problem ? text(problem, field) : serverErrors[field];
    },
    /** the browser's problem with a field, as last checked */
    problemOf: (field: string): string | undefined => problems[field],
    /** A field's change; a message once shown follows the typing, so the shopper sees when it is right. */
    change: (field: keyof V & string) => (value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      setServerErrors((old) => ({ ...old, [field]: undefined }));
      if (problems[field]) setProblems((old) => ({ ...old, [field]: check(next)[field] }));
    },
    /** A submit: shows the browser's problems (and none of the gateway's); whether the form may be sent. */
    checked: (): boolean => {
      const found = check(values);
      setProblems(found);
      setServerErrors({});
      setAlert([]);
      const wrong = fields.find((field) => found[field]);
      if (wrong) focus(wrong);
      return wrong === undefined;
    },
    /** Shows the gateway's refusal (null: not reached) and puts the keyboard on its first field, else on the alert. */
    refused: (errors: readonly ShopErrorData[] | null): void => {
      const { byField, general } = sort(errors, unavailable);
      setServerErrors(byField);
      // a refusal without a word (no errors, nothing done) still says something went wrong
      setAlert(general.length > 0 || Object.keys(byField).length > 0 ? general : [unavailable]);
      // after React has drawn the alert
      requestAnimationFrame(() => focus(fields.find((field) => byField[field])));
    },
    /** A control whose value the form keeps itself (a file input) changed: its gateway message goes, its problem is `problem`. */
    rechecked: (field: string, problem: string | undefined): void => {
      setServerErrors((old) => ({ ...old, [field]: undefined }));
      setProblems((old) => ({ ...old, [field]: problem }));
    },
    /** Sent: the form starts empty again. */
    reset: () => setValues(empty),
    /** what <ShopForm> needs */
    kit: { form, posted: posted.posted, formRef, alert, refusedField: refusedFieldOf(posted.posted, fields, first.byField) },
  };
}

interface ShopFormProps {
  kit: ReturnType<typeof useShopForm>['kit'];
  /** where the form posts without scripts (the page that shows its result) */
  action: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** a form with files posts them as multipart/form-data */
  withFiles?: boolean;
  /** the form's accessible name: the id of its heading, or a text */
  labelledBy?: string;
  label?: string;
  'data-testid'?: string;
}

/**
 * A kit form: a real <form method="post"> that works without scripts (server/formPosts.ts), its hidden state, the
 * gateway's refusals that belong to no field, and the refused field's focus.
 */
export function ShopForm({ kit, action, onSubmit, children, withFiles = false, labelledBy, label, 'data-testid': testId }: ShopFormProps) {
  return (
    <form
      ref={kit.formRef}
      className={styles.form}
      method="post"
      action={action}
      encType={withFiles ? 'multipart/form-data' : undefined}
      data-form={kit.form}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      aria-label={label}
      data-testid={testId}
    >
      <PostedFormFields form={kit.form} posted={kit.posted} />
      <Notice tone="error" messages={kit.alert} />
      <RefusalFocus field={kit.refusedField}>{children}</RefusalFocus>
    </form>
  );
}

interface FormSentProps {
  /** the page of the empty form */
  again: string;
  againLabel: string;
  /** with scripts: the form comes back in place */
  onAgain: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

/** The confirmation that replaces a sent form, with a link back to an empty one (a link, so it works without scripts). */
export function FormSent({ again, againLabel, onAgain, children, 'data-testid': testId }: FormSentProps) {
  return (
    <Notice tone="success" focusOnShow data-testid={testId}>
      {children}
      <a
        className={buttonClass('secondary')}
        href={again}
        onClick={(event) => {
          event.preventDefault();
          onAgain();
        }}
      >
        {againLabel}
      </a>
    </Notice>
  );
}

/** Two fields side by side (from a tablet on). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
