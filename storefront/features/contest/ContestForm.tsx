import { useId, useState, type FormEvent } from 'react';
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
  type ContestValues,
} from './contestFormFields';
import { CheckboxField, TextField } from '../../forms/fields';
import { refusalShown } from '../../forms/refusalShown';
import { FieldRow, ShopForm, useShopForm } from '../../forms/shopForm';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { formatShopDate } from '../../platform/i18n/dates';
import { INTL_LOCALE } from '../../platform/i18n/locales';
import { contestTexts } from '../../platform/i18n/pageTexts/contest';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Notice } from '../../ui/Notice';
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
  const form = useShopForm<ContestValues>({
    form: CONTEST_FORM,
    empty: EMPTY_CONTEST,
    fields: CONTEST_FIELDS,
    check: checkContestEntry,
    unavailable: t('errors.generic'),
    sortRefusal: contestRefusal,
    texts: 'contest',
  });
  const [entered, setEntered] = useState<{ newsletter: boolean } | null>(() =>
    urlParsed.search[CONTEST_ENTERED_PARAMETER] === CONTEST_ENTERED_VALUE ? { newsletter: urlParsed.search[CONTEST_NEWSLETTER_PARAMETER] === '1' } : null,
  );
  const [run, sending] = useShopMutation<ContestFormMutation>(enterMutation);
  const { values, change, messageOf } = form;

  const prize = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: contest.prize.currency }).format(contest.prize.amount);
  // as the shop's clocks show it (Zurich), the same on the server and in the browser
  const closing = formatShopDate(contest.endsAt, locale, 'long');
  const tick = (field: 'acceptTerms' | 'newsletter') => (checked: boolean) => change(field)(checked ? TICKED : '');

  const send = async (): Promise<void> => {
    const payload = (await run({ input: contestInputOf(values) }))?.enterContest;
    if (payload?.entered) {
      setEntered({ newsletter: values.newsletter !== '' });
      form.reset();
    } else form.refused(payload ? payload.errors : null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) void send();
  };

  return (
    <div className={styles.contest}>
      <Card title={t('prize.title')}>
        <div className={styles.prize}>
          <p className={styles.amount}>{prize}</p>
          <p>{t('prize.text', { amount: prize })}</p>
          <p className={styles.muted}>{t('prize.closing', { date: closing })}</p>
        </div>
      </Card>

      <Card title={t('form.title')}>
        {!contest.open ? (
          <Notice tone="info">
            <p>{t('closed')}</p>
          </Notice>
        ) : entered ? (
          <Notice tone="success" focusOnShow>
            <p className={styles.successTitle}>{t('success.title')}</p>
            <p>{t('success.text')}</p>
            {entered.newsletter ? <p>{t('success.newsletter')}</p> : null}
          </Notice>
        ) : (
          <ShopForm kit={form.kit} action={contentPagePath('contest', locale)} onSubmit={onSubmit}>
            <p className={styles.muted}>{t('form.required')}</p>
            <ChoiceGroup
              name="answerId"
              field="answerId"
              legend={t(`question.${contest.questionId}`)}
              options={contest.answerIds.map((answerId) => ({ value: answerId, label: t(`answers.${answerId}`) }))}
              chosen={[values.answerId]}
              onChange={(answerId) => change('answerId')(answerId)}
              message={messageOf('answerId')}
              required
            />
            <FieldRow>
              <TextField field="firstName" label={t('form.firstName')} value={values.firstName} onChange={change('firstName')} message={messageOf('firstName')} autoComplete="given-name" required maxLength={50} />
              <TextField field="lastName" label={t('form.lastName')} value={values.lastName} onChange={change('lastName')} message={messageOf('lastName')} autoComplete="family-name" required maxLength={50} />
            </FieldRow>
            <TextField field="email" type="email" label={t('form.email')} value={values.email} onChange={change('email')} message={messageOf('email')} autoComplete="email" inputMode="email" required maxLength={254} />
            <CheckboxField field="acceptTerms" checked={values.acceptTerms !== ''} onChange={tick('acceptTerms')} message={messageOf('acceptTerms')} required>
              {t('form.terms')} <a href={`#${id}-conditions`}>{t('conditions.title')}</a>
            </CheckboxField>
            <CheckboxField field="newsletter" checked={values.newsletter !== ''} onChange={tick('newsletter')}>
              {t('form.newsletter')}
            </CheckboxField>
            <Button busy={sending}>{t('form.submit')}</Button>
          </ShopForm>
        )}
      </Card>

      <Card title={t('conditions.title')} titleId={`${id}-conditions`} className={styles.conditions}>
        <ul>
          <li>{t('conditions.who')}</li>
          <li>{t('conditions.employees')}</li>
          <li>{t('conditions.closing', { date: closing })}</li>
          <li>{t('conditions.winner')}</li>
          <li>{t('conditions.cash')}</li>
          <li>{t('conditions.correspondence')}</li>
          <li>{t('conditions.purchase')}</li>
        </ul>
      </Card>
    </div>
  );
}
