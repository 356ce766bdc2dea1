import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../checkout/useShopMutation';
import { checkEmail, checkName, NAME_MIN_LENGTH, type FieldProblem } from '../forms/fieldRules';
import { formatShopDate } from '../i18n/dates';
import { INTL_LOCALE } from '../i18n/locales';
import { contestTexts } from '../i18n/pageTexts/contest';
import { usePageTexts } from '../i18n/pageTexts';
import { CheckboxField, CheckoutAlert, focusField, TextField } from './CheckoutField';
import styles from './ContestForm.module.css';
import type { ContestForm_contest$key } from './__generated__/ContestForm_contest.graphql';
import type { ContestFormMutation } from './__generated__/ContestFormMutation.graphql';

const contestFragment = graphql`
  fragment ContestForm_contest on Contest {
    key
    questionId
    answerIds
    prize {
      amount
      currency
    }
    endsAt
    open
  }
`;

const enterMutation = graphql`
  mutation ContestFormMutation($input: EnterContestInput!) {
    enterContest(input: $input) {
      entered
      errors {
        code
        message
        field
      }
    }
  }
`;

type Field = 'firstName' | 'lastName' | 'email' | 'answerId' | 'acceptTerms';
// In the order the form shows them: the first wrong one gets the focus.
const FIELDS: readonly Field[] = ['answerId', 'firstName', 'lastName', 'email', 'acceptTerms'];
type Problem = FieldProblem | 'answer' | 'terms';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  answerId: string;
  acceptTerms: boolean;
  newsletter: boolean;
}

const EMPTY: Values = { firstName: '', lastName: '', email: '', answerId: '', acceptTerms: false, newsletter: false };

/** SPEC §5 in the browser: names of at least 3 characters, a valid email, an answer, the conditions accepted. */
function checkEntry(values: Values): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  const add = (field: Field, problem: Problem | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('firstName', checkName(values.firstName));
  add('lastName', checkName(values.lastName));
  add('email', checkEmail(values.email));
  add('answerId', values.answerId ? undefined : 'answer');
  add('acceptTerms', values.acceptTerms ? undefined : 'terms');
  return problems;
}

/**
 * The contest (SPEC §2 /wettbewerb, §9): the prize, the question with its answers as radio buttons, the entry
 * form and the participation conditions. Checked in the browser first (SPEC §5; the first wrong field gets the
 * focus); the gateway's refusals (already entered, closed, too many attempts) are announced in an alert.
 */
