import { useMemo } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { hasResettableFilters, useListingUrl, ProductListingView } from '../catalog';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { brandTexts } from '../../platform/i18n/pageTexts/brand';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import styles from './BrandPageView.module.css';
import type { BrandPageView_brand$key } from './__generated__/BrandPageView_brand.graphql';

interface BrandPageViewProps {
  brand: BrandPageView_brand$key;
  /** the catalogue's root category: "load more" reads its listing narrowed to the brand */
  catalogueCategoryId: string;
}

/**
 * /b/{slug}: the brand's heading, logo and intro, then its products with filters, sorting, page links and
 * "load more" (filters live in the URL, as on a category page). Breadcrumbs: Home › Brands › {brand}.
 */
export function BrandPageView({ brand, catalogueCategoryId }: BrandPageViewProps) {
  const { t } = usePageTexts('brand', brandTexts);
  const { t: tCatalog } = useTranslation('catalog');
  const locale = useShopperLocale();
  const { params } = useListingUrl();
  const data = useFragment(
    graphql`
      fragment BrandPageView_brand on Brand
      @argumentDefinitions(
        filters: { type: "ListingFilterInput" }
        sort: { type: "String" }
        page: { type: "Int" }
        limit: { type: "Int", defaultValue: 24 }
      ) {
        brandId
        name
        description
        website
        logo {
          url
          alt
        }
        listing(filters: $filters, sort: $sort, page: $page, limit: $limit) {
          total
          ...ProductListingView_listing
        }
      }
    `,
    brand,
  );
  const brandId = data.brandId;
  const source = useMemo(() => ({ categoryId: catalogueCategoryId, brandIds: [brandId] }), [catalogueCategoryId, brandId]);
  const crumbs = [
    { name: tCatalog('breadcrumb.home'), url: localizedPath('/', locale) },
    { name: t('title'), url: contentPagePath('brands', locale) },
    { name: data.name, url: null },
  ];
  const intro = data.description?.trim() || t('brandPage.intro', { brand: data.name });
  // a brand without products at all (not: filters that match nothing — the listing says that itself)
  const noProducts = data.listing.total === 0 && !hasResettableFilters(params.filters) && !params.filters.minRating && !params.filters.shippingFree;

  return (
    <div className={styles.page}>
      <Breadcrumbs items={crumbs} />
      <header className={styles.header}>
        {data.logo ? <img className={styles.logo} src={data.logo.url} alt={t('brandPage.logoAlt', { brand: data.name })} width={120} height={60} /> : null}
        <div className={styles.heading}>
          <h1 className={styles.title}>{data.name}</h1>
          <p className={styles.intro}>{intro}</p>
          {data.website ? (
            <p className={styles.website}>
              <a href={data.website} rel="noopener noreferrer external" target="_blank">
                {t('brandPage.website', { brand: data.name })}
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {noProducts ? (
        <p className={styles.empty} role="status">
          {t('noProductsBrand')}
        </p>
      ) : (
        <ProductListingView listing={data.listing} source={source} />
      )}
      <p className={styles.back}>
        <a href={contentPagePath('brands', locale)}>{t('allBrands')}</a>
      </p>
    </div>
  );
}
