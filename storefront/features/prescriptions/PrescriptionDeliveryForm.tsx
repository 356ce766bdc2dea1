import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { SelectField, TextField } from '../../forms/fields';
import { checkDelivery, COMMENT_MAX, DELIVERY_FIELDS, DELIVERY_FORM, deliveryInputOf, EMPTY_DELIVERY, prescriptionSentOf, type DeliveryValues } from './prescriptionForms';
import { FieldRow, ShopForm, useShopForm } from '../../forms/shopForm';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button } from '../../ui/Button';
import { PrescriptionNote, PrescriptionPerson, PrescriptionPostAddress, PrescriptionSent } from './PrescriptionFields';
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
  const form = useShopForm<DeliveryValues>({
    form: DELIVERY_FORM,
    empty: EMPTY_DELIVERY,
    fields: DELIVERY_FIELDS,
    check: checkDelivery,
    unavailable: t('errors.generic'),
    texts: 'prescription',
    maxima: { comment: COMMENT_MAX },
  });
  const [requestNumber, setRequestNumber] = useState<string | null>(() => prescriptionSentOf(urlParsed.search, 'delivery')?.number ?? null);
  const [run, sending] = useShopMutation<PrescriptionDeliveryFormMutation>(deliveryMutation);
  const pagePath = contentPagePath('medications', locale);
  const { values, change, messageOf } = form;

  const send = async (): Promise<void> => {
    const payload = (await run({ input: deliveryInputOf(values) }))?.requestPrescriptionDelivery;
    if (payload?.requestNumber) {
      setRequestNumber(payload.requestNumber);
      form.reset();
    } else form.refused(payload ? payload.errors : null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) void send();
  };

  if (requestNumber) {
    return (
      <PrescriptionSent kind="delivery" title={t('delivery.successTitle')} again={pagePath} onAgain={() => setRequestNumber(null)}>
        <p>{t('delivery.success', { number: requestNumber })}</p>
        <PrescriptionPostAddress />
      </PrescriptionSent>
    );
  }

  return (
    <ShopForm kit={form.kit} action={pagePath} onSubmit={onSubmit} data-testid="prescription-delivery-form">
      <PrescriptionPerson form={form} />
      <TextField field="street" label={t('fields.street')} value={values.street} onChange={change('street')} message={messageOf('street')} autoComplete="street-address" required maxLength={255} />
      <FieldRow>
        <TextField field="zipcode" label={t('fields.zipcode')} value={values.zipcode} onChange={change('zipcode')} message={messageOf('zipcode')} autoComplete="postal-code" inputMode="numeric" required maxLength={4} />
        <TextField field="city" label={t('fields.city')} value={values.city} onChange={change('city')} message={messageOf('city')} autoComplete="address-level2" required maxLength={255} />
      </FieldRow>
      <SelectField
        field="country"
        label={t('fields.country')}
        value={values.country}
        onChange={change('country')}
        options={[
          { value: 'CH', label: t('countries.CH') },
          { value: 'LI', label: t('countries.LI') },
        ]}
        message={messageOf('country')}
        required
        autoComplete="country"
      />
      <PrescriptionNote form={form} />
      <Button busy={sending}>{t('delivery.submit')}</Button>
    </ShopForm>
  );
}
