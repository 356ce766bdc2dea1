import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../i18n/locales';
import { pharmacyTexts } from '../i18n/pageTexts/pharmacy';
import { usePageTexts } from '../i18n/pageTexts';
import { COUNTRY_OUTLINE, LIECHTENSTEIN_BORDER, MAP_HEIGHT, MAP_WIDTH, onMap, project, svgPath } from '../pharmacy/mapProjection';
import type { PharmacyMap_pharmacies$key } from './__generated__/PharmacyMap_pharmacies.graphql';
import styles from './PharmacyMap.module.css';

interface PharmacyMapProps {
  pharmacies: PharmacyMap_pharmacies$key;
  /** pharmacies drawn larger and in the accent colour (the search results, or the page's pharmacy) */
  highlighted?: ReadonlySet<string>;
  /** the searched place or the shopper's position, marked with a cross */
  origin?: { latitude: number; longitude: number; label: string } | null;
  /** a short description for screen readers */
  label: string;
}

/**
 * The offline pharmacy map (no tile server, no request): the country outline and one dot per pharmacy, each a
 * link to its page with the name as its accessible name, reachable with the keyboard.
 */
export function PharmacyMap({ pharmacies: key, highlighted, origin, label }: PharmacyMapProps) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { locale } = usePageContext();
  const pharmacies = useFragment(
    graphql`
      fragment PharmacyMap_pharmacies on Pharmacy @relay(plural: true) {
        pharmacyId
        name
        city
        path
        latitude
        longitude
      }
    `,
    key,
  );
  const outline = useMemo(() => svgPath(COUNTRY_OUTLINE), []);
  const liechtenstein = useMemo(() => svgPath(LIECHTENSTEIN_BORDER, false), []);
  // highlighted dots last, so they are drawn on top and come after the others when tabbing
  const dots = pharmacies
    .filter((p) => p.latitude != null && p.longitude != null && onMap(p.longitude, p.latitude))
    .map((p) => ({ ...p, ...project(p.longitude!, p.latitude!), lit: highlighted?.has(p.pharmacyId) ?? false }))
    .sort((a, b) => Number(a.lit) - Number(b.lit));
  const mark = origin && onMap(origin.longitude, origin.latitude) ? project(origin.longitude, origin.latitude) : null;
  return (
    <figure className={styles.figure}>
      <svg className={styles.map} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-label={label} data-testid="pharmacy-map">
        <path className={styles.country} d={outline} />
        <path className={styles.border} d={liechtenstein} />
        {dots.map((dot) => (
          <a key={dot.pharmacyId} href={localizedPath(dot.path, locale)} className={dot.lit ? styles.lit : styles.dot} aria-label={`${dot.name}, ${dot.city}`} data-pharmacy-id={dot.pharmacyId}>
            <title>{`${dot.name}, ${dot.city}`}</title>
            <circle cx={dot.x} cy={dot.y} r={dot.lit ? 7 : 4.5} />
          </a>
        ))}
        {mark && origin ? (
          <g className={styles.origin} aria-label={origin.label} role="img" data-testid="pharmacy-map-origin">
            <title>{origin.label}</title>
            <circle cx={mark.x} cy={mark.y} r={9} />
            <path d={`M${mark.x - 6} ${mark.y} H${mark.x + 6} M${mark.x} ${mark.y - 6} V${mark.y + 6}`} />
          </g>
        ) : null}
      </svg>
      <figcaption className={styles.caption}>
        <span className={styles.legendDot} aria-hidden="true" /> {t('map.legendPharmacy')}
        {highlighted && highlighted.size > 0 ? (
          <>
            {' '}
            <span className={styles.legendLit} aria-hidden="true" /> {t('map.legendResult')}
          </>
        ) : null}
        {mark ? (
          <>
            {' '}
            <span className={styles.legendOrigin} aria-hidden="true">+</span> {origin!.label}
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
