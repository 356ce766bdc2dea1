import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import {
  checkPickup,
  COMMENT_MAX,
  EMPTY_PICKUP,
  FILE_ACCEPT,
  PICKUP_FIELDS,
  PICKUP_FORM,
  pickupDateBounds,
  pickupErrorsByInput,
  pickupInputOf,
  pickupUploadsOf,
  prescriptionSentOf,
  type PickupValues,
  type Problems,
} from './prescriptionForms';
import { refusalShown } from '../../forms/refusalShown';
import { formatShopDate } from '../../platform/i18n/dates';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CheckoutAlert, SelectField, TextField } from '../../ui/CheckoutField';
import { focusFieldIn, PrescriptionComment, useProblemText } from './PrescriptionFields';
import styles from './PrescriptionForms.module.css';
import type { PrescriptionPickupFormMutation } from './__generated__/PrescriptionPickupFormMutation.graphql';
import type { PrescriptionPickupForm_query$key } from './__generated__/PrescriptionPickupForm_query.graphql';

const pickupMutation = graphql`
  mutation PrescriptionPickupFormMutation($input: PrescriptionPickupInput!, $insuranceCard: File!, $prescriptions: [File!]!) {
    requestPrescriptionPickup(input: $input, insuranceCard: $insuranceCard, prescriptions: $prescriptions) {
      requestNumber
      pickupDate
      errors {
        code
        message
        field
      }
    }
  }
`;

type Field = (typeof PICKUP_FIELDS)[number];

interface Props {
  query: PrescriptionPickupForm_query$key;
}

/**
 * Prescription pickup (requestPrescriptionPickup, a multipart request with the files as Relay uploadables):
 * pharmacy, date from the next working day, the insurance card and 1–5 prescriptions (PDF or PNG, ≤ 5 MB,
 * checked here as a courtesy; the server reads the type from the content). Afterwards the request number. Without
 * scripts the same form posts its files as multipart/form-data to the page (server/forms/content.ts, ADR 0023):
 * sent, the page comes back with the request number; refused, with the text values (a browser never refills file
 * inputs, so the form asks for the files again) and the messages beside the fields.
 */
