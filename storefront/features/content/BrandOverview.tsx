import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { brandTexts } from '../../platform/i18n/pageTexts/brand';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { localizedPath } from '../../platform/i18n/locales';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import styles from './BrandOverview.module.css';
import type { BrandOverview_query$key } from './__generated__/BrandOverview_query.graphql';

/** The letters of the A–Z navigation; names starting with anything else go under "0–9". */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const OTHER = '0-9';

/** The section a brand name belongs to: its first letter without accents (É → E, Ä → A), else "0-9". */
export function brandLetter(name: string): string {
  const first = name.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0).toUpperCase();
  return LETTERS.includes(first) ? first : OTHER;
}

function sectionId(letter: string): string {
  return `brands-${letter}`;
}

/**
 * The brands overview (SPEC §2 "Brands: overview A-Z"): a letter navigation (A–Z and 0–9; letters without
 * brands are not links) and one section per letter, each brand a link to its page /b/{slug}.
 */
export function BrandOverview({ query }: { query: BrandOverview_query$key }) {
  const { t } = usePageTexts('brand', brandTexts);
  const { t: tCatalog } = useTranslation('catalog');
  const { locale } = usePageContext();
  const data = useFragment(
    graphql`
      fragment BrandOverview_query on Query @argumentDefinitions(locale: { type: "Locale" }) {
        brands(locale: $locale) {
          id
          name
          url
          productCount
        }
      }
    `,
    query,
  );
  const brands = data.brands;
  const groups = new Map<string, NonNullable<typeof brands>[number][]>();
  for (const brand of brands ?? []) {
    const letter = brandLetter(brand.name);
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  const sections = [...LETTERS, OTHER].filter((letter) => groups.has(letter));
  const label = (letter: string) => (letter === OTHER ? t('digits') : letter);
  const crumbs = [
    { name: tCatalog('breadcrumb.home'), url: localizedPath('/', locale) },
    { name: t('title'), url: null },
  ];

  return (
    <div className={styles.page}>
      <Breadcrumbs items={crumbs} />
      <h1 className={styles.title}>{t('headline')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      {brands === null ? (
        <p className={styles.message} role="alert">
          {t('errorLoadingBrands')}
        </p>
      ) : sections.length === 0 ? (
        <p className={styles.message}>{t('noBrandsAvailable')}</p>
      ) : (
        <>
          <nav className={styles.letters} aria-label={t('letterNav')}>
            <ul className={styles.letterList}>
              {[...LETTERS, OTHER].map((letter) => (
                <li key={letter}>
                  {groups.has(letter) ? (
                    <a className={styles.letter} href={`#${sectionId(letter)}`}>
                      {label(letter)}
                    </a>
                  ) : (
                    <span className={`${styles.letter} ${styles.letterEmpty}`} title={t('noBrandsForLetter', { letter: label(letter) })}>
                      {label(letter)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {sections.map((letter) => (
            <section key={letter} className={styles.section} aria-labelledby={sectionId(letter)}>
              <h2 id={sectionId(letter)} className={styles.sectionTitle} tabIndex={-1}>
                {label(letter)}
              </h2>
              <ul className={styles.brandList}>
                {groups.get(letter)!.map((brand) => (
                  <li key={brand.id}>
                    <a className={styles.brand} href={brand.url}>
                      <span className={styles.brandName}>{brand.name}</span>
                      <span className={styles.count}>{t('productCount', { count: brand.productCount })}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
