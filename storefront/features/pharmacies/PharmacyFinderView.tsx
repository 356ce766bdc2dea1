import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { finderUrl, MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from './finderUrl';
import { usePharmacyFavourite } from './usePharmacyFavourite';
import type { PharmacyFinderView_finder$key } from './__generated__/PharmacyFinderView_finder.graphql';
import { PharmacyCard } from './PharmacyCard';
import { PharmacyMap } from './PharmacyMap';
import styles from './PharmacyFinder.module.css';

type GeoProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/**
 * The pharmacy finder: search by postal code or town, or "near me" with the browser's position; results
 * nearest first beside the offline map. The search lives in the URL (?search=8001, ?lat=…&lon=…), so a
 * reload, the back button and a shared link show the same results, rendered by the server.
 */
export function PharmacyFinderView({ finder: key, nearMe }: { finder: PharmacyFinderView_finder$key; nearMe: boolean }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { locale } = usePageContext();
  const finder = useFragment(
    graphql`
      fragment PharmacyFinderView_finder on PharmacyFinder {
        search
        placeFound
        latitude
        longitude
        place {
          zipcode
          city
        }
        pharmacies {
          pharmacyId
          ...PharmacyCard_pharmacy
        }
        mapPharmacies {
          ...PharmacyMap_pharmacies
        }
      }
    `,
    key,
  );
  const favourite = usePharmacyFavourite();
  const [search, setSearch] = useState(finder.search ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [geoProblem, setGeoProblem] = useState<GeoProblem | null>(null);
  const [locating, setLocating] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const base = localizedPath('/pharmacy-map', locale);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = search.trim();
    const found = text.length < MIN_SEARCH_LENGTH ? t('search.tooShort', { min: MIN_SEARCH_LENGTH }) : text.length > MAX_SEARCH_LENGTH ? t('search.tooLong', { max: MAX_SEARCH_LENGTH }) : null;
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    setGeoProblem(null);
    void navigate(finderUrl(base, { search: text }));
  };

  const locate = () => {
    setGeoProblem(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setGeoProblem('unsupported');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void navigate(finderUrl(base, { latitude: position.coords.latitude, longitude: position.coords.longitude }));
      },
      (error) => {
        setLocating(false);
        setGeoProblem(error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 10000, maximumAge: 300000 },
    );
  };

  const highlighted = useMemo(() => new Set(finder.pharmacies.map((p) => p.pharmacyId)), [finder.pharmacies]);
  const placeLabel = finder.place ? `${finder.place.zipcode} ${finder.place.city}` : null;
  const origin =
    finder.latitude != null && finder.longitude != null ? { latitude: finder.latitude, longitude: finder.longitude, label: placeLabel ?? t('map.yourPosition') } : null;
  const heading = !finder.placeFound
    ? t('results.noPlaceTitle')
    : placeLabel
      ? t('results.near', { place: placeLabel })
      : nearMe
        ? t('results.nearYou')
        : t('results.all');

  return (
    <div className={styles.finder}>
      <form className={styles.searchForm} role="search" aria-label={t('finder.title')} noValidate onSubmit={onSubmit} action={base} method="get">
        <label htmlFor={`${id}-search`} className={styles.label}>
          {t('search.label')}
        </label>
        <div className={styles.searchRow}>
          <input
            ref={inputRef}
            id={`${id}-search`}
            name="search"
            type="search"
            inputMode="search"
            autoComplete="postal-code"
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('search.placeholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem ${id}-hint` : `${id}-hint`}
            className={styles.input}
          />
          <button type="submit" className={styles.primaryButton}>
            {t('search.submit')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={locate} disabled={locating} aria-describedby={geoProblem ? `${id}-geo` : undefined}>
            {locating ? t('nearMe.locating') : t('nearMe.button')}
          </button>
        </div>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('search.hint')}
        </p>
        {problem ? (
          <p id={`${id}-problem`} className={styles.problem}>
            {problem}
          </p>
        ) : null}
        {geoProblem ? (
          <p id={`${id}-geo`} className={styles.problem} role="alert" data-testid="geo-problem">
            {t(`nearMe.${geoProblem}`)}
          </p>
        ) : null}
      </form>

      <div className={styles.layout}>
        <section className={styles.results} aria-labelledby={`${id}-results`} aria-live="polite">
          <h2 id={`${id}-results`} className={styles.resultsTitle}>
            {heading}
          </h2>
          {!finder.placeFound ? (
            <p className={styles.noPlace} role="status" data-testid="no-place">
              {t('results.noPlace', { search: finder.search ?? '' })}
            </p>
          ) : (
            <ol className={styles.resultList}>
              {finder.pharmacies.map((pharmacy) => (
                <li key={pharmacy.pharmacyId}>
                  <PharmacyCard pharmacy={pharmacy} favourite={favourite} />
                </li>
              ))}
            </ol>
          )}
        </section>
        <div className={styles.mapColumn}>
          <PharmacyMap pharmacies={finder.mapPharmacies} highlighted={highlighted} origin={origin} label={t('map.label')} />
        </div>
      </div>
    </div>
  );
}
