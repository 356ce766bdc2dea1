import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../checkout/useShopMutation';
import { localizedPath } from '../i18n/locales';
import { insurerTexts } from '../i18n/pageTexts/insurer';
import { usePageTexts } from '../i18n/pageTexts';
import { CheckoutAlert, focusField, TextField } from './CheckoutField';
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

/** The card format as a courtesy (20 digits from 80756, Luhn check digit); the insurer's directory decides. */
export function insuranceNumberLooksValid(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^80756\d{15}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const FIELD = 'insuranceNumber';

/**
 * The verification of the insurance number: a login prompt for visitors, the form for logged-in customers,
 * the verified status with the welcome voucher's code afterwards.
 */
export function InsurerVerification({ status: statusRef }: { status: InsurerVerification_status$key }) {
  const initial = useFragment(statusFragment, statusRef);
  const { t } = usePageTexts('insurer', insurerTexts);
  const { locale, urlPathname } = usePageContext();
  const id = useId();
  const [status, setStatus] = useState<Status>(initial);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [alert, setAlert] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const verifiedBox = useRef<HTMLDivElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<InsurerVerificationMutation>(verifyMutation);
  useEffect(() => setHydrated(true), []);

  const send = async (): Promise<void> => {
    const response = await run({ insuranceNumber: value.trim() });
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
    const own = payload.errors.find((e) => e.field === FIELD);
    setMessage(own?.message);
    setAlert(payload.errors.filter((e) => e.field !== FIELD).map((e) => e.message));
    if (own) focusField(FIELD);
    else alertBox.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    setAlert([]);
    if (!insuranceNumberLooksValid(value)) {
      setMessage(t('form.invalid'));
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
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField
          field={FIELD}
          label={t('form.label')}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (message) setMessage(insuranceNumberLooksValid(next) ? undefined : message);
          }}
          message={message}
          hint={t('form.hint')}
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={40}
        />
        <button className={styles.button} type="submit" disabled={!hydrated || sending} aria-busy={sending || undefined}>
          {t('form.submit')}
        </button>
      </form>
    </section>
  );
}
