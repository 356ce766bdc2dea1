import { createContext, useContext, useState, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { firstProblemField, type ShopErrorData } from './checkoutForms';

// The form kit's browser half (ADR 0023). Every shop form is a real <form method="post"> the server handles
// (server/formPosts.ts) when scripts have not run: on a refusal the server renders the same page with what was sent
// and why it was refused (`pageContext.formPost`). This hook gives a form its first state — the same on the server
// and while the page hydrates — and keeps what the shopper typed before the page's scripts arrived.

/** What the server answered a form post with; server only (`pageContext.formPost`), then carried in the form's HTML. */
export interface PostedFormState {
  /** the form's name (its hidden `_form` field) */
  form: string;
  /** the values sent, without passwords */
  values: Record<string, string>;
  /** the browser-side SPEC §5 checks that failed, by field (codes the form translates itself) */
  problems: Record<string, string>;
  /** the gateway's refusals (already in the page's language), or null when the gateway could not be reached */
  errors: ShopErrorData[] | null;
}

const NO_STATE = { values: {}, problems: {}, errors: [] as ShopErrorData[] | null };

/** Where the state travels to the browser: a JSON script in the form (not executed, so no CSP nonce). */
const STATE_ATTRIBUTE = 'data-posted-form';

function stateInHtml(form: string): Omit<PostedFormState, 'form'> | null {
  const script = document.querySelector(`script[${STATE_ATTRIBUTE}="${CSS.escape(form)}"]`);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as Omit<PostedFormState, 'form'>;
  } catch {
    return null;
  }
}

/** The current values of a server-rendered form's fields: what the shopper typed or chose before hydration. */
function typedInHtml(form: string, fields: readonly string[]): Record<string, string> {
  const element = document.querySelector<HTMLFormElement>(`form[data-form="${CSS.escape(form)}"]`);
  const typed: Record<string, string> = {};
  if (!element) return typed;
  for (const field of fields) {
    const control = element.elements.namedItem(field);
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) typed[field] = control.checked ? control.value : '';
    else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) typed[field] = control.value;
    // a radio group (the contest's answers, a poll's options): the value of the one chosen, else ''
    else if (control instanceof RadioNodeList) typed[field] = control.value;
  }
  return typed;
}

/**
 * A form's first state: `empty`, then what a refused post sent back (server) or carried in the HTML (browser), then
 * in the browser what was typed before hydration. `stateScript` must be rendered inside the form, and the form must
 * carry `data-form={form}` and a hidden `_form` field (PostedFormFields).
 */
export function usePostedForm<V extends { [K in keyof V]: string }>(form: string, empty: V) {
  const pageContext = usePageContext();
  const [first] = useState(() => {
    const posted = typeof document === 'undefined' ? (pageContext.formPost?.form === form ? pageContext.formPost : null) : stateInHtml(form);
    const state = posted ?? NO_STATE;
    const fields = empty as Record<string, string>;
    const values = { ...empty, ...pick(state.values, fields) } as V;
    const typed = typeof document === 'undefined' ? {} : pick(typedInHtml(form, Object.keys(fields)), fields);
    return { posted: posted ? { values: state.values, problems: state.problems, errors: state.errors } : null, values: { ...values, ...typed } as V, problems: state.problems, errors: state.errors };
  });
  return first;
}

function pick(values: Record<string, string>, empty: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(empty)) if (typeof values[key] === 'string') picked[key] = values[key];
  return picked;
}

/** The hidden parts every kit form carries: which form it is, and the server's answer for the browser to pick up. */
export function PostedFormFields({ form, posted }: { form: string; posted: Omit<PostedFormState, 'form'> | null }) {
  return (
    <>
      <input type="hidden" name="_form" value={form} />
      <PostedFormAnswer form={form} posted={posted} />
    </>
  );
}

/**
 * The server's answer alone, for a refusal shown outside the form that was posted (a page's error view, the wishlist
 * page after a heart's post): hydration starts from the same answer.
 */
export function PostedFormAnswer({ form, posted }: { form: string; posted: Omit<PostedFormState, 'form'> | null }) {
  return posted ? <script type="application/json" {...{ [STATE_ATTRIBUTE]: form }} dangerouslySetInnerHTML={{ __html: jsonForScript(posted) }} /> : null;
}

/** JSON that cannot end its <script> (or open a comment) however the values read. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The field a refused post puts the keyboard on, as the enhanced form does after the same submit: the first in
 * `order` with a SPEC §5 problem or with the gateway's refusal beside it (`byField`, as the form sorted them). None
 * when nothing was posted.
 */
export function refusedFieldOf(posted: Omit<PostedFormState, 'form'> | null, order: readonly string[], byField: Readonly<Record<string, unknown>>): string | undefined {
  if (!posted) return undefined;
  return firstProblemField(order, { ...posted.problems, ...byField });
}

const RefusedField = createContext<string | undefined>(undefined);

/**
 * Around a kit form's fields: the field named (refusedFieldOf) is rendered with `autofocus`, so the browser puts the
 * keyboard on it and scrolls to it when the refused page loads — with or without scripts.
 */
export function RefusalFocus({ field, children }: { field: string | undefined; children: ReactNode }) {
  return <RefusedField.Provider value={field}>{children}</RefusedField.Provider>;
}

/** A field control's `autoFocus`: whether it is the one RefusalFocus names. */
export function useRefusalFocus(field: string): boolean {
  return useContext(RefusedField) === field;
}
