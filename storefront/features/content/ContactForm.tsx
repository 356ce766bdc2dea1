import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import {
  checkContact,
  CONTACT_COMMENT_MAX,
  CONTACT_FIELDS,
  CONTACT_SENT_PARAMETER,
  CONTACT_SENT_VALUE,
  CONTACT_SUBJECT_MAX,
  contactInputOf,
  EMPTY_CONTACT,
  type ContactValues,
} from './contactFormFields';
import { TextAreaField, TextField } from '../../forms/fields';
import { FieldRow, FormSent, ShopForm, useShopForm } from '../../forms/shopForm';
import { SERVICE_PAGES } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { ContactFormMutation } from './__generated__/ContactFormMutation.graphql';

const sendMutation = graphql`
  mutation ContactFormMutation($input: ContactFormInput!) {
    sendContactForm(input: $input) {
      sent
      errors {
        code
        message
        field
      }
    }
  }
`;

/**
 * The contact form of /s/kontakt (also a CMS form element's, under the editor's `title`) (Shopware's contact-form through the gateway's sendContactForm): checked
 * in the browser first (SPEC §5), the first wrong field gets the focus; the gateway's field errors are
 * shown beside their fields; after sending, a confirmation replaces the form. Without scripts the same form posts
 * to the page (server/formPosts.ts, ADR 0023): sent, the page comes back with `?contact=sent` and the confirmation;
 * refused, with the values and the messages beside the fields.
 */
export function ContactForm({ title = null }: { title?: string | null } = {}) {
  const { t } = usePageTexts('content', contentTexts);
  const { locale, urlParsed } = usePageContext();
  const form = useShopForm<ContactValues>({
    form: 'contact',
    empty: EMPTY_CONTACT,
    fields: CONTACT_FIELDS,
    check: checkContact,
    unavailable: t('contact.errors.generic'),
    maxima: { subject: CONTACT_SUBJECT_MAX, comment: CONTACT_COMMENT_MAX },
  });
  const [sent, setSent] = useState(urlParsed.search[CONTACT_SENT_PARAMETER] === CONTACT_SENT_VALUE);
  const [run, sending] = useShopMutation<ContactFormMutation>(sendMutation);
  const pagePath = localizedPath(SERVICE_PAGES.contact[locale], locale);
  const { values, change, messageOf } = form;

  const send = async (): Promise<void> => {
    const payload = (await run({ input: contactInputOf(values) }))?.sendContactForm;
    if (payload?.sent) {
      setSent(true);
      form.reset();
    } else form.refused(payload ? payload.errors : null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) void send();
  };

  if (sent) {
    return (
      <Card title={title ?? t('contact.title')}>
        <FormSent again={pagePath} againLabel={t('contact.another')} onAgain={() => setSent(false)}>
          <p>{t('contact.success')}</p>
        </FormSent>
      </Card>
    );
  }

  return (
    <Card title={title ?? t('contact.title')} intro={t('contact.intro')}>
      <ShopForm kit={form.kit} action={pagePath} onSubmit={onSubmit}>
        <FieldRow>
          <TextField field="firstName" label={t('contact.firstName')} value={values.firstName} onChange={change('firstName')} message={messageOf('firstName')} autoComplete="given-name" required maxLength={255} />
          <TextField field="lastName" label={t('contact.lastName')} value={values.lastName} onChange={change('lastName')} message={messageOf('lastName')} autoComplete="family-name" required maxLength={255} />
        </FieldRow>
        <FieldRow>
          <TextField field="email" type="email" label={t('contact.email')} value={values.email} onChange={change('email')} message={messageOf('email')} autoComplete="email" inputMode="email" required maxLength={254} />
          <TextField field="phone" type="tel" label={t('contact.phone')} value={values.phone} onChange={change('phone')} message={messageOf('phone')} autoComplete="tel" inputMode="tel" maxLength={40} />
        </FieldRow>
        <TextField field="subject" label={t('contact.subject')} value={values.subject} onChange={change('subject')} message={messageOf('subject')} required maxLength={CONTACT_SUBJECT_MAX} />
        <TextAreaField field="comment" label={t('contact.comment')} value={values.comment} onChange={change('comment')} message={messageOf('comment')} required maxLength={CONTACT_COMMENT_MAX} rows={6} />
        <Button busy={sending}>{t('contact.submit')}</Button>
      </ShopForm>
    </Card>
  );
}
