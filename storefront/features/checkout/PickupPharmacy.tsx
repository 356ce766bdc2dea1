import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { PickupPharmacy_order$key } from './__generated__/PickupPharmacy_order.graphql';
import styles from './OrderPages.module.css';

/**
 * Where a Click & Collect order is picked up (issue 19 item 2): the pharmacy, its address, phone and opening hours, on
 * the success, paid and unpaid pages alike; nothing for a delivery.
 */
export function PickupPharmacy({ order: orderKey }: { order: PickupPharmacy_order$key }) {
  const { t } = useTranslation('checkout');
  const { pharmacy } = useFragment(
    graphql`
      fragment PickupPharmacy_order on Order {
        pharmacy {
          name
          street
          zipcode
          city
          phone
          openingHours
        }
      }
    `,
    orderKey,
  );
  if (!pharmacy) return null;
  return (
    <section className={styles.fact} data-testid="pickup-pharmacy">
      <h2>{t('paid.pickup')}</h2>
      <p>
        <strong>{pharmacy.name}</strong>
      </p>
      <p>{pharmacy.street}</p>
      <p>
        {pharmacy.zipcode} {pharmacy.city}
      </p>
      {pharmacy.phone ? <p>{pharmacy.phone}</p> : null}
      {pharmacy.openingHours.length > 0 ? <p>{pharmacy.openingHours.join(' · ')}</p> : null}
    </section>
  );
}
