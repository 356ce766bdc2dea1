import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { formatKm, telHref } from './pharmacyFormat';
import type { PharmacyFavourite } from './usePharmacyFavourite';
import type { PharmacyCard_pharmacy$key } from './__generated__/PharmacyCard_pharmacy.graphql';
import { PharmacyFavouriteButton } from './PharmacyFavouriteButton';
import { PharmacyOpenBadge } from './PharmacyOpenBadge';
import styles from './PharmacyFinder.module.css';

/** One finder result: address, phone, distance, open now, today's hours, services, its page, "choose". */
export function PharmacyCard({ pharmacy: key, favourite }: { pharmacy: PharmacyCard_pharmacy$key; favourite: PharmacyFavourite }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { locale } = usePageContext();
  const pharmacy = useFragment(
    graphql`
      fragment PharmacyCard_pharmacy on Pharmacy {
        pharmacyId
        name
        street
        zipcode
        city
        phone
        distance
        openNow
        openingHoursToday
        services
        clickAndCollect
        path
      }
    `,
    key,
  );
  const titleId = `pharmacy-${pharmacy.pharmacyId}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="pharmacy-result" data-pharmacy-id={pharmacy.pharmacyId}>
      <header className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          <a href={localizedPath(pharmacy.path, locale)}>{pharmacy.name}</a>
        </h3>
        {pharmacy.distance != null ? (
          <span className={styles.distance} data-testid="pharmacy-distance" data-km={pharmacy.distance}>
            {formatKm(pharmacy.distance, locale)}
          </span>
        ) : null}
      </header>
      <p className={styles.address}>
        {pharmacy.street}, {pharmacy.zipcode} {pharmacy.city}
      </p>
      <p className={styles.status}>
        <PharmacyOpenBadge openNow={pharmacy.openNow} />{' '}
        <span>
          {pharmacy.openingHoursToday.length > 0 ? t('hours.today', { hours: pharmacy.openingHoursToday.join(', ') }) : t('hours.closedToday')}
        </span>
      </p>
      {pharmacy.phone ? (
        <p>
          {t('contact.phone')}: <a href={telHref(pharmacy.phone)}>{pharmacy.phone}</a>
        </p>
      ) : null}
      {pharmacy.services.length > 0 ? (
        <ul className={styles.services} aria-label={t('services.title')}>
          {pharmacy.services.map((service) => (
            <li key={service}>{t(`services.${service}`, { defaultValue: service })}</li>
          ))}
          {pharmacy.clickAndCollect ? <li>{t('clickAndCollect.short')}</li> : null}
        </ul>
      ) : null}
      <div className={styles.cardActions}>
        <a className={styles.detailLink} href={localizedPath(pharmacy.path, locale)}>
          {t('result.details')}
          <span className={styles.visuallyHidden}>: {pharmacy.name}</span>
        </a>
        {pharmacy.clickAndCollect ? (
          <PharmacyFavouriteButton
            pharmacyId={pharmacy.pharmacyId}
            name={pharmacy.name}
            isFavourite={favourite.favouriteId === pharmacy.pharmacyId}
            loggedIn={favourite.loggedIn}
            onChosen={favourite.setFavouriteId}
          />
        ) : null}
      </div>
    </article>
  );
}
