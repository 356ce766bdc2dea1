import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { TextField } from '../../forms/fields';
import { checkInsurer, EMPTY_INSURER, INSURANCE_NUMBER_FIELD, INSURER_FORM, insurerVariablesOf, type InsurerValues } from './insurerForm';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { insurerTexts } from '../../platform/i18n/pageTexts/insurer';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Notice } from '../../ui/Notice';
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
        ...InsurerVerification_status
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

const FIELD = INSURANCE_NUMBER_FIELD;

/**
 * The verification of the insurance number: a login prompt for visitors, the form for logged-in customers,
 * the verified status with the welcome voucher's code afterwards. Without scripts the same form posts to the page
 * (server/forms/content.ts, ADR 0023), which then shows the status; a refusal comes back with the number kept.
 */
export function InsurerVerification({ status: statusRef }: { status: InsurerVerification_status$key }) {
  // the page's status, then the one the verification answered
  const [shownRef, setShownRef] = useState(statusRef);
  const status = useFragment(statusFragment, shownRef);
  const { t } = usePageTexts('insurer', insurerTexts);
  const { locale, urlPathname } = usePageContext();
  const form = useShopForm<InsurerValues>({ form: INSURER_FORM, empty: EMPTY_INSURER, fields: [FIELD], check: checkInsurer, unavailable: t('form.generic'), texts: 'insurer' });
  // the status takes the keyboard when this visit verified the number, not on a page that shows it already
  const [justVerified, setJustVerified] = useState(false);
  const [run, sending] = useShopMutation<InsurerVerificationMutation>(verifyMutation);

  const send = async (): Promise<void> => {
    const payload = (await run(insurerVariablesOf(form.values)))?.verifyInsurance;
    if (!payload?.insurerStatus) return form.refused(payload ? payload.errors : null);
    setShownRef(payload.insurerStatus);
    setJustVerified(true);
    form.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) void send();
  };

  if (status.verified) {
    return (
      <Card title={t('status.title')} className={styles.verification}>
        <Notice tone="success" focusOnShow={justVerified}>
          {status.maskedNumber ? <p>{t('status.number', { number: status.maskedNumber })}</p> : null}
          <p>{status.multiMedicationPlan ? t('status.plan') : t('status.insured')}</p>
          {status.voucherAvailable && status.voucherCode ? (
            <p data-testid="insurer-voucher">{t('status.voucher', { code: status.voucherCode })}</p>
          ) : (
            <p className={styles.muted}>{t('status.voucherUsed')}</p>
          )}
        </Notice>
      </Card>
    );
  }

  if (!status.loggedIn) {
    const login = `${localizedPath('/login', locale)}?redirect=${encodeURIComponent(localizedPath(urlPathname, locale))}`;
    return (
      <Card title={t('login.title')} className={styles.verification}>
        <p>{t('login.text')}</p>
        <a className={buttonClass()} href={login}>
          {t('login.link')}
        </a>
      </Card>
    );
  }

  return (
    <Card title={t('form.title')} className={styles.verification}>
      <div className={styles.form}>
        <ShopForm kit={form.kit} action={localizedPath(urlPathname, locale)} onSubmit={onSubmit}>
          <TextField
            field={FIELD}
            label={t('form.label')}
            value={form.values.insuranceNumber}
            onChange={form.change(FIELD)}
            message={form.messageOf(FIELD)}
            hint={t('form.hint')}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={40}
          />
          <Button busy={sending}>{t('form.submit')}</Button>
        </ShopForm>
      </div>
    </Card>
  );
}
