import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import type { ShopErrorData } from '../../forms/checkoutForms';
import {
  checkContestEntry,
  CONTEST_ENTERED_PARAMETER,
  CONTEST_ENTERED_VALUE,
  CONTEST_FIELDS,
  CONTEST_FORM,
  CONTEST_NEWSLETTER_PARAMETER,
  contestInputOf,
  EMPTY_CONTEST,
  TICKED,
  type ContestField,
  type ContestProblems,
  type ContestValues,
} from './contestFormFields';
import { NAME_MIN_LENGTH } from '../../forms/fieldRules';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { refusalShown } from '../../forms/refusalShown';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { formatShopDate } from '../../platform/i18n/dates';
import { INTL_LOCALE } from '../../platform/i18n/locales';
import { contestTexts } from '../../platform/i18n/pageTexts/contest';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CheckboxField, CheckoutAlert, focusField, TextField } from '../../ui/CheckoutField';
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

/** The gateway's refusals: invalid fields beside them; a refusal of the entry as a whole (already entered, closed, too many attempts) in the alert. */
function contestRefusal(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return refusalShown(errors && errors.map((error) => (error.code === 'INVALID_INPUT' ? error : { ...error, field: null })), CONTEST_FIELDS, unavailable);
}

/**
 * The contest (SPEC §2 /wettbewerb, §9): the prize, the question with its answers as radio buttons, the entry
 * form and the participation conditions. Checked in the browser first (SPEC §5; the first wrong field gets the
 * focus); the gateway's refusals (already entered, closed, too many attempts) are announced in an alert. Without
 * scripts the same form posts to the page (server/forms/content.ts, ADR 0023): entered, the page comes back with
 * `?contest=entered` and the confirmation; refused, with the values and the messages beside the fields.
 */
export function ContestForm({ contest: contestRef }: { contest: ContestForm_contest$key }) {
  const contest = useFragment(contestFragment, contestRef);
  const { t } = usePageTexts('contest', contestTexts);
  const { locale, urlParsed } = usePageContext();
  const id = useId();
  const posted = usePostedForm<ContestValues>(CONTEST_FORM, EMPTY_CONTEST);
  const refused = contestRefusal(posted.errors, t('errors.generic'));
  const [values, setValues] = useState<ContestValues>(posted.values);
  const [problems, setProblems] = useState<ContestProblems>(posted.problems as ContestProblems);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContestField, string>>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [entered, setEntered] = useState<{ newsletter: boolean } | null>(() =>
    urlParsed.search[CONTEST_ENTERED_PARAMETER] === CONTEST_ENTERED_VALUE ? { newsletter: urlParsed.search[CONTEST_NEWSLETTER_PARAMETER] === '1' } : null,
  );
  const success = useRef<HTMLDivElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<ContestFormMutation>(enterMutation);
  useEffect(() => {
    if (entered) success.current?.focus();
  }, [entered]);

  const prize = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: contest.prize.currency }).format(contest.prize.amount);
  // as the shop's clocks show it (Zurich), the same on the server and in the browser
  const closing = formatShopDate(contest.endsAt, locale, 'long');

  const message = (field: ContestField): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`errors.${problem}`, { min: NAME_MIN_LENGTH });
    return serverErrors[field];
  };

  const change = (field: keyof ContestValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field !== 'newsletter') {
      setServerErrors((old) => ({ ...old, [field]: undefined }));
      // Once shown, a message follows the input so the shopper sees when it is right.
      if (problems[field]) setProblems((old) => ({ ...old, [field]: checkContestEntry(next)[field] }));
    }
  };
  const tick = (field: 'acceptTerms' | 'newsletter') => (checked: boolean) => change(field)(checked ? TICKED : '');

  const send = async (): Promise<void> => {
    const response = await run({ input: contestInputOf(values) });
    const payload = response?.enterContest;
    if (!payload) {
      setAlert([t('errors.generic')]);
      return;
    }
    if (payload.entered) {
      setEntered({ newsletter: values.newsletter !== '' });
      setValues(EMPTY_CONTEST);
      return;
    }
    const { byField, general } = contestRefusal(payload.errors, t('errors.generic'));
    setServerErrors(byField);
    setAlert(general);
    const first = CONTEST_FIELDS.find((field) => byField[field]);
    if (first) focusField(first);
    else alertBox.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkContestEntry(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = CONTEST_FIELDS.find((field) => found[field]);
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
            <div ref={alertBox} tabIndex={-1} className={styles.alertBox}>
              <CheckoutAlert messages={alert} />
            </div>
            <form className={styles.form} method="post" action={contentPagePath('contest', locale)} data-form={CONTEST_FORM} noValidate onSubmit={onSubmit}>
              <PostedFormFields form={CONTEST_FORM} posted={posted.posted} />
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
              <CheckboxField field="acceptTerms" checked={values.acceptTerms !== ''} onChange={tick('acceptTerms')} message={message('acceptTerms')} required>
                {t('form.terms')} <a href={`#${id}-conditions`}>{t('conditions.title')}</a>
              </CheckboxField>
              <CheckboxField field="newsletter" checked={values.newsletter !== ''} onChange={tick('newsletter')}>
                {t('form.newsletter')}
              </CheckboxField>
              <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
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
