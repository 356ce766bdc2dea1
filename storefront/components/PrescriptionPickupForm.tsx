import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import { medicationTexts } from '../i18n/pageTexts/medication';
import { usePageTexts } from '../i18n/pageTexts';
import { CheckoutAlert, SelectField, TextField } from './CheckoutField';
import {
  checkFile,
  checkPerson,
  focusFieldIn,
  checkPickupDate,
  COMMENT_MAX,
  EMPTY_PERSON,
  FILE_ACCEPT,
  personInput,
  pickupDateBounds,
  PRESCRIPTIONS_MAX,
  PrescriptionComment,
  useProblemText,
  type PersonValues,
  type Problem,
} from './PrescriptionFields';
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

type Values = PersonValues & { pharmacyId: string; pickupDate: string };
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthday', 'pharmacyId', 'pickupDate', 'insuranceCard', 'prescriptions', 'comment'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Values = { ...EMPTY_PERSON, pharmacyId: '', pickupDate: '' };

/** The gateway's field of a file ("prescriptions.2") → the form's field. */
function formFieldOf(field: string | null | undefined): Field | undefined {
  const base = field?.split('.')[0];
  return base && (FIELDS as readonly string[]).includes(base) ? (base as Field) : undefined;
}

interface Props {
  query: PrescriptionPickupForm_query$key;
}

/**
 * Prescription pickup (requestPrescriptionPickup, a multipart request with the files as Relay uploadables):
 * pharmacy, date from the next working day, the insurance card and 1–5 prescriptions (PDF or PNG, ≤ 5 MB,
 * checked here as a courtesy; the server reads the type from the content). Afterwards the request number.
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
  const problemText = useProblemText();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [card, setCard] = useState<File | undefined>();
  const [prescriptions, setPrescriptions] = useState<File[]>([]);
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [done, setDone] = useState<{ number: string; date: string } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const success = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [commit, sending] = useMutation<PrescriptionPickupFormMutation>(pickupMutation);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (done) success.current?.focus();
  }, [done]);
  const bounds = useMemo(() => pickupDateBounds(), []);
  const pharmacies = useMemo(() => [...data.pharmacies].sort((a, b) => a.city.localeCompare(b.city) || a.name.localeCompare(b.name)), [data.pharmacies]);

  const check = (v: Values, c: File | undefined, p: File[]): Partial<Record<string, Problem>> => {
    const found = checkPerson(v);
    if (!v.pharmacyId) found.pharmacyId = 'required';
    const date = checkPickupDate(v.pickupDate);
    if (date) found.pickupDate = date;
    const cardProblem = checkFile(c);
    if (cardProblem) found.insuranceCard = cardProblem;
    const prescriptionProblem = p.length > PRESCRIPTIONS_MAX ? 'tooMany' : p.length === 0 ? 'fileRequired' : p.map(checkFile).find(Boolean);
    if (prescriptionProblem) found.prescriptions = prescriptionProblem;
    return found;
  };

  const message = (field: Field) => problemText(problems[field]) ?? serverErrors[field];
  const change = (field: keyof Values) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    if (problems[field]) setProblems((old) => ({ ...old, [field]: check({ ...values, [field]: value }, card, prescriptions)[field] }));
  };

  const send = (): void => {
    const uploadables: Record<string, File> = { insuranceCard: card! };
    prescriptions.forEach((file, i) => (uploadables[`prescriptions.${i}`] = file));
    commit({
      variables: {
        input: { ...personInput(values), pharmacyId: values.pharmacyId, pickupDate: values.pickupDate },
        insuranceCard: null,
        prescriptions: prescriptions.map(() => null),
      },
      uploadables,
      onCompleted: (response) => {
        const payload = response.requestPrescriptionPickup;
        if (payload.requestNumber) {
          setDone({ number: payload.requestNumber, date: payload.pickupDate ?? values.pickupDate });
          setValues(EMPTY);
          setCard(undefined);
          setPrescriptions([]);
          setFormKey((k) => k + 1);
          return;
        }
        const byField: Partial<Record<string, string>> = {};
        const other: string[] = [];
        for (const error of payload.errors) {
          const field = formFieldOf(error.field);
          if (field) byField[field] ??= error.message;
          else other.push(error.message);
        }
        setServerErrors(byField);
        setAlert(other);
        focusFieldIn(formRef.current, FIELDS.find((field) => byField[field]));
      },
      onError: () => setAlert([t('errors.generic')]),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = check(values, card, prescriptions);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = FIELDS.find((field) => found[field]);
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
        <p>{t('pickup.success', { number: done.number, date: new Date(`${done.date}T12:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'long' }) })}</p>
        <button type="button" className={styles.secondary} onClick={() => setDone(null)}>
          {t('another')}
        </button>
      </div>
    );
  }

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
            setProblems((old) => ({ ...old, [field]: files.length ? check(values, nextCard, nextPrescriptions)[field] : old[field] }));
          }}
        />
        <p id={hintId} className={styles.hint}>
          {t(field === 'insuranceCard' ? 'fields.fileHint' : 'fields.prescriptionsHint')}
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
      <form ref={formRef} key={formKey} className={styles.form} noValidate onSubmit={onSubmit} data-testid="prescription-pickup-form">
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
        <button className={styles.submit} type="submit" disabled={!hydrated || sending} aria-busy={sending || undefined}>
          {t('pickup.submit')}
        </button>
      </form>
    </>
  );
}
