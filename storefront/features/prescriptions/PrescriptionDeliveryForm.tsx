import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import {
  checkDelivery,
  COMMENT_MAX,
  DELIVERY_FIELDS,
  DELIVERY_FORM,
  deliveryInputOf,
  EMPTY_DELIVERY,
  prescriptionSentOf,
  type DeliveryValues,
  type Problems,
} from './prescriptionForms';
import { refusalShown } from '../../forms/refusalShown';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CheckoutAlert, SelectField, TextField } from '../../ui/CheckoutField';
import { focusFieldIn, PrescriptionComment, PrescriptionPostAddress, useProblemText } from './PrescriptionFields';
import styles from './PrescriptionForms.module.css';
import type { PrescriptionDeliveryFormMutation } from './__generated__/PrescriptionDeliveryFormMutation.graphql';

const deliveryMutation = graphql`
  mutation PrescriptionDeliveryFormMutation($input: PrescriptionDeliveryInput!) {
    requestPrescriptionDelivery(input: $input) {
      requestNumber
      errors {
        code
        message
        field
      }
    }
  }
`;

/**
 * Home delivery of prescription medicines (requestPrescriptionDelivery): checked in the browser first (SPEC §5),
 * the first wrong field gets the focus; afterwards the request number and where to post the prescription. Without
 * scripts the same form posts to the page (server/forms/content.ts, ADR 0023): sent, the page comes back with the
 * request number in its address; refused, with the values and the messages beside the fields.
 */
export function PrescriptionDeliveryForm() {
  const { t } = usePageTexts('medication', medicationTexts);
  const { locale, urlParsed } = usePageContext();
  const problemText = useProblemText();
  const posted = usePostedForm<DeliveryValues>(DELIVERY_FORM, EMPTY_DELIVERY);
  const refused = refusalShown(posted.errors, DELIVERY_FIELDS, t('errors.generic'));
  const [values, setValues] = useState<DeliveryValues>(posted.values);
  const [problems, setProblems] = useState<Problems>(posted.problems as Problems);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [requestNumber, setRequestNumber] = useState<string | null>(() => prescriptionSentOf(urlParsed.search, 'delivery')?.number ?? null);
  const success = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [run, sending] = useShopMutation<PrescriptionDeliveryFormMutation>(deliveryMutation);
  const pagePath = contentPagePath('medications', locale);
  useEffect(() => {
    if (requestNumber) success.current?.focus();
  }, [requestNumber]);

  const message = (field: string) => problemText(problems[field]) ?? serverErrors[field];
  const change = (field: keyof DeliveryValues) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    if (problems[field]) setProblems((old) => ({ ...old, [field]: checkDelivery({ ...values, [field]: value })[field] }));
  };

  const send = async (): Promise<void> => {
    const response = await run({ input: deliveryInputOf(values) });
    const payload = response?.requestPrescriptionDelivery;
    if (!payload) {
      setAlert([t('errors.generic')]);
      return;
    }
    if (payload.requestNumber) {
      setRequestNumber(payload.requestNumber);
      setValues(EMPTY_DELIVERY);
      return;
    }
    const { byField, general } = refusalShown(payload.errors, DELIVERY_FIELDS, t('errors.generic'));
    setServerErrors(byField);
    setAlert(general);
    focusFieldIn(formRef.current, DELIVERY_FIELDS.find((field) => byField[field]));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkDelivery(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = DELIVERY_FIELDS.find((field) => found[field]);
    if (first) {
      focusFieldIn(formRef.current, first);
      return;
    }
    void send();
  };

  if (requestNumber) {
    return (
      <div ref={success} className={styles.success} role="status" tabIndex={-1} data-testid="prescription-delivery-success">
        <h3 className={styles.title}>{t('delivery.successTitle')}</h3>
        <p>{t('delivery.success', { number: requestNumber })}</p>
        <PrescriptionPostAddress />
        {/* a link, so that it leads back to the empty form without scripts too */}
        <a
          className={styles.secondary}
          href={pagePath}
          onClick={(event) => {
            event.preventDefault();
            setRequestNumber(null);
          }}
        >
          {t('another')}
        </a>
      </div>
    );
  }

  return (
    <>
      <CheckoutAlert messages={alert} />
      <form ref={formRef} className={styles.form} method="post" action={pagePath} data-form={DELIVERY_FORM} noValidate onSubmit={onSubmit} data-testid="prescription-delivery-form">
        <PostedFormFields form={DELIVERY_FORM} posted={posted.posted} />
        <div className={styles.row}>
          <TextField field="firstName" label={t('fields.firstName')} value={values.firstName} onChange={change('firstName')} message={message('firstName')} autoComplete="given-name" required maxLength={50} />
          <TextField field="lastName" label={t('fields.lastName')} value={values.lastName} onChange={change('lastName')} message={message('lastName')} autoComplete="family-name" required maxLength={50} />
        </div>
        <div className={styles.row}>
          <TextField field="email" type="email" label={t('fields.email')} value={values.email} onChange={change('email')} message={message('email')} autoComplete="email" inputMode="email" required maxLength={254} />
          <TextField field="phone" type="tel" label={t('fields.phone')} value={values.phone} onChange={change('phone')} message={message('phone')} autoComplete="tel" inputMode="tel" required maxLength={40} />
        </div>
        <TextField field="birthday" type="date" label={t('fields.birthday')} value={values.birthday} onChange={change('birthday')} message={message('birthday')} autoComplete="bday" />
        <TextField field="street" label={t('fields.street')} value={values.street} onChange={change('street')} message={message('street')} autoComplete="street-address" required maxLength={255} />
        <div className={styles.row}>
          <TextField field="zipcode" label={t('fields.zipcode')} value={values.zipcode} onChange={change('zipcode')} message={message('zipcode')} autoComplete="postal-code" inputMode="numeric" required maxLength={4} />
          <TextField field="city" label={t('fields.city')} value={values.city} onChange={change('city')} message={message('city')} autoComplete="address-level2" required maxLength={255} />
        </div>
        <SelectField
          field="country"
          label={t('fields.country')}
          value={values.country}
          onChange={change('country')}
          options={[
            { value: 'CH', label: t('countries.CH') },
            { value: 'LI', label: t('countries.LI') },
          ]}
          message={message('country')}
          required
          autoComplete="country"
        />
        <PrescriptionComment value={values.comment} onChange={change('comment')} message={message('comment')} max={COMMENT_MAX} />
        <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
          {t('delivery.submit')}
        </button>
      </form>
    </>
  );
}
