import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { telHref } from './pharmacyFormat';
import { usePharmacyFavourite } from './usePharmacyFavourite';
import type { PharmacyDetailView_pharmacy$key } from './__generated__/PharmacyDetailView_pharmacy.graphql';
import type { PharmacyDetailView_query$key } from './__generated__/PharmacyDetailView_query.graphql';
import { PharmacyFavouriteButton } from './PharmacyFavouriteButton';
import { PharmacyMap } from './PharmacyMap';
import { PharmacyOpenBadge } from './PharmacyOpenBadge';
import styles from './PharmacyFinder.module.css';

/** The pharmacy page: address, map, contact, opening hours with "open now", services, Click & Collect. */
export function PharmacyDetailView({ pharmacy: key, query: queryKey }: { pharmacy: PharmacyDetailView_pharmacy$key; query: PharmacyDetailView_query$key }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { locale } = usePageContext();
  const pharmacy = useFragment(
    graphql`
      fragment PharmacyDetailView_pharmacy on Pharmacy {
        pharmacyId
        name
        street
        zipcode
        city
        phone
        email
        latitude
        longitude
        openNow
        openingWeek {
          day
          name
          ranges
          today
        }
        services
        clickAndCollect
      }
    `,
    key,
  );
  const query = useFragment(
    graphql`
      fragment PharmacyDetailView_query on Query {
        pharmacyFinder(first: 1) {
          mapPharmacies {
            ...PharmacyMap_pharmacies
          }
        }
      }
    `,
    queryKey,
  );
  const favourite = usePharmacyFavourite();
  const highlighted = useMemo(() => new Set([pharmacy.pharmacyId]), [pharmacy.pharmacyId]);
  return (
    <div className={styles.detail}>
      <div className={styles.detailFacts}>
        <section aria-labelledby="pharmacy-address">
          <h2 id="pharmacy-address">{t('detail.address')}</h2>
          <p>{pharmacy.street}</p>
          <p>
            {pharmacy.zipcode} {pharmacy.city}
          </p>
        </section>
        <section aria-labelledby="pharmacy-contact">
          <h2 id="pharmacy-contact">{t('detail.contact')}</h2>
          {pharmacy.phone ? (
            <p>
              {t('contact.phone')}: <a href={telHref(pharmacy.phone)}>{pharmacy.phone}</a>
            </p>
          ) : null}
          {pharmacy.email ? (
            <p>
              {t('contact.email')}: <a href={`mailto:${pharmacy.email}`}>{pharmacy.email}</a>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="pharmacy-hours">
          <h2 id="pharmacy-hours">{t('detail.openingHours')}</h2>
          <p>
            <PharmacyOpenBadge openNow={pharmacy.openNow} />
          </p>
          <table className={styles.hoursTable}>
            <caption className={styles.visuallyHidden}>{t('detail.openingHoursOf', { name: pharmacy.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.weekday')}</th>
                <th scope="col">{t('detail.hours')}</th>
              </tr>
            </thead>
            <tbody>
              {pharmacy.openingWeek.map((day) => (
                <tr key={day.day} className={day.today ? styles.todayRow : undefined} aria-current={day.today ? 'date' : undefined}>
                  <th scope="row">
                    {day.name}
                    {day.today ? <span className={styles.visuallyHidden}> ({t('detail.today')})</span> : null}
                  </th>
                  <td>{day.ranges.length > 0 ? day.ranges.join(', ') : t('hours.closedDay')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {pharmacy.services.length > 0 ? (
          <section aria-labelledby="pharmacy-services">
            <h2 id="pharmacy-services">{t('services.title')}</h2>
            <ul className={styles.services}>
              {pharmacy.services.map((service) => (
                <li key={service}>{t(`services.${service}`, { defaultValue: service })}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="pharmacy-collect">
          <h2 id="pharmacy-collect">{t('clickAndCollect.title')}</h2>
          <p>{t(pharmacy.clickAndCollect ? 'clickAndCollect.yes' : 'clickAndCollect.no')}</p>
          {pharmacy.clickAndCollect ? (
            <PharmacyFavouriteButton
              pharmacyId={pharmacy.pharmacyId}
              name={pharmacy.name}
              isFavourite={favourite.favouriteId === pharmacy.pharmacyId}
              loggedIn={favourite.loggedIn}
              onChosen={favourite.setFavouriteId}
            />
          ) : null}
        </section>
        <p>
          <a className={styles.backLink} href={localizedPath('/pharmacy-map', locale)}>
            {t('detail.backToFinder')}
          </a>
        </p>
      </div>
      <div className={styles.mapColumn}>
        {query.pharmacyFinder ? (
          <PharmacyMap
            pharmacies={query.pharmacyFinder.mapPharmacies}
            highlighted={highlighted}
            label={t('map.labelOne', { name: pharmacy.name })}
          />
        ) : null}
      </div>
    </div>
  );
}
