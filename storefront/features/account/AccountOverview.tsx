import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import type { AccountOverview_customer$key } from './__generated__/AccountOverview_customer.graphql';
import { AddressView } from './AddressView';
import styles from './AccountForms.module.css';

/**
 * /account (SPEC §2): the overview with the customer's data and address cards (default billing and
 * shipping), the default payment method and the way to the orders. `confirmed`: the registration link
 * was just opened (success notice).
 */
export function AccountOverview({ customer: customerKey, confirmed }: { customer: AccountOverview_customer$key; confirmed: boolean }) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  const customer = useFragment(
    graphql`
      fragment AccountOverview_customer on Customer {
        firstName
        lastName
        email
        customerNumber
        defaultBillingAddress {
          ...AddressView_address
        }
        defaultShippingAddress {
          ...AddressView_address
        }
        defaultPaymentMethod {
          name
          description
        }
      }
    `,
    customerKey,
  );
  const name = `${customer.firstName} ${customer.lastName}`;
  const addressCard = (title: string, address: (typeof customer)['defaultBillingAddress'], testId: string) => (
    <li className={styles.card} data-testid={testId}>
      <h2>{title}</h2>
      {address ? <AddressView address={address} /> : <p>{t('overview.noAddress')}</p>}
      <a href={localizedPath('/account/address', locale)}>{t('overview.addressesEdit')}</a>
    </li>
  );
  return (
    <section className={styles.page} aria-labelledby="account-overview-title">
      <h1 id="account-overview-title">{t('overview.title')}</h1>
      {confirmed ? (
        <p className={styles.success} role="status" data-testid="registration-confirmed">
          {t('overview.confirmed')}
        </p>
      ) : null}
      <p>{t('overview.welcome', { name })}</p>
      <ul className={styles.cards}>
        <li className={styles.card} data-testid="overview-profile">
          <h2>{t('overview.profileTitle')}</h2>
          <p>
            {name}
            <br />
            {customer.email}
            <br />
            {t('overview.customerNumber', { number: customer.customerNumber })}
          </p>
          <a href={localizedPath('/account/profile', locale)}>{t('overview.profileEdit')}</a>
        </li>
        <li className={styles.card} data-testid="overview-payment">
          <h2>{t('overview.paymentTitle')}</h2>
          <p>{customer.defaultPaymentMethod?.name ?? t('overview.paymentNone')}</p>
          <a href={localizedPath('/account/payment', locale)}>{t('overview.paymentEdit')}</a>
        </li>
        {addressCard(t('overview.defaultBilling'), customer.defaultBillingAddress, 'overview-billing')}
        {addressCard(t('overview.defaultShipping'), customer.defaultShippingAddress, 'overview-shipping')}
      </ul>
      <p>
        <a href={localizedPath('/account/order', locale)}>{t('overview.ordersLink')}</a>
      </p>
    </section>
  );
}