export function PrescriptionPickupForm({ query }: Props) {
  const data = useFragment(
    graphql`
      fragment PrescriptionPickupForm_query on Query {
        pharmacies(first: 100) {
          pharmacyId
          name
          zipcode
          city
        }
      }
    `,
    query,
  );
  const { t } = usePageTexts('medication', medicationTexts);
  const { locale, urlParsed } = usePageContext();
  const problemText = useProblemText();
  const id = useId();
  const posted = usePostedForm<PickupValues>(PICKUP_FORM, EMPTY_PICKUP);
  const refused = refusalShown(pickupErrorsByInput(posted.errors), PICKUP_FIELDS, t('errors.generic'));
  const [values, setValues] = useState<PickupValues>(posted.values);
  const [card, setCard] = useState<File | undefined>();
  const [prescriptions, setPrescriptions] = useState<File[]>([]);
  const [problems, setProblems] = useState<Problems>(posted.problems as Problems);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [done, setDone] = useState<{ number: string; date: string } | null>(() => prescriptionSentOf(urlParsed.search, 'pickup'));
  const [formKey, setFormKey] = useState(0);
  const success = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [commit, sending] = useMutation<PrescriptionPickupFormMutation>(pickupMutation);
  const pagePath = contentPagePath('medications', locale);
  useEffect(() => {
    if (done) success.current?.focus();
  }, [done]);
  // Files chosen before the page's scripts arrived stay in their inputs (React leaves file inputs alone): take them.
  useEffect(() => {
    const chosenIn = (name: string): File[] => {
      const input = formRef.current?.elements.namedItem(name);
      return input instanceof HTMLInputElement ? Array.from(input.files ?? []) : [];
    };
    const [chosenCard] = chosenIn('insuranceCard');
    const chosenPrescriptions = chosenIn('prescriptions');
    if (chosenCard) setCard(chosenCard);
    if (chosenPrescriptions.length > 0) setPrescriptions(chosenPrescriptions);
  }, []);
  const bounds = useMemo(() => pickupDateBounds(), []);
  const pharmacies = useMemo(() => [...data.pharmacies].sort((a, b) => a.city.localeCompare(b.city) || a.name.localeCompare(b.name)), [data.pharmacies]);

  const message = (field: Field) => problemText(problems[field]) ?? serverErrors[field];
  const change = (field: keyof PickupValues) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    if (problems[field]) setProblems((old) => ({ ...old, [field]: checkPickup({ ...values, [field]: value }, card, prescriptions)[field] }));
  };

  const send = (): void => {
    commit({
      variables: { input: pickupInputOf(values), insuranceCard: null, prescriptions: prescriptions.map(() => null) },
      uploadables: pickupUploadsOf(card!, prescriptions),
      onCompleted: (response) => {
        const payload = response.requestPrescriptionPickup;
        if (payload.requestNumber) {
          setDone({ number: payload.requestNumber, date: payload.pickupDate ?? values.pickupDate });
          setValues(EMPTY_PICKUP);
          setCard(undefined);
          setPrescriptions([]);
          setFormKey((k) => k + 1);
          return;
        }
        const { byField, general } = refusalShown(pickupErrorsByInput(payload.errors), PICKUP_FIELDS, t('errors.generic'));
        setServerErrors(byField);
        setAlert(general);
        focusFieldIn(formRef.current, PICKUP_FIELDS.find((field) => byField[field]));
      },
      onError: () => setAlert([t('errors.generic')]),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkPickup(values, card, prescriptions);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = PICKUP_FIELDS.find((field) => found[field]);
    if (first) {
      focusFieldIn(formRef.current, first);
      return;
    }
    send();
  };

  if (done) {
    return (
      <div ref={success} className={styles.success} role="status" tabIndex={-1} data-testid="prescription-pickup-success">
        <h3 className={styles.title}>{t('pickup.successTitle')}</h3>
        <p>{t('pickup.success', { number: done.number, date: formatShopDate(`${done.date}T12:00:00Z`, locale, 'long') })}</p>
        {/* a link, so that it leads back to the empty form without scripts too */}
        <a
          className={styles.secondary}
          href={pagePath}
          onClick={(event) => {
            event.preventDefault();
            setDone(null);
          }}
        >
          {t('another')}
        </a>
      </div>
    );
  }

  const chooseAgain = posted.posted !== null;
  const fileInput = (field: 'insuranceCard' | 'prescriptions', multiple: boolean) => {
    const msg = message(field);
    const hintId = `${id}-${field}-hint`;
    const messageId = `${id}-${field}-message`;
    const chosen = field === 'insuranceCard' ? (card ? [card] : []) : prescriptions;
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-${field}`}>
          {t(`fields.${field}`)}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${id}-${field}`}
          className={styles.file}
          type="file"
          data-field={field}
          name={field}
          accept={FILE_ACCEPT}
          multiple={multiple}
          required
          aria-invalid={msg ? true : undefined}
          aria-describedby={[hintId, msg ? messageId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (field === 'insuranceCard') setCard(files[0]);
            else setPrescriptions(files);
            setServerErrors((old) => ({ ...old, [field]: undefined }));
            const nextCard = field === 'insuranceCard' ? files[0] : card;
            const nextPrescriptions = field === 'prescriptions' ? files : prescriptions;
            setProblems((old) => ({ ...old, [field]: files.length ? checkPickup(values, nextCard, nextPrescriptions)[field] : old[field] }));
          }}
        />
        <p id={hintId} className={styles.hint}>
          {t(field === 'insuranceCard' ? 'fields.fileHint' : 'fields.prescriptionsHint')}
          {/* after a refused post without scripts: its files are not kept, browsers never refill a file input */}
          {chooseAgain && chosen.length === 0 ? ` ${t('fields.chooseAgain')}` : null}
        </p>
        {chosen.length > 1 ? (
          <ul className={styles.fileList}>
            {chosen.map((file, i) => (
              <li key={`${file.name}-${i}`}>{file.name}</li>
            ))}
          </ul>
        ) : null}
        {msg ? (
          <p id={messageId} className={styles.problem}>
            {msg}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <CheckoutAlert messages={alert} />
      <form
        ref={formRef}
        key={formKey}
        className={styles.form}
        method="post"
        action={pagePath}
        encType="multipart/form-data"
        data-form={PICKUP_FORM}
        noValidate
        onSubmit={onSubmit}
        data-testid="prescription-pickup-form"
      >
        <PostedFormFields form={PICKUP_FORM} posted={posted.posted} />
        <div className={styles.row}>
          <TextField field="firstName" label={t('fields.firstName')} value={values.firstName} onChange={change('firstName')} message={message('firstName')} autoComplete="given-name" required maxLength={50} />
          <TextField field="lastName" label={t('fields.lastName')} value={values.lastName} onChange={change('lastName')} message={message('lastName')} autoComplete="family-name" required maxLength={50} />
        </div>
        <div className={styles.row}>
          <TextField field="email" type="email" label={t('fields.email')} value={values.email} onChange={change('email')} message={message('email')} autoComplete="email" inputMode="email" required maxLength={254} />
          <TextField field="phone" type="tel" label={t('fields.phone')} value={values.phone} onChange={change('phone')} message={message('phone')} autoComplete="tel" inputMode="tel" required maxLength={40} />
        </div>
        <TextField field="birthday" type="date" label={t('fields.birthday')} value={values.birthday} onChange={change('birthday')} message={message('birthday')} autoComplete="bday" />
        <SelectField
          field="pharmacyId"
          label={t('fields.pharmacy')}
          value={values.pharmacyId}
          onChange={change('pharmacyId')}
          options={pharmacies.map((p) => ({ value: p.pharmacyId, label: `${p.name}, ${p.zipcode} ${p.city}` }))}
          message={message('pharmacyId')}
          placeholder={t('fields.pharmacyPlaceholder')}
          required
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-pickupDate`}>
            {t('fields.pickupDate')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-pickupDate`}
            className={styles.file}
            type="date"
            data-field="pickupDate"
            name="pickupDate"
            min={bounds.min}
            max={bounds.max}
            required
            value={values.pickupDate}
            aria-invalid={message('pickupDate') ? true : undefined}
            aria-describedby={[`${id}-pickupDate-hint`, message('pickupDate') ? `${id}-pickupDate-message` : null].filter(Boolean).join(' ')}
            onChange={(event) => change('pickupDate')(event.target.value)}
          />
          <p id={`${id}-pickupDate-hint`} className={styles.hint}>
            {t('fields.pickupDateHint')}
          </p>
          {message('pickupDate') ? (
            <p id={`${id}-pickupDate-message`} className={styles.problem}>
              {message('pickupDate')}
            </p>
          ) : null}
        </div>
        {fileInput('insuranceCard', false)}
        {fileInput('prescriptions', true)}
        <PrescriptionComment value={values.comment} onChange={change('comment')} message={message('comment')} max={COMMENT_MAX} />
        <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
          {t('pickup.submit')}
        </button>
      </form>
    </>
  );
}
