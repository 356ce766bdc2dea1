import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { ACCOUNT_FORMS, NEWSLETTER_SETTING_FIELDS, accountFormsStyles as styles } from '../account';
import { CheckboxField } from '../../forms/fields';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import type { NewsletterSetting_customer$key } from './__generated__/NewsletterSetting_customer.graphql';
import type { NewsletterSettingSubscribeMutation } from './__generated__/NewsletterSettingSubscribeMutation.graphql';
import type { NewsletterSettingUnsubscribeMutation } from './__generated__/NewsletterSettingUnsubscribeMutation.graphql';
import { Button } from '../../ui/Button';
import { useNotifications } from '../../shell/Notifications';

type Status = 'SUBSCRIBED' | 'PENDING' | 'NOT_SUBSCRIBED';

const WANTED = NEWSLETTER_SETTING_FIELDS.wanted;

const STATUS_TEXT: Record<Status, string> = { SUBSCRIBED: 'newsletter.subscribed', PENDING: 'newsletter.pending', NOT_SUBSCRIBED: 'newsletter.notSubscribed' };

function knownStatus(value: string | null | undefined): Status {
  return value === 'SUBSCRIBED' || value === 'PENDING' ? value : 'NOT_SUBSCRIBED';
}

/**
 * The newsletter setting on /account/profile (SPEC §4 Newsletter): the logged-in customer subscribes
 * (double opt-in: PENDING until the mailed link is opened) or unsubscribes. Without scripts it is the subscribe or
 * the unsubscribe form, as the customer's status is when the page is drawn (server/forms/account.ts).
 */
export function NewsletterSetting({ customer: customerKey }: { customer: NewsletterSetting_customer$key }) {
  const { t } = useTranslation('account');
  const { notify } = useNotifications();
  const customer = useFragment(
    graphql`
      fragment NewsletterSetting_customer on Customer {
        email
        firstName
        lastName
        newsletterStatus
      }
    `,
    customerKey,
  );
  const { locale } = usePageContext();
  const [status, setStatus] = useState<Status>(() => knownStatus(customer.newsletterStatus));
  const form = status === 'NOT_SUBSCRIBED' ? ACCOUNT_FORMS.newsletterSubscribe : ACCOUNT_FORMS.newsletterUnsubscribe;
  // a refused post comes back here; a box ticked before hydration is kept
  const kit = useShopForm({ form, empty: { [WANTED]: status !== 'NOT_SUBSCRIBED' ? 'on' : '' }, fields: [], check: () => ({}), unavailable: t('errors.unavailable') });
  const wanted = kit.values[WANTED] !== '';
  const setWanted = (checked: boolean) => kit.setValues({ [WANTED]: checked ? 'on' : '' });
  const [subscribe, subscribing] = useShopMutation<NewsletterSettingSubscribeMutation>(graphql`
    mutation NewsletterSettingSubscribeMutation($input: SubscribeNewsletterInput!) {
      subscribeNewsletter(input: $input) {
        status
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [unsubscribe, unsubscribing] = useShopMutation<NewsletterSettingUnsubscribeMutation>(graphql`
    mutation NewsletterSettingUnsubscribeMutation($input: UnsubscribeNewsletterInput!) {
      unsubscribeNewsletter(input: $input) {
        status
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const sending = subscribing || unsubscribing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !kit.checked() || wanted === (status !== 'NOT_SUBSCRIBED')) return;
    const payload = wanted
      ? (await subscribe({ input: { email: customer.email, firstName: customer.firstName, lastName: customer.lastName } }))?.subscribeNewsletter
      : (await unsubscribe({ input: { email: customer.email } }))?.unsubscribeNewsletter;
    if (!payload || payload.errors.length > 0) return kit.refused(payload ? payload.errors : null);
    const next = payload.status ? knownStatus(payload.status) : wanted ? 'PENDING' : 'NOT_SUBSCRIBED';
    setStatus(next);
    setWanted(next !== 'NOT_SUBSCRIBED');
    notify({ type: 'success', message: t(next === 'NOT_SUBSCRIBED' ? 'newsletter.unsubscribedNotice' : next === 'PENDING' ? 'newsletter.subscribedNotice' : 'newsletter.subscribedDirect') });
  };

  return (
    <ShopForm kit={kit.kit} action={localizedPath('/account/profile', locale)} onSubmit={(event) => void submit(event)} labelledBy="newsletter-setting-title" data-testid="newsletter-setting">
      {/* what the subscription needs, as the enhanced form sends it */}
      <input type="hidden" name={NEWSLETTER_SETTING_FIELDS.email} value={customer.email} />
      <input type="hidden" name={NEWSLETTER_SETTING_FIELDS.firstName} value={customer.firstName} />
      <input type="hidden" name={NEWSLETTER_SETTING_FIELDS.lastName} value={customer.lastName} />
      <h2 id="newsletter-setting-title">{t('newsletter.title')}</h2>
      <p className={styles.intro} role="status">
        {t(STATUS_TEXT[status])}
      </p>
      <CheckboxField field={NEWSLETTER_SETTING_FIELDS.wanted} checked={wanted} onChange={setWanted}>
        {t('newsletter.label')}
      </CheckboxField>
      <Button busy={sending}>{t('newsletter.save')}</Button>
    </ShopForm>
  );
}
