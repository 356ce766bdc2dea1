import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { SelectField, TextField, useFieldControl } from '../../forms/fields';
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
} from './prescriptionForms';
import { refusalShown } from '../../forms/refusalShown';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { formatShopDate } from '../../platform/i18n/dates';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button } from '../../ui/Button';
import { Field, fieldControlClass } from '../../ui/Field';
import { PrescriptionNote, PrescriptionPerson, PrescriptionSent } from './PrescriptionFields';
import styles from './PrescriptionForms.module.css';
import type { PrescriptionPickupFormMutation } from './__generated__/PrescriptionPickupFormMutation.graphql';
import type { PrescriptionPickupForm_query$key } from './__generated__/PrescriptionPickupForm_query.graphql';

/** The gateway names the files by their variables; the form by its fields. */
function pickupRefusal(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return refusalShown(pickupErrorsByInput(errors), PICKUP_FIELDS, unavailable);
}

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
  const [card, setCard] = useState<File | undefined>();
  const [prescriptions, setPrescriptions] = useState<File[]>([]);
  const form = useShopForm<PickupValues>({
    form: PICKUP_FORM,
    empty: EMPTY_PICKUP,
    fields: PICKUP_FIELDS,
    check: (values) => checkPickup(values, card, prescriptions),
    unavailable: t('errors.generic'),
    sortRefusal: pickupRefusal,
    texts: 'prescription',
    maxima: { comment: COMMENT_MAX },
  });
  const [done, setDone] = useState<{ number: string; date: string } | null>(() => prescriptionSentOf(urlParsed.search, 'pickup'));
  const [formKey, setFormKey] = useState(0);
  const [commit, sending] = useMutation<PrescriptionPickupFormMutation>(pickupMutation);
  const pagePath = contentPagePath('medications', locale);
  const { values, change, messageOf, kit } = form;
  // Files chosen before the page's scripts arrived stay in their inputs (React leaves file inputs alone): take them.
  useEffect(() => {
    const chosenIn = (name: string): File[] => {
      const input = kit.formRef.current?.elements.namedItem(name);
      return input instanceof HTMLInputElement ? Array.from(input.files ?? []) : [];
    };
    const [chosenCard] = chosenIn('insuranceCard');
    const chosenPrescriptions = chosenIn('prescriptions');
    if (chosenCard) setCard(chosenCard);
    if (chosenPrescriptions.length > 0) setPrescriptions(chosenPrescriptions);
  }, [kit.formRef]);
  const bounds = useMemo(() => pickupDateBounds(), []);
  const pharmacies = useMemo(() => [...data.pharmacies].sort((a, b) => a.city.localeCompare(b.city) || a.name.localeCompare(b.name)), [data.pharmacies]);

  const send = (): void => {
    commit({
      variables: { input: pickupInputOf(values), insuranceCard: null, prescriptions: prescriptions.map(() => null) },
      uploadables: pickupUploadsOf(card!, prescriptions),
      onCompleted: (response) => {
        const payload = response.requestPrescriptionPickup;
        if (!payload.requestNumber) return form.refused(payload.errors);
        setDone({ number: payload.requestNumber, date: payload.pickupDate ?? values.pickupDate });
        form.reset();
        setCard(undefined);
        setPrescriptions([]);
        setFormKey((k) => k + 1);
      },
      onError: () => form.refused(null),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) send();
  };

  if (done) {
    return (
      <PrescriptionSent kind="pickup" title={t('pickup.successTitle')} again={pagePath} onAgain={() => setDone(null)}>
        <p>{t('pickup.success', { number: done.number, date: formatShopDate(`${done.date}T12:00:00Z`, locale, 'long') })}</p>
      </PrescriptionSent>
    );
  }

  const chooseAgain = form.posted !== null;
  // a message once shown follows the choice; an emptied choice keeps it
  const chose = (field: 'insuranceCard' | 'prescriptions') => (files: File[]) => {
    const nextCard = field === 'insuranceCard' ? files[0] : card;
    const nextPrescriptions = field === 'prescriptions' ? files : prescriptions;
    setCard(nextCard);
    setPrescriptions(nextPrescriptions);
    form.rechecked(field, files.length ? checkPickup(values, nextCard, nextPrescriptions)[field] : form.problemOf(field));
  };

  return (
    <ShopForm key={formKey} kit={kit} action={pagePath} onSubmit={onSubmit} withFiles data-testid="prescription-pickup-form">
      <PrescriptionPerson form={form} />
      <SelectField
        field="pharmacyId"
        label={t('fields.pharmacy')}
        value={values.pharmacyId}
        onChange={change('pharmacyId')}
        options={pharmacies.map((p) => ({ value: p.pharmacyId, label: `${p.name}, ${p.zipcode} ${p.city}` }))}
        message={messageOf('pharmacyId')}
        placeholder={t('fields.pharmacyPlaceholder')}
        required
      />
      <TextField
        field="pickupDate"
        type="date"
        label={t('fields.pickupDate')}
        value={values.pickupDate}
        onChange={change('pickupDate')}
        message={messageOf('pickupDate')}
        hint={t('fields.pickupDateHint')}
        min={bounds.min}
        max={bounds.max}
        required
      />
      <FileField field="insuranceCard" label={t('fields.insuranceCard')} hint={t('fields.fileHint')} chosen={card ? [card] : []} onChoose={chose('insuranceCard')} message={messageOf('insuranceCard')} chooseAgain={chooseAgain} />
      <FileField field="prescriptions" label={t('fields.prescriptions')} hint={t('fields.prescriptionsHint')} chosen={prescriptions} onChoose={chose('prescriptions')} message={messageOf('prescriptions')} chooseAgain={chooseAgain} multiple />
      <PrescriptionNote form={form} />
      <Button busy={sending}>{t('pickup.submit')}</Button>
    </ShopForm>
  );
}

interface FileFieldProps {
  field: 'insuranceCard' | 'prescriptions';
  label: string;
  hint: string;
  chosen: readonly File[];
  onChoose: (files: File[]) => void;
  message: string | undefined;
  /** after a refused post without scripts: its files are not kept, browsers never refill a file input */
  chooseAgain: boolean;
  multiple?: boolean;
}

/** A file input (PDF or PNG) with its hint, the names of several files chosen, and its message. */
function FileField({ field, label, hint: text, chosen, onChoose, message, chooseAgain, multiple = false }: FileFieldProps) {
  const { t } = usePageTexts('medication', medicationTexts);
  const hint = chooseAgain && chosen.length === 0 ? `${text} ${t('fields.chooseAgain')}` : text;
  const control = useFieldControl(field, message, hint);
  return (
    <Field id={control.id} label={label} required hint={hint} message={message}>
      <input {...control} className={fieldControlClass} type="file" accept={FILE_ACCEPT} multiple={multiple} required onChange={(event) => onChoose(Array.from(event.target.files ?? []))} />
      {chosen.length > 1 ? (
        <ul className={styles.fileList}>
          {chosen.map((file, i) => (
            <li key={`${file.name}-${i}`}>{file.name}</li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
