import { useTranslation } from '../platform/i18n/useTranslation';
import { DeliveryLogos } from './DeliveryLogos';
import { PaymentLogos } from './PaymentLogos';
import { SocialLinks } from './SocialLinks';
import styles from './Footer.module.css';

/** The footer's payment and delivery logos and social links: server HTML only (a ServerIsland of the footer). */
export function FooterBadges() {
  const { t } = useTranslation('shell');
  return (
    <>
      <div>
        <h2 className={styles.heading}>{t('footer.paymentTitle')}</h2>
        <PaymentLogos />
      </div>
      <div>
        <h2 className={styles.heading}>{t('footer.deliveryTitle')}</h2>
        <DeliveryLogos />
      </div>
      <div>
        <h2 className={styles.heading}>{t('footer.socialTitle')}</h2>
        <SocialLinks />
      </div>
    </>
  );
}