export function ContestForm({ contest: contestRef }: { contest: ContestForm_contest$key }) {
  const contest = useFragment(contestFragment, contestRef);
  const { t } = usePageTexts('contest', contestTexts);
  const { locale } = usePageContext();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [entered, setEntered] = useState<{ newsletter: boolean } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const success = useRef<HTMLDivElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<ContestFormMutation>(enterMutation);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (entered) success.current?.focus();
  }, [entered]);

  const prize = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: contest.prize.currency }).format(contest.prize.amount);
  // as the shop's clocks show it (Zurich), the same on the server and in the browser
  const closing = formatShopDate(contest.endsAt, locale, 'long');

  const message = (field: Field): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`errors.${problem}`, { min: NAME_MIN_LENGTH });
    return serverErrors[field];
  };

  const change = <F extends keyof Values>(field: F) => (value: Values[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field !== 'newsletter') {
      setServerErrors((old) => ({ ...old, [field]: undefined }));
      // Once shown, a message follows the input so the shopper sees when it is right.
      if (problems[field as Field]) setProblems((old) => ({ ...old, [field]: checkEntry(next)[field as Field] }));
    }
  };

  const send = async (): Promise<void> => {
    const input = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      answerId: values.answerId,
      acceptTerms: values.acceptTerms,
      newsletter: values.newsletter,
    };
    const response = await run({ input });
    const payload = response?.enterContest;
    if (!payload) {
      setAlert([t('errors.generic')]);
      return;
    }
    if (payload.entered) {
      setEntered({ newsletter: values.newsletter });
      setValues(EMPTY);
      return;
    }
    const byField: Partial<Record<Field, string>> = {};
    const other: string[] = [];
    for (const error of payload.errors) {
      // A refusal of the entry as a whole is announced in the alert, not beside a field.
      if (error.code === 'INVALID_INPUT' && error.field && (FIELDS as readonly string[]).includes(error.field)) byField[error.field as Field] = error.message;
      else other.push(error.message);
    }
    setServerErrors(byField);
    setAlert(other);
    const first = FIELDS.find((field) => byField[field]);
    if (first) focusField(first);
    else alertBox.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkEntry(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    void send();
  };

  const answerMessage = message('answerId');
  return (
    <div className={styles.contest}>
      <section className={styles.prize} aria-labelledby={`${id}-prize`}>
        <h2 id={`${id}-prize`} className={styles.heading}>
          {t('prize.title')}
        </h2>
        <p className={styles.amount}>{prize}</p>
        <p>{t('prize.text', { amount: prize })}</p>
        <p className={styles.muted}>{t('prize.closing', { date: closing })}</p>
      </section>

      <section className={styles.entry} aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className={styles.heading}>
          {t('form.title')}
        </h2>
        {!contest.open ? (
          <p className={styles.notice} role="status">
            {t('closed')}
          </p>
        ) : entered ? (
          <div ref={success} className={styles.success} role="status" tabIndex={-1}>
            <p className={styles.successTitle}>{t('success.title')}</p>
            <p>{t('success.text')}</p>
            {entered.newsletter ? <p>{t('success.newsletter')}</p> : null}
          </div>
        ) : (
          <>
            <noscript>
              <p className={styles.problem}>{t('form.noScript')}</p>
            </noscript>
            <div ref={alertBox} tabIndex={-1} className={styles.alertBox}>
              <CheckoutAlert messages={alert} />
            </div>
            <form className={styles.form} noValidate onSubmit={onSubmit}>
              <p className={styles.muted}>{t('form.required')}</p>
              <fieldset className={styles.question} aria-describedby={answerMessage ? `${id}-answer-message` : undefined}>
                <legend className={styles.legend}>
                  {t(`question.${contest.questionId}`)}
                  <span aria-hidden="true"> *</span>
                </legend>
                {contest.answerIds.map((answerId, index) => (
                  <div key={answerId} className={styles.option}>
                    <input
                      id={`${id}-${answerId}`}
                      type="radio"
                      name="answerId"
                      value={answerId}
                      data-field={index === 0 ? 'answerId' : undefined}
                      checked={values.answerId === answerId}
                      required
                      aria-invalid={answerMessage ? true : undefined}
                      onChange={() => change('answerId')(answerId)}
                    />
                    <label htmlFor={`${id}-${answerId}`}>{t(`answers.${answerId}`)}</label>
                  </div>
                ))}
                {answerMessage ? (
                  <p id={`${id}-answer-message`} className={styles.problem}>
                    {answerMessage}
                  </p>
                ) : null}
              </fieldset>
              <div className={styles.row}>
                <TextField field="firstName" label={t('form.firstName')} value={values.firstName} onChange={change('firstName')} message={message('firstName')} autoComplete="given-name" required maxLength={50} />
                <TextField field="lastName" label={t('form.lastName')} value={values.lastName} onChange={change('lastName')} message={message('lastName')} autoComplete="family-name" required maxLength={50} />
              </div>
              <TextField field="email" type="email" label={t('form.email')} value={values.email} onChange={change('email')} message={message('email')} autoComplete="email" inputMode="email" required maxLength={254} />
              <CheckboxField field="acceptTerms" checked={values.acceptTerms} onChange={change('acceptTerms')} message={message('acceptTerms')} required>
                {t('form.terms')} <a href={`#${id}-conditions`}>{t('conditions.title')}</a>
              </CheckboxField>
              <CheckboxField field="newsletter" checked={values.newsletter} onChange={change('newsletter')}>
                {t('form.newsletter')}
              </CheckboxField>
              <button className={styles.submit} type="submit" disabled={!hydrated || sending} aria-busy={sending || undefined}>
                {t('form.submit')}
              </button>
            </form>
          </>
        )}
      </section>

      <section id={`${id}-conditions`} className={styles.conditions} aria-labelledby={`${id}-conditions-title`}>
        <h2 id={`${id}-conditions-title`} className={styles.heading}>
          {t('conditions.title')}
        </h2>
        <ul>
          <li>{t('conditions.who')}</li>
          <li>{t('conditions.employees')}</li>
          <li>{t('conditions.closing', { date: closing })}</li>
          <li>{t('conditions.winner')}</li>
          <li>{t('conditions.cash')}</li>
          <li>{t('conditions.correspondence')}</li>
          <li>{t('conditions.purchase')}</li>
        </ul>
      </section>
    </div>
  );
}
