import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { formatDeliveryDate } from '../cart/cartTexts';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { ExpectedDeliveryNote_cart$key } from './__generated__/ExpectedDeliveryNote_cart.graphql';
import styles from './ExpectedDeliveryNote.module.css';

/**
 * When the order arrives (SPEC §9, computed by the Store API): dispatch today before 16:00 and the next
 * working day, Click & Collect per pharmacy, prescription items 2–3 days, downloads at once. A pickup is never
 * described as a delivery: ready from its first day, and the original prescription to bring (the pharmacy itself is
 * the cart's pharmacy box).
 */
export function ExpectedDeliveryNote({ cart }: { cart: ExpectedDeliveryNote_cart$key }) {
  const data = useFragment(
    graphql`
      fragment ExpectedDeliveryNote_cart on Cart {
        fulfilment
        expectedDelivery {
          kind
          dispatchDay
          earliest
          latest
        }
        lineItems {
          prescriptionRequired
        }
      }
    `,
    cart,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const delivery = data.expectedDelivery;
  const collect = data.fulfilment === 'CLICK_AND_COLLECT';
  if (!delivery && !collect) return null;
  const earliest = delivery ? formatDeliveryDate(delivery.earliest, locale) : '';
  const latest = delivery ? formatDeliveryDate(delivery.latest, locale) : '';
  const dates = delivery && delivery.earliest !== delivery.latest ? t('delivery.between', { earliest, latest }) : earliest;
  // A pickup is never described as a delivery: ready from its first day at the pharmacy, with the prescription.
  const prescription = data.lineItems.some((line) => line.prescriptionRequired);

  return (
    <div className={styles.note} data-testid="expected-delivery">
      <h2 className={styles.title}>{collect ? t('delivery.collectTitle') : t('delivery.title')}</h2>
      {delivery && collect && <p>{t('delivery.collect', { date: earliest })}</p>}
      {delivery?.kind === 'DISPATCH' && !collect && (
        <p>
          {delivery.dispatchDay && delivery.dispatchDay !== '%future added value' && <>{t(`delivery.dispatch.${delivery.dispatchDay}`)} · </>}
          {t('delivery.arrives', { dates })}
        </p>
      )}
      {delivery?.kind === 'PRESCRIPTION' && !collect && <p>{t('delivery.prescription', { dates })}</p>}
      {delivery?.kind === 'DOWNLOAD' && <p>{t('delivery.download')}</p>}
      {collect && prescription && <p data-testid="bring-prescription">{t('delivery.bringPrescription')}</p>}
    </div>
  );
}
