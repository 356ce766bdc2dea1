import { useMemo } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductListingView } from './ProductListingView';
import styles from './BestsellerPageView.module.css';
import type { BestsellerPageView_query$key } from './__generated__/BestsellerPageView_query.graphql';

/**
 * /t/bestseller: the whole catalogue (the root category's listing) by sales, with filters and pages.
 * The page query passes `listingParamsFromUrl(search)`, with `sort ?? "topseller"`.
 */
export function BestsellerPageView({ query, withBreadcrumbs = true }: { query: BestsellerPageView_query$key; withBreadcrumbs?: boolean }) {
  const { t } = useTranslation('catalog');
  const locale = useShopperLocale();
  const data = useFragment(
    graphql`
      fragment BestsellerPageView_query on Query
      @argumentDefinitions(
        locale: { type: "Locale" }
        filters: { type: "ListingFilterInput" }
        sort: { type: "String", defaultValue: "topseller" }
        page: { type: "Int" }
        limit: { type: "Int", defaultValue: 24 }
      ) {
        route(path: "/", locale: $locale) {
          ... on CategoryPage {
            category {
              categoryId
              productListing(filters: $filters, sort: $sort, page: $page, limit: $limit) {
                ...ProductListingView_listing
              }
            }
          }
        }
      }
    `,
    query,
  );
  const category = data.route.category;
  const categoryId = category?.categoryId;
  const source = useMemo(() => (categoryId ? { categoryId } : null), [categoryId]);
  const crumbs = [
    { name: t('breadcrumb.home'), url: localizedPath('/', locale) },
    { name: t('bestseller.title'), url: null },
  ];
  return (
    <div className={styles.page}>
      {withBreadcrumbs && <Breadcrumbs items={crumbs} />}
      <h1 className={styles.title}>{t('bestseller.title')}</h1>
      <p className={styles.intro}>{t('bestseller.intro')}</p>
      {category && <ProductListingView listing={category.productListing} source={source} />}
    </div>
  );
}
