import { useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkInsurer, EMPTY_INSURER, INSURANCE_NUMBER_FIELD, INSURER_FORM, insurerVariablesOf, type InsurerValues } from './insurerForm';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { refusalShown } from '../../forms/refusalShown';
import { localizedPath } from '../../platform/i18n/locales';
import { insurerTexts } from '../../platform/i18n/pageTexts/insurer';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CheckoutAlert, focusField, TextField } from '../../ui/CheckoutField';
import styles from './InsurerVerification.module.css';
import type { InsurerVerification_status$key } from './__generated__/InsurerVerification_status.graphql';
import type { InsurerVerificationMutation } from './__generated__/InsurerVerificationMutation.graphql';

const statusFragment = graphql`
  fragment InsurerVerification_status on InsurerStatus {
    loggedIn
    verified
    multiMedicationPlan
    maskedNumber
    voucherAvailable
    voucherCode
  }
`;

const verifyMutation = graphql`
  mutation InsurerVerificationMutation($insuranceNumber: String!) {
    verifyInsurance(insuranceNumber: $insuranceNumber) {
      insurerStatus {
        loggedIn
        verified
        multiMedicationPlan
        maskedNumber
        voucherAvailable
        voucherCode
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

interface Status {
  loggedIn: boolean;
  verified: boolean;
  multiMedicationPlan: boolean;
  maskedNumber: string | null | undefined;
  voucherAvailable: boolean;
  voucherCode: string | null | undefined;
}

const FIELD = INSURANCE_NUMBER_FIELD;

/**
 * The verification of the insurance number: a login prompt for visitors, the form for logged-in customers,
 * the verified status with the welcome voucher's code afterwards. Without scripts the same form posts to the page
 * (server/forms/content.ts, ADR 0023), which then shows the status; a refusal comes back with the number kept.
 */
export function InsurerVerification({ status: statusRef }: { status: InsurerVerification_status$key }) {
  const initial = useFragment(statusFragment, statusRef);
  const { t } = usePageTexts('insurer', insurerTexts);
  const { locale, urlPathname } = usePageContext();
  const id = useId();
  const posted = usePostedForm<InsurerValues>(INSURER_FORM, EMPTY_INSURER);
  const refused = refusalShown(posted.errors, [FIELD], t('form.generic'));
  const [status, setStatus] = useState<Status>(initial);
  const [value, setValue] = useState(posted.values.insuranceNumber);
  const [message, setMessage] = useState<string | undefined>(() => {
    const problem = (posted.problems as ReturnType<typeof checkInsurer>).insuranceNumber;
    return problem ? t(`form.${problem}`) : refused.byField[FIELD];
  });
  const [alert, setAlert] = useState<string[]>(refused.general);
  const verifiedBox = useRef<HTMLDivElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<InsurerVerificationMutation>(verifyMutation);

  const send = async (): Promise<void> => {
    const response = await run(insurerVariablesOf({ insuranceNumber: value }));
    const payload = response?.verifyInsurance;
    if (!payload) {
      setAlert([t('form.generic')]);
      alertBox.current?.focus();
      return;
    }
    if (payload.insurerStatus) {
      setStatus(payload.insurerStatus);
      setValue('');
      requestAnimationFrame(() => verifiedBox.current?.focus());
      return;
    }
    const { byField, general } = refusalShown(payload.errors, [FIELD], t('form.generic'));
    setMessage(byField[FIELD]);
    setAlert(general);
    if (byField[FIELD]) focusField(FIELD);
    else alertBox.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    setAlert([]);
    const found = checkInsurer({ insuranceNumber: value });
    if (found.insuranceNumber) {
      setMessage(t(`form.${found.insuranceNumber}`));
      focusField(FIELD);
      return;
    }
    setMessage(undefined);
    void send();
  };

  if (status.verified) {
    return (
      <section className={styles.card} aria-labelledby={`${id}-status`}>
        <div ref={verifiedBox} className={styles.success} role="status" tabIndex={-1}>
          <h2 id={`${id}-status`} className={styles.heading}>
            {t('status.title')}
          </h2>
          {status.maskedNumber ? <p>{t('status.number', { number: status.maskedNumber })}</p> : null}
          <p>{status.multiMedicationPlan ? t('status.plan') : t('status.insured')}</p>
          {status.voucherAvailable && status.voucherCode ? (
            <p data-testid="insurer-voucher">{t('status.voucher', { code: status.voucherCode })}</p>
          ) : (
            <p className={styles.muted}>{t('status.voucherUsed')}</p>
          )}
        </div>
      </section>
    );
  }

  if (!status.loggedIn) {
    const login = `${localizedPath('/login', locale)}?redirect=${encodeURIComponent(localizedPath(urlPathname, locale))}`;
    return (
      <section className={styles.card} aria-labelledby={`${id}-login`}>
        <h2 id={`${id}-login`} className={styles.heading}>
          {t('login.title')}
        </h2>
        <p>{t('login.text')}</p>
        <a className={styles.button} href={login}>
          {t('login.link')}
        </a>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-form`}>
      <h2 id={`${id}-form`} className={styles.heading}>
        {t('form.title')}
      </h2>
      <div ref={alertBox} tabIndex={-1} className={styles.alertBox}>
        <CheckoutAlert messages={alert} />
      </div>
      <form className={styles.form} method="post" action={localizedPath(urlPathname, locale)} data-form={INSURER_FORM} noValidate onSubmit={onSubmit}>
        <PostedFormFields form={INSURER_FORM} posted={posted.posted} />
        <TextField
          field={FIELD}
          label={t('form.label')}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (message) setMessage(checkInsurer({ insuranceNumber: next }).insuranceNumber ? message : undefined);
          }}
          message={message}
          hint={t('form.hint')}
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={40}
        />
        <button className={styles.button} type="submit" disabled={sending} aria-busy={sending || undefined}>
          {t('form.submit')}
        </button>
      </form>
    </section>
  );
}
