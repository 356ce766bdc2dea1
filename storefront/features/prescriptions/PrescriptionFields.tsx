import type { ReactNode } from 'react';
import { TextAreaField, TextField } from '../../forms/fields';
import { COMMENT_MAX, type PersonValues } from './prescriptionForms';
import { FieldRow, FormSent } from '../../forms/shopForm';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import styles from './PrescriptionForms.module.css';

// What both prescription forms show alike besides the form kit's fields. Their checks and inputs are
// forms/prescriptionForms.ts (the server's form posts use them too).

/** Where to post the original prescription, and when the medicines arrive. */
export function PrescriptionPostAddress() {
  const { t } = usePageTexts('medication', medicationTexts);
  const lines = t('postAddress.lines', { returnObjects: true }) as unknown as string[];
  return (
    <div className={styles.address}>
      <p className={styles.addressTitle}>{t('postAddress.title')}</p>
      <address>
        {lines.map((line) => (
          <span key={line} className={styles.addressLine}>
            {line}
          </span>
        ))}
      </address>
      <p>{t('deliveryTime')}</p>
    </div>
  );
}

/** What the shared fields need of a prescription form's kit state (useShopForm). */
interface PersonForm {
  values: PersonValues;
  change: (field: keyof PersonValues) => (value: string) => void;
  messageOf: (field: string) => string | undefined;
}

/** The patient: names, e-mail and phone, birthday — the same in both forms. */
export function PrescriptionPerson({ form: { values, change, messageOf } }: { form: PersonForm }) {
  const { t } = usePageTexts('medication', medicationTexts);
  return (
    <>
      <FieldRow>
        <TextField field="firstName" label={t('fields.firstName')} value={values.firstName} onChange={change('firstName')} message={messageOf('firstName')} autoComplete="given-name" required maxLength={50} />
        <TextField field="lastName" label={t('fields.lastName')} value={values.lastName} onChange={change('lastName')} message={messageOf('lastName')} autoComplete="family-name" required maxLength={50} />
      </FieldRow>
      <FieldRow>
        <TextField field="email" type="email" label={t('fields.email')} value={values.email} onChange={change('email')} message={messageOf('email')} autoComplete="email" inputMode="email" required maxLength={254} />
        <TextField field="phone" type="tel" label={t('fields.phone')} value={values.phone} onChange={change('phone')} message={messageOf('phone')} autoComplete="tel" inputMode="tel" required maxLength={40} />
      </FieldRow>
      <TextField field="birthday" type="date" label={t('fields.birthday')} value={values.birthday} onChange={change('birthday')} message={messageOf('birthday')} autoComplete="bday" />
    </>
  );
}

/** The optional note. */
export function PrescriptionNote({ form: { values, change, messageOf } }: { form: PersonForm }) {
  const { t } = usePageTexts('medication', medicationTexts);
  return <TextAreaField field="comment" label={t('fields.comment')} value={values.comment} onChange={change('comment')} message={messageOf('comment')} maxLength={COMMENT_MAX} />;
}

/** A request's confirmation in place of its form. */
export function PrescriptionSent({ kind, title, again, onAgain, children }: { kind: 'delivery' | 'pickup'; title: string; again: string; onAgain: () => void; children: ReactNode }) {
  const { t } = usePageTexts('medication', medicationTexts);
  return (
    <FormSent again={again} againLabel={t('another')} onAgain={onAgain} data-testid={`prescription-${kind}-success`}>
      <h3 className={styles.successTitle}>{title}</h3>
      {children}
    </FormSent>
  );
}
