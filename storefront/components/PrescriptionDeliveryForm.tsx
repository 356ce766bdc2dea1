import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { useShopMutation } from '../checkout/useShopMutation';
import { medicationTexts } from '../i18n/pageTexts/medication';
import { usePageTexts } from '../i18n/pageTexts';
import { CheckoutAlert, SelectField, TextField } from './CheckoutField';
import {
  checkPerson,
  focusFieldIn,
  checkPostalCode,
  checkRequired,
  COMMENT_MAX,
  EMPTY_PERSON,
  personInput,
  PrescriptionComment,
  PrescriptionPostAddress,
  useProblemText,
  type PersonValues,
  type Problem,
} from './PrescriptionFields';
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

type Values = PersonValues & { street: string; zipcode: string; city: string; country: string };
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthday', 'street', 'zipcode', 'city', 'country', 'comment'] as const;
const EMPTY: Values = { ...EMPTY_PERSON, street: '', zipcode: '', city: '', country: 'CH' };

function check(values: Values): Partial<Record<string, Problem>> {
  const problems = checkPerson(values);
  const street = checkRequired(values.street);
  const zipcode = checkPostalCode(values.zipcode);
  const city = checkRequired(values.city);
  if (street) problems.street = street;
  if (zipcode) problems.zipcode = zipcode;
  if (city) problems.city = city;
  return problems;
}

/**
 * Home delivery of prescription medicines (requestPrescriptionDelivery): checked in the browser first (SPEC §5),
 * the first wrong field gets the focus; afterwards the request number and where to post the prescription.
 */
export function PrescriptionDeliveryForm() {
  const { t } = usePageTexts('medication', medicationTexts);
  const problemText = useProblemText();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [requestNumber, setRequestNumber] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const success = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [run, sending] = useShopMutation<PrescriptionDeliveryFormMutation>(deliveryMutation);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (requestNumber) success.current?.focus();
  }, [requestNumber]);

  const message = (field: string) => problemText(problems[field]) ?? serverErrors[field];
  const change = (field: keyof Values) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    if (problems[field]) setProblems((old) => ({ ...old, [field]: check({ ...values, [field]: value })[field] }));
  };

  const send = async (): Promise<void> => {
    const response = await run({
      input: { ...personInput(values), street: values.street.trim(), zipcode: values.zipcode.trim(), city: values.city.trim(), country: values.country },
    });
    const payload = response?.requestPrescriptionDelivery;
    if (!payload) {
      setAlert([t('errors.generic')]);
      return;
    }
    if (payload.requestNumber) {
      setRequestNumber(payload.requestNumber);
      setValues(EMPTY);
      return;
    }
    const byField: Partial<Record<string, string>> = {};
    const other: string[] = [];
    for (const error of payload.errors) {
      if (error.field && (FIELDS as readonly string[]).includes(error.field)) byField[error.field] = error.message;
      else other.push(error.message);
    }
    setServerErrors(byField);
    setAlert(other);
    focusFieldIn(formRef.current, FIELDS.find((field) => byField[field]));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = check(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = FIELDS.find((field) => found[field]);
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
        <button type="button" className={styles.secondary} onClick={() => setRequestNumber(null)}>
          {t('another')}
        </button>
      </div>
    );
  }

  return (
    <>
      <CheckoutAlert messages={alert} />
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} data-testid="prescription-delivery-form">
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
        <button className={styles.submit} type="submit" disabled={!hydrated || sending} aria-busy={sending || undefined}>
          {t('delivery.submit')}
        </button>
      </form>
    </>
  );
}
