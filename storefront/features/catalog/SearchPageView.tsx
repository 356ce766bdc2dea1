import { useMemo } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductListingView } from './ProductListingView';
import { ProductSlider } from './ProductSlider';
import { SearchContentSlider } from './SearchContentSlider';
import styles from './SearchPageView.module.css';
import type { SearchPageView_query$key } from './__generated__/SearchPageView_query.graphql';

/**
 * The search page (/search?search=…, SPEC §2): breadcrumbs, the results with filters, sorting and
 * pages, and a content slider with the magazine articles and topics that match the term in the page's
 * language, and the shop's bestsellers. A search without results suggests the categories whose names come
 * closest to the term (typing slips forgiven). Pass `hasTerm: false` for an empty term: the
 * gateway refuses to search for nothing.
 */
export function SearchPageView({ query, term, withBreadcrumbs = true }: { query: SearchPageView_query$key; term: string; withBreadcrumbs?: boolean }) {
  const { t } = useTranslation('catalog');
  const locale = useShopperLocale();
  const data = useFragment(
    graphql`
      fragment SearchPageView_query on Query
      @argumentDefinitions(
        term: { type: "String!" }
        hasTerm: { type: "Boolean!", defaultValue: true }
        locale: { type: "Locale" }
        filters: { type: "ListingFilterInput" }
        sort: { type: "String" }
        page: { type: "Int" }
        limit: { type: "Int", defaultValue: 24 }
      ) {
        search(term: $term, filters: $filters, sort: $sort, page: $page, limit: $limit, locale: $locale) @include(if: $hasTerm) {
          total
          ...ProductListingView_listing
        }
        contentSearch(term: $term, locale: $locale, first: 12) @include(if: $hasTerm) {
          ...SearchContentSlider_articles
        }
        searchAlternatives(term: $term, locale: $locale) @include(if: $hasTerm) {
          categoryId
          name
          url
        }
        context {
          bestsellers: homeProductListing(sort: "topseller", limit: 12, locale: $locale) {
            nodes {
              id
              ...ProductCard_product
            }
          }
        }
      }
    `,
    query,
  );
  const trimmed = term.trim();
  const source = useMemo(() => ({ term: trimmed }), [trimmed]);
  const bestsellers = data.context.bestsellers.nodes;
  const alternatives = (data.searchAlternatives ?? []).filter((category) => category.url);
  const crumbs = [
    { name: t('breadcrumb.home'), url: localizedPath('/', locale) },
    { name: t('search.breadcrumb'), url: null },
  ];
  return (
    <div className={styles.page}>
      {withBreadcrumbs && <Breadcrumbs items={crumbs} />}
      <h1 className={styles.title}>{trimmed ? t('search.title', { term: trimmed }) : t('search.titleEmpty')}</h1>
      {!trimmed && <p>{t('search.enterTerm')}</p>}
      {data.search && data.search.total === 0 && (
        <p className={styles.noResults} role="status">
          {t('search.noResults', { term: trimmed })}
        </p>
      )}
      {data.search && data.search.total === 0 && alternatives.length > 0 && (
        <nav className={styles.alternatives} aria-label={t('search.alternatives')}>
          <h2 className={styles.alternativesTitle}>{t('search.alternatives')}</h2>
          <ul>
            {alternatives.map((category) => (
              <li key={category.categoryId}>
                <a href={category.url ?? undefined}>{category.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data.search && data.search.total > 0 && <ProductListingView listing={data.search} source={source} />}
      {data.contentSearch && data.contentSearch.length > 0 && <SearchContentSlider articles={data.contentSearch} />}
      <ProductSlider title={t('search.bestsellers')} products={bestsellers} />
    </div>
  );
}
